import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { newEventId } from '../ids.js';
import { acquireTail, releaseTail, tailOf } from './sharedTail.js';
import { followStore } from './subscription.js';
import {
  type AppendContext,
  type AppendResult,
  type CheckpointStore,
  ConcurrencyError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
} from './types.js';
import { type SyncFile, walSyncer } from './walSync.js';

export interface SqliteEventStoreOptions {
  /** Path of the database file (one per service). */
  file: string;
  /**
   * 'full' answers an append once its commit is on the disk, so a power loss loses nothing acknowledged (the WAL is
   * flushed off the main thread: walSync.ts); 'normal' survives process crashes only.
   */
  sync?: 'full' | 'normal';
  /** How often subscribers look for appends made by other processes. */
  pollIntervalMs?: number;
  /** How the WAL file is flushed with 'full' (fs.fdatasync); tests hold it to see what waits for it. */
  syncFile?: SyncFile;
}

/** Appends made in this process, by file, so that subscribers wake at once instead of at the next poll. */
const appended = new EventEmitter().setMaxListeners(0);

/**
 * By file, the first position of each group committed in this process whose flush has not finished, oldest first:
 * subscribers read only the events before the first of them, so that no consumer acts on an event a power loss could
 * still take back (a group is committed before its flush; another group's answer wakes subscribers meanwhile).
 */
const unflushed = new Map<string, number[]>();
const durableBelow = (file: string) => unflushed.get(file)?.[0] ?? Number.POSITIVE_INFINITY;

interface EventRow {
  global_position: number;
  stream_id: string;
  version: number;
  type: string;
  data: string;
  metadata: string;
}

type StoredMetadata = Omit<EventMetadata, 'streamId' | 'version' | 'globalPosition'>;

const toRecorded = (row: EventRow): RecordedEvent => {
  // The parsed metadata gets the row's columns itself: no second object per event.
  const metadata = JSON.parse(row.metadata) as EventMetadata;
  metadata.streamId = row.stream_id;
  metadata.version = row.version;
  metadata.globalPosition = row.global_position;
  return { type: row.type, data: JSON.parse(row.data), metadata };
};

/** How long a consumer's checkpoint may wait to be written with the others. */
const CHECKPOINT_FLUSH_MS = 100;

