/**
 * The tree's nodes as a persistent map: the nodes are spread over fixed buckets, and a change copies the bucket
 * array and the buckets it touches, never the whole tree. Deciders are pure, so evolve may not change the state it
 * is given; copying a 10,000-node Map on every event would make folding a long stream quadratic.
 */
const BUCKETS = 64;

export interface NodeMap<V> {
  readonly buckets: readonly ReadonlyMap<number, V>[];
  readonly size: number;
}

const bucketOf = (id: number) => id % BUCKETS;

export const emptyNodeMap = <V>(): NodeMap<V> => ({
  buckets: Array.from({ length: BUCKETS }, () => new Map<number, V>()),
  size: 0,
});

export const getNode = <V>(map: NodeMap<V>, id: number): V | undefined => map.buckets[bucketOf(id)]!.get(id);

export function* nodesOf<V>(map: NodeMap<V>): Generator<V> {
  for (const bucket of map.buckets) yield* bucket.values();
}

/** A new map with `put` set and `remove` deleted; buckets nobody touched are shared with the old one. */
export function changeNodes<V>(map: NodeMap<V>, put: Iterable<[number, V]>, remove: Iterable<number> = []): NodeMap<V> {
  const buckets = [...map.buckets];
  const copied = new Set<number>();
  let size = map.size;
  const writable = (id: number) => {
    const index = bucketOf(id);
    if (!copied.has(index)) {
      buckets[index] = new Map(buckets[index]);
      copied.add(index);
    }
    return buckets[index] as Map<number, V>;
  };
  for (const [id, value] of put) {
    const bucket = writable(id);
    if (!bucket.has(id)) size += 1;
    bucket.set(id, value);
  }
  for (const id of remove) {
    if (writable(id).delete(id)) size -= 1;
  }
  return { buckets, size };
}
