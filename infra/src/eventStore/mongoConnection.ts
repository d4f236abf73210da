import mongoose, { type Connection } from 'mongoose';

/** Where a MongoDB adapter keeps its collections. */
export interface MongoLocation {
  /** `mongodb://host:port/[database][?options]`; a replica set in production, FerretDB in CI (scripts/engines.sh). */
  url: string;
  /** The database; defaults to the URL's, else `pmbok`. */
  dbName?: string;
}

/** The database named in a MongoDB URL's path (`mongodb://h1,h2/name?…`), if any. */
export function databaseOf(url: string): string | undefined {
  const name = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(url)?.[1];
  return name ? decodeURIComponent(name) : undefined;
}

/**
 * A connection of its own for one adapter: closing one adapter leaves the others' alone. Commands issued while
 * the server is away (a restart) wait for it, up to the server selection timeout, and then fail.
 */
export async function connectMongo(location: MongoLocation): Promise<Connection> {
  const connection = mongoose.createConnection(location.url, {
    dbName: location.dbName ?? databaseOf(location.url) ?? 'pmbok',
    serverSelectionTimeoutMS: 15_000,
    // A field set to undefined is left out, as JSON leaves it out, instead of being written as null.
    ignoreUndefined: true,
    // Indexes are created explicitly (`init`) before an adapter answers, not in the background.
    autoIndex: false,
  });
  await connection.asPromise();
  return connection;
}

/** MongoDB's duplicate key error (a unique index refused a write), alone or inside a bulk write error. */
export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: number; writeErrors?: { code?: number }[] } | null;
  return e?.code === 11000 || (e?.writeErrors ?? []).some((w) => w.code === 11000);
}

/**
 * Runs an upsert by `_id` again when it lost a race: two upserts that both find no document both insert, and the
 * server retries the loser itself only in some cases. On the second run the document exists, so it updates.
 */
export async function upsertRaced<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return run();
  }
}
