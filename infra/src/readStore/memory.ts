import { Query } from 'mingo';
import { update as applyUpdate } from 'mingo/updater';
import type { CheckpointStore } from '../eventStore/types.js';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, ReadStore, Update } from './types.js';

const clone = <T>(value: T): T => structuredClone(value);

class MemoryCollection<T extends Doc> implements Collection<T> {
  private readonly docs = new Map<string, T>();
  /** Per unique index: the indexed values (as JSON) → the _id holding them. */
  private readonly unique: { fields: string[]; owners: Map<string, string> }[];
  /** Per index whose first field is a top-level one: that field's value (as JSON) → the _ids with it. */
  private readonly byField = new Map<string, Map<string, Set<string>>>();

  constructor(indexes: IndexSpec[]) {
    this.unique = indexes
      .filter((index) => index.unique)
      .map((index) => ({ fields: Object.keys(index.fields), owners: new Map() }));
    for (const index of indexes) {
      const first = Object.keys(index.fields)[0];
      if (first && !first.includes('.')) this.byField.set(first, new Map());
    }
  }

  private indexFields(doc: T, add: boolean): void {
    for (const [field, values] of this.byField) {
      const value = doc[field];
      if (value === undefined || value === null || typeof value === 'object') continue;
      const key = JSON.stringify(value);
      let ids = values.get(key);
      if (add) {
        if (!ids) {
          ids = new Set();
          values.set(key, ids);
        }
        ids.add(doc._id);
      } else {
        ids?.delete(doc._id);
        if (ids?.size === 0) values.delete(key);
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
    const query = new Query(filter, {});
    // An equality on an indexed field narrows the scan to the documents with that value.
    const narrowing = keys.find(
      (key) => this.byField.has(key) && ['string', 'number', 'boolean'].includes(typeof filter[key]),
    );
    const candidates = narrowing
      ? [...(this.byField.get(narrowing)!.get(JSON.stringify(filter[narrowing])) ?? [])].map((id) => this.docs.get(id)!)
      : this.docs.values();
    return [...candidates].filter((doc) => query.test(doc));
  }

  async findOne(filter: Filter) {
    const doc = this.matching(filter)[0];
    return doc ? clone(doc) : null;
  }

  async find(filter: Filter, options: FindOptions = {}) {
    let cursor = new Query({}, {}).find<T>(this.matching(filter));
    if (options.sort) cursor = cursor.sort(options.sort);
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
    this.docs.set(doc._id, clone(doc));
    this.indexFields(doc, true);
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
