import { Query } from 'mingo';
import type { Connection, mongo } from 'mongoose';
import { connectMongo, type MongoLocation, upsertRaced } from '../eventStore/mongoConnection.js';
import type { CheckpointStore } from '../eventStore/types.js';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, ReadStore, Update } from './types.js';

export interface MongoReadStoreOptions extends MongoLocation {
  /** Names the collections `<prefix><read model>` (a service's name and a dot: services share a database). */
  prefix: string;
}

/**
 * `undefined` means "no value" in the memory store; the driver would write it as null or, in a filter, drop the
 * condition (a delete by `{ teamId: undefined }` would match everything). Filters compare it as null (missing or
 * null, as the memory store matches it) and `$set` of undefined becomes `$unset`.
 */
function definedFilter(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(definedFilter);
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value; // a RegExp, a Date, a BSON value
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, definedFilter(v)]));
}

function definedUpdate(update: Update): Update {
  const set = update.$set as Record<string, unknown> | undefined;
  if (!set || !Object.values(set).includes(undefined)) return update;
  const unset = { ...(update.$unset as Record<string, unknown> | undefined) };
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(set)) {
    if (value === undefined) unset[field] = 1;
    else kept[field] = value;
  }
  const { $set: _set, $unset: _unset, ...rest } = update;
  return { ...rest, ...(Object.keys(kept).length ? { $set: kept } : {}), $unset: unset };
}

/** Does an upsert name the string `_id` its document gets (as the memory store requires)? */
function upsertId(filter: Filter, update: Update): unknown {
  if (filter._id !== undefined) return filter._id;
  return (update.$set as Doc | undefined)?._id ?? (update.$setOnInsert as Doc | undefined)?._id;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Does an array element match a `$pull` condition: a value, operators on the element, or a query on it? */
function pulls(element: unknown, condition: unknown): boolean {
  if (!isPlainObject(condition)) return JSON.stringify(element) === JSON.stringify(condition);
  if (Object.keys(condition).every((key) => key.startsWith('$'))) {
    return new Query({ v: condition }).test({ v: element });
  }
  return isPlainObject(element) && new Query(condition).test(element);
}

const valueAt = (doc: Doc, path: string): unknown =>
  path.split('.').reduce<unknown>((value, part) => (isPlainObject(value) ? value[part] : undefined), doc);

/**
 * A unique index binds only documents that have its fields, as in the memory store: a partial index on real
 * MongoDB, a sparse one where partial indexes are not implemented (FerretDB).
 */
async function createIndexes(collection: mongo.Collection<Doc>, indexes: IndexSpec[]): Promise<void> {
  for (const index of indexes) {
    if (!index.unique) {
      await collection.createIndex(index.fields);
      continue;
    }
    const present = Object.fromEntries(Object.keys(index.fields).map((field) => [field, { $exists: true }]));
    try {
      await collection.createIndex(index.fields, { unique: true, partialFilterExpression: present });
    } catch (error) {
      if (!/not implemented/i.test(String((error as Error).message))) throw error;
      await collection.createIndex(index.fields, { unique: true, sparse: true });
    }
  }
}

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly collection: mongo.Collection<Doc>,
    /** Its indexes, created before the first operation answers. */
    private readonly ready: Promise<void>,
    /** FerretDB's `$pull` removes only elements equal to its value, not those matching a condition. */
    private readonly pullsByEquality: Promise<boolean>,
  ) {}

  private async on() {
    await this.ready;
    return this.collection;
  }

  /**
   * Where the server cannot, a `$pull` with a condition (`{ members: { userId: 9 } }`) is done here: each matching
   * document's arrays are filtered and `$set`. Read models have one writer, their projection, so nothing races.
   */
  private async pullHere(filter: Filter, update: Update, many: boolean): Promise<{ matched: number } | undefined> {
    const pull = update.$pull as Record<string, unknown> | undefined;
    if (!pull || !Object.values(pull).some(isPlainObject) || !(await this.pullsByEquality)) return undefined;
    const collection = await this.on();
    const docs = await collection.find(definedFilter(filter) as Filter, { limit: many ? 0 : 1 }).toArray();
    const { $pull: _pull, ...rest } = update;
    for (const doc of docs) {
      const set: Record<string, unknown> = { ...(rest.$set as Record<string, unknown> | undefined) };
      for (const [path, condition] of Object.entries(pull)) {
        const array = valueAt(doc, path);
        if (Array.isArray(array)) set[path] = array.filter((element) => !pulls(element, condition));
      }
      const next = Object.keys(set).length ? { ...rest, $set: set } : rest;
      if (Object.keys(next).length) await collection.updateOne({ _id: doc._id }, definedUpdate(next));
    }
    return { matched: docs.length };
  }

  async findOne(filter: Filter) {
    return (await (await this.on()).findOne(definedFilter(filter) as Filter)) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}) {
    let cursor = (await this.on()).find(definedFilter(filter) as Filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as T[];
  }

  // Documents from the driver are the caller's own already.
  viewOne(filter: Filter): Promise<Readonly<T> | null> {
    return this.findOne(filter);
  }

  view(filter: Filter, options?: FindOptions): Promise<readonly Readonly<T>[]> {
    return this.find(filter, options);
  }

  async count(filter: Filter) {
    return (await this.on()).countDocuments(definedFilter(filter) as Filter);
  }

  async put(doc: T) {
    const on = await this.on();
    await upsertRaced(() => on.replaceOne({ _id: doc._id }, doc, { upsert: true }));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
    if (options.upsert && typeof upsertId(filter, update) !== 'string') {
      throw new Error('an upserted document needs a string _id');
    }
    const pulled = options.upsert ? undefined : await this.pullHere(filter, update, false);
    if (pulled) return pulled;
    const on = await this.on();
    const upsert = options.upsert ?? false;
    const run = () => on.updateOne(definedFilter(filter) as Filter, definedUpdate(update), { upsert });
    const result = upsert ? await upsertRaced(run) : await run();
    return { matched: result.matchedCount };
  }

  async updateMany(filter: Filter, update: Update) {
    const pulled = await this.pullHere(filter, update, true);
    if (pulled) return pulled;
    const result = await (await this.on()).updateMany(definedFilter(filter) as Filter, definedUpdate(update));
    return { matched: result.matchedCount };
  }

  async deleteOne(filter: Filter) {
    return { deleted: (await (await this.on()).deleteOne(definedFilter(filter) as Filter)).deletedCount };
  }

  async deleteMany(filter: Filter) {
    return { deleted: (await (await this.on()).deleteMany(definedFilter(filter) as Filter)).deletedCount };
  }
}