/** The embedded event store: one SQLite file in WAL mode per service. */
export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const file = resolve(options.file);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  const wal = db.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  // Commits are not synced on this thread: with 'full', the WAL is flushed in the thread pool before appends answer.
  // A file system that refuses WAL mode keeps SQLite's own sync of every commit.
  const flushed = options.sync !== 'normal' && wal;
  db.pragma(`synchronous = ${flushed || options.sync === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      global_position INTEGER PRIMARY KEY AUTOINCREMENT,
      stream_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      UNIQUE (stream_id, version)
    );
    CREATE TABLE IF NOT EXISTS commands (
      command_id TEXT NOT NULL,
      stream_id TEXT NOT NULL,
      next_version INTEGER NOT NULL,
      last_position INTEGER NOT NULL,
      PRIMARY KEY (command_id, stream_id)
    );
    CREATE TABLE IF NOT EXISTS checkpoints (subscriber_id TEXT PRIMARY KEY, position INTEGER NOT NULL);
  `);

  const streamVersion = db.prepare<[string], { version: number | null }>(
    'SELECT MAX(version) AS version FROM events WHERE stream_id = ?',
  );
  const insertEvent = db.prepare(
    'INSERT INTO events (stream_id, version, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  );
  const findCommand = db.prepare<[string, string], { next_version: number; last_position: number }>(
    'SELECT next_version, last_position FROM commands WHERE command_id = ? AND stream_id = ?',
  );
  const insertCommand = db.prepare('INSERT INTO commands VALUES (?, ?, ?, ?)');
  const selectStream = db.prepare<[string, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND version >= ? ORDER BY version',
  );
  // One statement per batch size, the LIMIT written into it: with LIMIT bound as a parameter, SQLite took several
  // times longer over the same rows (issue 24), and every subscriber reads after every append.
  const selectAllBy = new Map<number, Database.Statement<[number], EventRow>>();
  const selectAll = (after: number, limit: number) => {
    const size = Number.isFinite(limit) ? Math.max(0, Math.trunc(limit)) : -1;
    let statement = selectAllBy.get(size);
    if (!statement) {
      statement = db.prepare<[number], EventRow>(
        `SELECT * FROM events WHERE global_position > ? ORDER BY global_position LIMIT ${size}`,
      );
      selectAllBy.set(size, statement);
    }
    return statement.all(after);
  };
  const selectHead = db.prepare<[], { head: number | null }>('SELECT MAX(global_position) AS head FROM events');
  // Checkpoints go through a connection of their own that does not fsync its commits (`synchronous = NORMAL`): a
  // consumer's checkpoint written after each batch cost one fsync per event and consumer (issue 24). Such a commit
  // survives a crash of the process; a power loss may take back the last ones, and their events are then delivered
  // again, which consumers already expect (at least once). The next flush of the log's WAL syncs them with it.
  const checkpointDb = new Database(file);
  checkpointDb.pragma('synchronous = NORMAL');
  checkpointDb.pragma('busy_timeout = 5000');
  const selectCheckpoint = checkpointDb.prepare<[string], { position: number }>(
    'SELECT position FROM checkpoints WHERE subscriber_id = ?',
  );
  const upsertCheckpoint = checkpointDb.prepare(
    'INSERT INTO checkpoints VALUES (?, ?) ON CONFLICT (subscriber_id) DO UPDATE SET position = excluded.position',
  );

  // Streams idle since `before`: the newest event's `at` is read from its metadata (streams are short here).
  const idleStreams = db.prepare<[string, string, number], { stream_id: string }>(
    `SELECT stream_id FROM events WHERE stream_id >= ? AND stream_id < ? || char(1114111)
     GROUP BY stream_id HAVING MAX(json_extract(metadata, '$.at')) < ?`,
  );
  const deleteStreamEvents = db.prepare('DELETE FROM events WHERE stream_id = ?');
  const deleteStreamCommands = db.prepare('DELETE FROM commands WHERE stream_id = ?');
  const expireTx = db.transaction((prefix: string, before: number): number => {
    const streams = idleStreams.all(prefix, prefix, before);
    for (const { stream_id } of streams) {
      deleteStreamEvents.run(stream_id);
      deleteStreamCommands.run(stream_id);
    }
    return streams.length;
  });

  const appendTx = db.transaction(
    (streamId: string, events: DomainEvent[], expected: ExpectedVersion, context: AppendContext): AppendResult => {
      if (context.commandId) {
        const earlier = findCommand.get(context.commandId, streamId);
        if (earlier) {
          return {
            nextExpectedVersion: earlier.next_version,
            lastGlobalPosition: earlier.last_position,
            alreadyApplied: true,
          };
        }
      }
      const current = streamVersion.get(streamId)?.version ?? 0;
      if (expected !== 'any' && expected !== current) throw new ConcurrencyError(streamId, expected, current);
      const at = context.at ?? Date.now();
      let version = current;
      let lastPosition = 0;
      for (const event of events) {
        version += 1;
        const metadata: StoredMetadata = {
          eventId: newEventId(),
          at,
          actor: context.actor,
          teamId: context.teamId,
          correlationId: context.correlationId,
          causationId: context.causationId,
          commandId: context.commandId,
          schemaVersion: event.version && event.version > 1 ? event.version : undefined,
        };
        const info = insertEvent.run(
          streamId,
          version,
          event.type,
          JSON.stringify(event.data ?? null),
          JSON.stringify(metadata),
        );
        lastPosition = Number(info.lastInsertRowid);
      }
      if (context.commandId) insertCommand.run(context.commandId, streamId, version, lastPosition);
      return { nextExpectedVersion: version, lastGlobalPosition: lastPosition, alreadyApplied: false };
    },
  );

  /**
   * Group commit: the appends made in one turn of the event loop are committed in one transaction, each in a
   * savepoint of its own (a lost race or a duplicate takes back only its own rows), so they share one fsync.
   * The flush of the WAL runs off the main thread (walSync.ts), and the commits made while one runs share the next
   * (issue 24). Each append still answers only once its events are durable.
   */
  type Outcome = { result: AppendResult } | { error: unknown };
  interface PendingAppend {
    args: Parameters<typeof appendTx>;
    settle: (outcome: Outcome) => void;
  }
  let pending: PendingAppend[] = [];
  const syncer = flushed ? walSyncer(`${file}-wal`, options.syncFile) : undefined;
  const groupTx = db.transaction((batch: PendingAppend[]): Outcome[] =>
    batch.map(({ args }) => {
      try {
        return { result: appendTx(...args) };
      } catch (error) {
        return { error };
      }
    }),
  );
  const commitPending = () => {
    const batch = pending;
    pending = [];
    let outcomes: Outcome[];
    try {
      outcomes = groupTx.immediate(batch);
    } catch (error) {
      for (const append of batch) append.settle({ error });
      return;
    }
    let first = Number.POSITIVE_INFINITY;
    for (const [i, outcome] of outcomes.entries()) {
      if ('result' in outcome && !outcome.result.alreadyApplied) {
        first = Math.min(first, outcome.result.lastGlobalPosition - batch[i]!.args[1].length + 1);
      }
    }
    const wrote = first < Number.POSITIVE_INFINITY;
    if (wrote && syncer) unflushed.set(file, [...(unflushed.get(file) ?? []), first]);
    // Subscribers learn of the events, and appends answer, once they are durable: what a read model shows survives.
    const answer = (error?: unknown) => {
      if (wrote) {
        const groups = unflushed.get(file)?.filter((position) => position !== first) ?? [];
        if (groups.length > 0) unflushed.set(file, groups);
        else unflushed.delete(file);
        tailOf(file)?.appended();
        appended.emit(file);
      }
      for (const [i, append] of batch.entries()) append.settle(error ? { error } : outcomes[i]!);
    };
    if (syncer) syncer.afterCommit(answer);
    else answer();
  };

  // The checkpoints stored within CHECKPOINT_FLUSH_MS (every consumer of every append stores one) are written together
  // in one transaction: once per turn of the event loop was a transaction per group commit, 4 % of a task move's CPU
  // (issue 24). One not written yet when the process dies only means its events come again; close() writes them.
  const unwritten = new Map<string, number>();
  let closed = false;
  const writeCheckpoints = checkpointDb.transaction((entries: [string, number][]) => {
    for (const [subscriberId, position] of entries) upsertCheckpoint.run(subscriberId, position);
  });
  const flushCheckpoints = () => {
    if (closed || unwritten.size === 0) return;
    const entries = [...unwritten];
    unwritten.clear();
    try {
      writeCheckpoints(entries);
    } catch {
      // Busy beyond the timeout: written later, unless a later position came meanwhile.
      for (const [subscriberId, position] of entries) {
        if (!unwritten.has(subscriberId)) unwritten.set(subscriberId, position);
      }
      setTimeout(flushCheckpoints, 1_000).unref();
    }
  };
  const checkpoints: CheckpointStore = {
    load: async (subscriberId) => unwritten.get(subscriberId) ?? selectCheckpoint.get(subscriberId)?.position ?? 0,
    store: async (subscriberId, position) => {
      if (unwritten.size === 0) setTimeout(flushCheckpoints, CHECKPOINT_FLUSH_MS).unref();
      unwritten.set(subscriberId, position);
    },
  };

  const store: EventStore = {
    checkpoints,
    async append(streamId, events, expected, context = {}) {
      if (events.length === 0) throw new Error('append needs at least one event');
      return new Promise<AppendResult>((resolve, reject) => {
        const settle = (outcome: Outcome) => ('result' in outcome ? resolve(outcome.result) : reject(outcome.error));
        if (pending.push({ args: [streamId, events, expected, context], settle }) === 1) setImmediate(commitPending);
      });
    },
    readStream: async (streamId, fromVersion = 1) => selectStream.all(streamId, fromVersion).map(toRecorded),
    readAll: async (after, limit) => selectAll(after, limit).map(toRecorded),
    head: async () => selectHead.get()?.head ?? 0,
    expireStreams: async (prefix, before) => {
      if (!prefix) throw new Error('expireStreams needs a stream id prefix');
      return expireTx.immediate(prefix, before);
    },
    onAppend(listener) {
      appended.on(file, listener);
      return () => appended.off(file, listener);
    },
    // Every subscription to this file in the process reads through one shared tail of it (sharedTail.ts).
    async subscribe(subscribeOptions) {
      const pollIntervalMs = options.pollIntervalMs ?? 200;
      const tail = acquireTail(file);
      const readAll = store.readAll;
      const source = {
        ...store,
        readAll: async (after: number, limit: number) => {
          const events = await tail.read(after, limit, readAll, pollIntervalMs);
          const below = durableBelow(file);
          const last = events.at(-1);
          return !last || last.metadata.globalPosition < below
            ? events
            : events.filter((event) => event.metadata.globalPosition < below);
        },
      };
      try {
        const subscription = await followStore(source, checkpoints, subscribeOptions, pollIntervalMs);
        let released = false;
        return {
          ...subscription,
          async stop() {
            await subscription.stop();
            if (!released) releaseTail(file, tail);
            released = true;
          },
        };
      } catch (error) {
        releaseTail(file, tail);
        throw error;
      }
    },
    async close() {
      await syncer?.close();
      flushCheckpoints();
      closed = true;
      checkpointDb.close();
      db.close();
    },
  };
  return store;
}
