import { Query } from 'mingo';
import { update as applyUpdate } from 'mingo/updater';
import type { CheckpointStore } from '../eventStore/types.js';
import { compareValues, isPrimitive, OrderedIndex } from './memoryIndex.js';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, ReadStore, Update } from './types.js';

/**
 * A copy of a document: plain objects and arrays (what read models hold) copied by hand, which costs a fraction of
 * `structuredClone`; anything else (a Date, a typed array) through `structuredClone`. An object is copied by a spread
 * (V8's fast path: a task document in about a quarter of the time of a copy key by key), then its nested objects.
 */
function clone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in copy) {
    const inner = copy[key];
    if (typeof inner === 'object' && inner !== null) copy[key] = clone(inner);
  }
  return copy as T;
}

/**
 * Whether stored documents are deep-frozen: under vitest (and with PMBOK_FREEZE_READ_MODELS=1), so that a caller that
 * changes a document `view`/`viewOne` handed out fails its tests instead of changing the store. In production the
 * store hands out its own documents unfrozen: freezing each stored copy cost more than the copy it saves
 * (V8 leaves its fast paths for frozen objects made by a spread, and for spreads of them).
 */
const freezing = process.env.PMBOK_FREEZE_READ_MODELS === '1' || process.env.VITEST !== undefined;

/** Plain objects and arrays only: a typed array cannot be frozen, and a Date stays changeable when frozen anyway. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** Sorts by top-level fields of primitive values in plain JavaScript; undefined when mingo must do it. */
function sortPlainly<T extends Doc>(docs: T[], sort: Record<string, 1 | -1>): T[] | undefined {
  const fields = Object.entries(sort);
  if (fields.some(([field]) => field.includes('.'))) return undefined;
  let plain = true;
  const sorted = [...docs].sort((x, y) => {
    for (const [field, direction] of fields) {
      const order = compareValues(x[field], y[field]);
      if (order === undefined) {
        plain = false;
        return 0;
      }
      if (order !== 0) return order * direction;
    }
    return 0;
  });
  return plain ? sorted : undefined;
}

/** The primitive values a dotted path reaches, through arrays on the way and at its end (MongoDB's multikey rule). */
function primitivesAt(doc: unknown, path: string): unknown[] {
  let level: unknown[] = [doc];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const value of level) {
      const inner = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
      if (Array.isArray(inner)) next.push(...inner);
      else if (inner !== undefined) next.push(inner);
    }
    level = next.flatMap((value) => (Array.isArray(value) ? value : [value]));
  }
  return level.filter(isPrimitive);
}

/** Whether a dotted path reaches an array on its way or at its end (MongoDB then matches an equality multikey). */
function reachesArray(doc: unknown, path: string): boolean {
  let value = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) return true;
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  return Array.isArray(value);
}

/** The ids of `{ $in: [...] }` when they are all strings (ids of read models are). */
function idsIn(condition: unknown): string[] | undefined {
  if (typeof condition !== 'object' || condition === null) return undefined;
  const keys = Object.keys(condition);
  const list = (condition as { $in?: unknown }).$in;
  if (keys.length !== 1 || !Array.isArray(list) || !list.every((id) => typeof id === 'string')) return undefined;
  return list;
}

/**
 * MongoDB's equality of a primitive with the value at a dotted path: an array on the way is searched element by
 * element (`members.userId` matches when any member has it), and an array at the end matches when it contains the
 * value. Arrays directly inside arrays are not entered, as in MongoDB.
 */
