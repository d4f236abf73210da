import type { CheckpointStore } from '../eventStore/types.js';

/** A read-model document; `_id` is its key. */
export interface Doc {
  _id: string;
  [field: string]: unknown;
}

/** MongoDB query, update and sort documents (the subset both adapters support). */
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface Collection<T extends Doc = Doc> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /**
   * `findOne` and `find` for reading only: the documents may be the store's own (the in-memory store hands them out
   * without a copy; under vitest they are frozen), so a caller must never change them, only read or map them.
   */
  viewOne(filter: Filter): Promise<Readonly<T> | null>;
  view(filter: Filter, options?: FindOptions): Promise<readonly Readonly<T>[]>;
  count(filter: Filter): Promise<number>;
  /** Inserts or replaces the document with the same `_id`. */
  put(doc: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number }>;
  updateMany(filter: Filter, update: Update): Promise<{ matched: number }>;
  deleteOne(filter: Filter): Promise<{ deleted: number }>;
  deleteMany(filter: Filter): Promise<{ deleted: number }>;
}

/**
 * The read store port: collections with MongoDB filter, update and sort semantics. Adapters: mingo in memory
 * (embedded; rebuilt from the log at start because its checkpoints start at 0) and MongoDB (distributed).
 * Every adapter passes `readStoreContract` from `@pmbok/infra/testing`.
 */
export interface ReadStore {
  collection<T extends Doc = Doc>(name: string, indexes?: IndexSpec[]): Collection<T>;
  /** Projection checkpoints live with the documents they describe, so both are lost or kept together. */
  readonly checkpoints: CheckpointStore;
  close(): Promise<void>;
}