/**
 * Read models in MongoDB: they survive restarts with their checkpoints (collection `<prefix>checkpoints`), so a
 * service no longer replays its log into memory when it starts. Each read model's indexes are declared with it
 * (`readModel(name, indexes)`) and created here when its collection is first used.
 */
export async function openMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const connection: Connection = await connectMongo(options);
  const db = connection.db!;
  const collections = new Map<string, MongoCollection<Doc>>();
  const pullsByEquality = db
    .admin()
    .command({ buildInfo: 1 })
    .then((info) => 'ferretdbVersion' in info);
  pullsByEquality.catch(() => {});
  const positions = db.collection<{ _id: string; position: number }>(`${options.prefix}checkpoints`);
  const checkpoints: CheckpointStore = {
    load: async (id) => (await positions.findOne({ _id: id }))?.position ?? 0,
    store: async (id, position) =>
      void (await upsertRaced(() => positions.updateOne({ _id: id }, { $set: { position } }, { upsert: true }))),
  };
  return {
    checkpoints,
    collection<T extends Doc>(name: string, indexes: IndexSpec[] = []) {
      let collection = collections.get(name);
      if (!collection) {
        const native = db.collection<Doc>(`${options.prefix}${name}`);
        const ready = createIndexes(native, indexes);
        ready.catch(() => {}); // reported by the operations that wait for it
        collection = new MongoCollection<Doc>(native, ready, pullsByEquality);
        collections.set(name, collection);
      }
      return collection as unknown as Collection<T>;
    },
    async close() {
      collections.clear();
      await connection.close();
    },
  };
}