function pathEquals(value: unknown, parts: string[], at: number, expected: unknown): boolean {
  if (at === parts.length) return value === expected || (Array.isArray(value) && value.includes(expected));
  if (Array.isArray(value))
    return value.some((item) => isPlainObject(item) && pathEquals(item[parts[at]!], parts, at + 1, expected));
  return isPlainObject(value) && pathEquals(value[parts[at]!], parts, at + 1, expected);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A filter as a test of one document. Equalities with a string, number or boolean on plain paths (top-level or
 * dotted, no numeric array positions) are compared directly: building a mingo Query copies mingo's whole operator
 * table, which cost more than the rest of a `team.listMyTeams` call. Everything else goes through mingo.
 */
function testerOf(filter: Filter): (doc: Doc) => boolean {
  const keys = Object.keys(filter);
  if (keys.length === 0) return () => true;
  const plain = (key: string) => !key.startsWith('$') && key.split('.').every((part) => part && !/^\d+$/.test(part));
  if (keys.every((key) => plain(key) && isPrimitive(filter[key]))) {
    const tests = keys.map((key) => ({ parts: key.split('.'), expected: filter[key] }));
    return (doc) => tests.every(({ parts, expected }) => pathEquals(doc, parts, 0, expected));
  }
  const query = new Query(filter, {});
  return (doc) => query.test(doc);
}

class MemoryCollection<T extends Doc> implements Collection<T> {
  private readonly docs = new Map<string, T>();
  /** Per unique index: the indexed values (as JSON) → the _id holding them. */
  private readonly unique: { fields: string[]; owners: Map<string, string> }[];
  /**
   * Per index: its first field's value (a string, number or boolean) → the documents with it, by _id. A path through arrays
   * (`members.userId`) or a field holding an array is multikey, as in MongoDB: a document is filed under each value.
   * The index holds the documents themselves: a scan of 10,000 candidates then costs no `docs.get` per _id, whose
   * time depends on where V8 happened to allocate the _id strings (ids made by `String(number)` go straight to
   * old space, scattered, and made such a scan ~5× slower: issue 14).
   */
  private readonly byField = new Map<string, Map<unknown, Map<string, T>>>();
  /** Per indexed field: how many documents reach an array on its path (their buckets then need mingo's equality). */
  private readonly throughArrays = new Map<string, number>();
  /** Every declared index also in order, for pages in index order and counts of equalities (memoryIndex.ts). */
  private readonly ordered: OrderedIndex<T>[];

  constructor(
    indexes: IndexSpec[],
    /** Counts the documents a query looks at (a test shows a page costs a page). */
    private readonly examine: (count: number) => void,
  ) {
    this.ordered = indexes.map((index) => new OrderedIndex<T>(index));
    this.unique = indexes
      .filter((index) => index.unique)
      .map((index) => ({ fields: Object.keys(index.fields), owners: new Map() }));
    for (const index of indexes) {
      const first = Object.keys(index.fields)[0];
      if (first) this.byField.set(first, new Map());
      if (first) this.throughArrays.set(first, 0);
    }
  }

  private indexFields(doc: T, add: boolean): void {
    for (const [field, values] of this.byField) this.fileUnder(field, values, doc, add);
  }

  private fileUnder(field: string, values: Map<unknown, Map<string, T>>, doc: T, add: boolean): void {
    if (reachesArray(doc, field)) this.throughArrays.set(field, this.throughArrays.get(field)! + (add ? 1 : -1));
    for (const value of primitivesAt(doc, field)) {
      let docs = values.get(value);
      if (add) {
        if (!docs) {
          docs = new Map();
          values.set(value, docs);
        }
        docs.set(doc._id, doc);
      } else {
        docs?.delete(doc._id);
        if (docs?.size === 0) values.delete(value);
      }
    }
  }

  /**
   * `doc` filed in place of `previous` by the first fields of the indexes: a top-level field whose value did not
   * change only swaps the document in its bucket (a projection's update changes few of them).
   */
  private refileFields(previous: T, doc: T): void {
    for (const [field, values] of this.byField) {
      const value = doc[field];
      const bucket = isPrimitive(value) && previous[field] === value ? values.get(value) : undefined;
      if (bucket && !field.includes('.')) {
        bucket.set(doc._id, doc);
        continue;
      }
      this.fileUnder(field, values, previous, false);
      this.fileUnder(field, values, doc, true);
    }
  }

  private static keyOf(doc: Doc, fields: string[]): string | undefined {
    const values = fields.map((field) => doc[field]);
    return values.some((value) => value === undefined || value === null) ? undefined : JSON.stringify(values);
  }

  private unindex(doc: T): void {
    this.indexFields(doc, false);
    this.unindexUnique(doc);
  }

  private unindexUnique(doc: T): void {
    for (const { fields, owners } of this.unique) {
      const key = MemoryCollection.keyOf(doc, fields);
      if (key !== undefined && owners.get(key) === doc._id) owners.delete(key);
    }
  }

  private remove(doc: T): void {
    this.unindex(doc);
    for (const index of this.ordered) index.remove(doc);
    this.docs.delete(doc._id);
  }

  /** Equality on `_id` or on a unique index is a map lookup; anything else scans with mingo. */
  private matching(filter: Filter): T[] {
    const keys = Object.keys(filter);
    const primitive = keys.every((key) => isPrimitive(filter[key]));
    if (primitive && keys.length === 1 && keys[0] === '_id') {
      const doc = this.docs.get(filter._id as string);
      return doc ? [doc] : [];
    }
    const ids = keys.length === 1 && keys[0] === '_id' ? idsIn(filter._id) : undefined;
    if (ids) return [...new Set(ids)].flatMap((id) => this.docs.get(id) ?? []);
    const index =
      primitive && this.unique.find(({ fields }) => fields.length === keys.length && fields.every((f) => f in filter));
    if (index) {
      const owner = index.owners.get(MemoryCollection.keyOf(filter as Doc, index.fields) ?? '');
      const doc = owner === undefined ? undefined : this.docs.get(owner);
      return doc ? [doc] : [];
    }
    // An equality on an indexed field narrows the scan to the documents with that value.
    const narrowing = keys.find((key) => this.byField.has(key) && isPrimitive(filter[key]));
    const candidates = narrowing ? (this.bucket(narrowing, filter[narrowing])?.values() ?? []) : this.docs.values();
    const test = testerOf(filter);
    const matched: T[] = [];
    let examined = 0;
    for (const doc of candidates) {
      examined += 1;
      if (test(doc)) matched.push(doc);
    }
    this.examine(examined);
    return matched;
  }

  private bucket(field: string, value: unknown): Map<string, T> | undefined {
    return this.byField.get(field)?.get(value);
  }

  /**
   * A page in the order of an index whose leading fields the filter's equalities and the sort follow: the index is
   * walked from the first document of the range and stops when the page is full, so it costs the page (and the
   * documents the rest of the filter turns down), not a scan and a sort of every match.
   */
  private pageByIndex(filter: Filter, options: FindOptions): T[] | undefined {
    const plans = this.ordered.map((index) => index.plan(filter, options.sort)).filter((plan) => plan !== undefined);
    const plan = plans.sort((a, b) => Object.keys(a.rest).length - Object.keys(b.rest).length)[0];
    if (!plan) return undefined;
    const test = testerOf(plan.rest);
    let skip = options.skip ?? 0;
    const limit = options.limit || Number.POSITIVE_INFINITY;
    const page: T[] = [];
    let examined = 0;
    if (limit > 0) {
      plan.each((doc) => {
        examined += 1;
        if (!test(doc)) return false;
        if (skip > 0) skip -= 1;
        else page.push(doc);
        return page.length >= limit;
      });
    }
    this.examine(examined);
    return page;
  }

  async findOne(filter: Filter) {
    const doc = this.matching(filter)[0];
    return doc ? clone(doc) : null;
  }

  async find(filter: Filter, options: FindOptions = {}) {
    return (await this.view(filter, options)).map(clone);
  }

  /** The stored documents themselves: no copy (issue 24: a page's copies were a twentieth of a `taskList`). */
  async viewOne(filter: Filter): Promise<Readonly<T> | null> {
    return this.matching(filter)[0] ?? null;
  }

  async view(filter: Filter, options: FindOptions = {}): Promise<readonly Readonly<T>[]> {
    const page = options.sort && Object.keys(options.sort).length > 0 && this.pageByIndex(filter, options);
    if (page) return page;
    let matched = this.matching(filter);
    let sort = options.sort;
    const plainly = sort && sortPlainly(matched, sort as Record<string, 1 | -1>);
    if (plainly) {
      matched = plainly;
      sort = undefined;
    }
    if (sort) {
      let cursor = new Query({}, {}).find<T>(matched).sort(sort);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      matched = cursor.all();
    } else if (options.skip || options.limit) {
      const from = options.skip ?? 0;
      matched = matched.slice(from, options.limit ? from + options.limit : undefined);
    }
    return matched;
  }

  /** From what the indexes keep when they answer the whole filter (a bucket's size, a range in order), else a scan. */
  async count(filter: Filter) {
    const keys = Object.keys(filter);
    if (keys.length === 0) return this.docs.size;
    const [key] = keys;
    if (keys.length === 1 && key !== '_id' && this.throughArrays.get(key!) === 0 && isPrimitive(filter[key!])) {
      return this.bucket(key!, filter[key!])?.size ?? 0;
    }
    const whole = this.ordered
      .map((index) => index.plan(filter, undefined))
      .find((plan) => plan && Object.keys(plan.rest).length === 0);
    return whole ? whole.size() : this.matching(filter).length;
  }

  async put(doc: T) {
    for (const { fields, owners } of this.unique) {
      const key = MemoryCollection.keyOf(doc, fields);
      const owner = key === undefined ? undefined : owners.get(key);
      if (owner !== undefined && owner !== doc._id) throw new Error(`duplicate key on ${fields.join(', ')}`);
    }
    const previous = this.docs.get(doc._id);
    if (previous) this.unindexUnique(previous);
    for (const { fields, owners } of this.unique) {
      const key = MemoryCollection.keyOf(doc, fields);
      if (key !== undefined) owners.set(key, doc._id);
    }
    // Keyed by the copy's own _id, allocated with the copy, not by the caller's string.
    const stored = freezing ? deepFreeze(clone(doc)) : clone(doc);
    this.docs.set(stored._id, stored);
    if (previous) this.refileFields(previous, stored);
    else this.indexFields(stored, true);
    for (const index of this.ordered) index.put(stored);
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
    const existing = this.matching(filter)[0];
    if (!existing) {
      if (!options.upsert) return { matched: 0 };
      const equalities = Object.fromEntries(Object.entries(filter).filter(([key]) => !key.startsWith('$')));
      const created = clone(equalities) as T;
      applyUpdate(created, update as never);
      if (typeof created._id !== 'string') throw new Error('an upserted document needs a string _id');
      await this.put(created);
      return { matched: 0 };
    }
    const next = clone(existing);
    applyUpdate(next, update as never);
    await this.put(next);
    return { matched: 1 };
  }

  async updateMany(filter: Filter, update: Update) {
    const matched = this.matching(filter);
    for (const doc of matched) {
      const next = clone(doc);
      applyUpdate(next, update as never);
      await this.put(next);
    }
    return { matched: matched.length };
  }

  async deleteOne(filter: Filter) {
    const doc = this.matching(filter)[0];
    if (doc) this.remove(doc);
    return { deleted: doc ? 1 : 0 };
  }

  async deleteMany(filter: Filter) {
    const docs = this.matching(filter);
    for (const doc of docs) this.remove(doc);
    return { deleted: docs.length };
  }
}

export interface MemoryReadStore extends ReadStore {
  /** How many documents this store's queries have looked at so far: a test shows through it that an index was used. */
  docsExamined(): number;
}

/** The embedded read store: mingo over in-memory maps. Nothing survives a restart; projections rebuild it. */
export function createMemoryReadStore(): MemoryReadStore {
  const collections = new Map<string, MemoryCollection<Doc>>();
  let examined = 0;
  const examine = (count: number) => {
    examined += count;
  };
  const positions = new Map<string, number>();
  const checkpoints: CheckpointStore = {
    load: async (id) => positions.get(id) ?? 0,
    store: async (id, position) => void positions.set(id, position),
  };
  return {
    checkpoints,
    collection<T extends Doc>(name: string, indexes: IndexSpec[] = []) {
      let collection = collections.get(name);
      if (!collection) {
        collection = new MemoryCollection<Doc>(indexes, examine);
        collections.set(name, collection);
      }
      return collection as unknown as Collection<T>;
    },
    docsExamined: () => examined,
    async close() {
      collections.clear();
    },
  };
}
