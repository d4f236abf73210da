import { Query } from 'mingo';
import { update as applyUpdate } from 'mingo/updater';
import type { CheckpointStore } from '../eventStore/types.js';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, ReadStore, Update } from './types.js';

const clone = <T>(value: T): T => structuredClone(value);

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * MongoDB's order between values of the types read models sort on (missing and null first, then numbers,
 * strings, booleans); `undefined` answers "not one of those", and the sort falls back to mingo.
 */
const TYPE_ORDER: Record<string, number> = { undefined: 0, object: 0, number: 1, string: 2, boolean: 3 };
function compareValues(a: unknown, b: unknown): number | undefined {
  if ((a !== null && typeof a === 'object') || (b !== null && typeof b === 'object')) return undefined;
  const ta = TYPE_ORDER[typeof a];
  const tb = TYPE_ORDER[typeof b];
  if (ta === undefined || tb === undefined) return undefined;
  if (ta !== tb) return ta - tb;
  if (ta === 0) return 0;
  return (a as Primitive) < (b as Primitive) ? -1 : (a as Primitive) > (b as Primitive) ? 1 : 0;
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

class MemoryCollection<T extends Doc> implements Collection<T> {
  private readonly docs = new Map<string, T>();
  /** Per unique index: the indexed values (as JSON) → the _id holding them. */
  private readonly unique: { fields: string[]; owners: Map<string, string> }[];
  /**
   * Per index: its first field's value (as JSON) → the documents with it, by _id. A path through arrays
   * (`members.userId`) or a field holding an array is multikey, as in MongoDB: a document is filed under each value.
   * The index holds the documents themselves: a scan of 10,000 candidates then costs no `docs.get` per _id, whose
   * time depends on where V8 happened to allocate the _id strings (ids made by `String(number)` go straight to
   * old space, scattered, and made such a scan ~5× slower: issue 14).
   */
  private readonly byField = new Map<string, Map<string, Map<string, T>>>();

  constructor(indexes: IndexSpec[]) {
    this.unique = indexes
      .filter((index) => index.unique)
      .map((index) => ({ fields: Object.keys(index.fields), owners: new Map() }));
    for (const index of indexes) {
      const first = Object.keys(index.fields)[0];
      if (first) this.byField.set(first, new Map());
    }
  }

  private indexFields(doc: T, add: boolean): void {
    for (const [field, values] of this.byField) {
      for (const value of primitivesAt(doc, field)) {
        const key = JSON.stringify(value);
        let docs = values.get(key);
        if (add) {
          if (!docs) {
            docs = new Map();
            values.set(key, docs);
          }
          docs.set(doc._id, doc);
        } else {
          docs?.delete(doc._id);
          if (docs?.size === 0) values.delete(key);
        }
      }
    }
  }

  private static keyOf(doc: Doc, fields: string[]): string | undefined {
    const values = fields.map((field) => doc[field]);
    return values.some((value) => value === undefined || value === null) ? undefined : JSON.stringify(values);
  }

  private unindex(doc: T): void {
    this.indexFields(doc, false);
    for (const { fields, owners } of this.unique) {
      const key = MemoryCollection.keyOf(doc, fields);
      if (key !== undefined && owners.get(key) === doc._id) owners.delete(key);
    }
  }

  private remove(doc: T): void {
    this.unindex(doc);
    this.docs.delete(doc._id);
  }

  /** Equality on `_id` or on a unique index is a map lookup; anything else scans with mingo. */
  private matching(filter: Filter): T[] {
    const keys = Object.keys(filter);
    const primitive = keys.every((key) => ['string', 'number', 'boolean'].includes(typeof filter[key]));
    if (primitive && keys.length === 1 && keys[0] === '_id') {
      const doc = this.docs.get(filter._id as string);
      return doc ? [doc] : [];
    }
    const index =
      primitive && this.unique.find(({ fields }) => fields.length === keys.length && fields.every((f) => f in filter));
    if (index) {
      const owner = index.owners.get(MemoryCollection.keyOf(filter as Doc, index.fields) ?? '');
      const doc = owner === undefined ? undefined : this.docs.get(owner);
      return doc ? [doc] : [];
    }
    // An equality on an indexed field narrows the scan to the documents with that value.
    const narrowing = keys.find((key) => this.byField.has(key) && isPrimitive(filter[key]));
    const candidates = narrowing
      ? [...(this.byField.get(narrowing)!.get(JSON.stringify(filter[narrowing]))?.values() ?? [])]
      : [...this.docs.values()];
    // Equalities on top-level fields with primitive values are compared directly (a field holding an array
    // matches when the array contains the value, so such documents go through mingo); the rest through mingo.
    if (primitive && keys.every((key) => !key.startsWith('$') && !key.includes('.'))) {
      let query: Query | undefined;
      return candidates.filter((doc) =>
        keys.every((key) => {
          const value = doc[key];
          if (!Array.isArray(value)) return value === filter[key];
          query ??= new Query(filter, {});
          return query.test(doc);
        }),
      );
    }
    const query = new Query(filter, {});
    return candidates.filter((doc) => query.test(doc));
  }

  async findOne(filter: Filter) {
    const doc = this.matching(filter)[0];
    return doc ? clone(doc) : null;
  }

  async find(filter: Filter, options: FindOptions = {}) {
    let matched = this.matching(filter);
    let sort = options.sort;
    const plainly = sort && sortPlainly(matched, sort as Record<string, 1 | -1>);
    if (plainly) {
      matched = plainly;
      sort = undefined;
    }
    let cursor = new Query({}, {}).find<T>(matched);
    if (sort) cursor = cursor.sort(sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all().map(clone);
  }

  async count(filter: Filter) {
    return this.matching(filter).length;
  }

  async put(doc: T) {
    for (const { fields, owners } of this.unique) {
      const key = MemoryCollection.keyOf(doc, fields);
      const owner = key === undefined ? undefined : owners.get(key);
      if (owner !== undefined && owner !== doc._id) throw new Error(`duplicate key on ${fields.join(', ')}`);
    }
    const previous = this.docs.get(doc._id);
    if (previous) this.unindex(previous);
    for (const { fields, owners } of this.unique) {
      const key = MemoryCollection.keyOf(doc, fields);
      if (key !== undefined) owners.set(key, doc._id);
    }
    // Keyed by the copy's own _id, allocated with the copy, not by the caller's string.
    const stored = clone(doc);
    this.docs.set(stored._id, stored);
    this.indexFields(stored, true);
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

/** The embedded read store: mingo over in-memory maps. Nothing survives a restart; projections rebuild it. */
export function createMemoryReadStore(): ReadStore {
  const collections = new Map<string, MemoryCollection<Doc>>();
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
        collection = new MemoryCollection<Doc>(indexes);
        collections.set(name, collection);
      }
      return collection as unknown as Collection<T>;
    },
    async close() {
      collections.clear();
    },
  };
}
