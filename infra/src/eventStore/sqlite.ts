import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { newEventId } from '../ids.js';
import { perFile } from './perFile.js';
import { acquireTail, releaseTail, tailOf } from './sharedTail.js';
import {
  closeWriter,
  commitGroup,
  errorOf,
  type PreparedAppend,
  READER_CHECKPOINT_PAGES,
  type WriteOutcome,
} from './sqliteWriter.js';
import { followStore } from './subscription.js';
import type {
  AppendContext,
  AppendResult,
  CheckpointStore,
  DomainEvent,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  RecordedEvent,
} from './types.js';

export interface SqliteEventStoreOptions {
  /** Path of the database file (one per service). */
  file: string;
  /**
   * 'full' answers an append once its commit is on the disk, so a power loss loses nothing acknowledged (the writer
   * thread syncs the WAL: sqliteWriter.ts); 'normal' survives process crashes only.
   */
  sync?: 'full' | 'normal';
  /** How often subscribers look for appends made by other processes. */
  pollIntervalMs?: number;
}

/** Appends made in this process, by file, so that subscribers wake at once instead of at the next poll. */
const appended = new EventEmitter().setMaxListeners(0);

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

/**
 * By file, the version of each stream as this process last appended or read it, the least recently used forgotten
 * beyond HEADS_LIMIT. One process writes a service's file (its appends all go through this process's writer thread),
 * so a stream read from past its known version has nothing new, and a command's look for events after the version it
 * remembers (decider/index.ts) needs no query: a twentieth of a task move's CPU (issue 24).
 */
const headsByFile = perFile(() => new Map<string, number>());
const HEADS_LIMIT = 100_000;

/** The stores with appends waiting, committed together in one turn (their requests go in one message). */
const due = new Set<() => void>();
const commitDue = () => {
  const commits = [...due];
  due.clear();
  for (const commit of commits) commit();
};
const commitSoon = (commit: () => void) => {
  if (due.size === 0) setImmediate(commitDue);
  due.add(commit);
};

/** How long a consumer's checkpoint may wait to be written with the others. */
const CHECKPOINT_FLUSH_MS = 100;

/** An append's rows as the writer thread stores them (the JSON is written here, where the events are), and the metadata. */
function prepared(
  streamId: string,
  events: DomainEvent[],
  expected: ExpectedVersion,
  context: AppendContext,
): { append: PreparedAppend; metadata: StoredMetadata[] } {
  const at = context.at ?? Date.now();
  const metadata: StoredMetadata[] = [];
  const rows = events.map((event) => {
    const one: StoredMetadata = {
      eventId: newEventId(),
      at,
      actor: context.actor,
      teamId: context.teamId,
      correlationId: context.correlationId,
      causationId: context.causationId,
      commandId: context.commandId,
      schemaVersion: event.version && event.version > 1 ? event.version : undefined,
    };
    metadata.push(one);
    return { type: event.type, data: JSON.stringify(event.data ?? null), metadata: JSON.stringify(one) };
  });
  return { append: { streamId, expected, commandId: context.commandId, rows }, metadata };
}

/**
 * The events an append recorded, as a read of the log gives them: its rows took consecutive versions and positions
 * in its transaction, ending at the ones the writer answered. The metadata is the object that was written (its
 * absent fields undefined rather than missing); the data is parsed from its JSON, as a read would.
 */
function recordedOf({ append, metadata }: PendingAppend, { nextExpectedVersion, lastGlobalPosition }: AppendResult) {
  const { rows, streamId } = append;
  const first = rows.length - 1;
  return rows.map((row, i): RecordedEvent => {
    const recorded = metadata[i] as EventMetadata;
    recorded.streamId = streamId;
    recorded.version = nextExpectedVersion - first + i;
    recorded.globalPosition = lastGlobalPosition - first + i;
    return { type: row.type, data: JSON.parse(row.data), metadata: recorded };
  });
}

interface PendingAppend {
  append: PreparedAppend;
  metadata: StoredMetadata[];
  settle: (outcome: { result: AppendResult } | { error: unknown }) => void;
}

/** The embedded event store: one SQLite file in WAL mode per service. */
export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const file = resolve(options.file);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // Once no store of this process has the file open, it may change under another writer (a restore, a test's new
  // file at the same path): the next store opened on it starts knowing nothing, and reads.
  const heads = headsByFile.acquire(file);
  const noteHead = (streamId: string, version: number) => {
    heads.delete(streamId);
    heads.set(streamId, version);
    if (heads.size > HEADS_LIMIT) heads.delete(heads.keys().next().value as string);
  };
  // WAL: readers here and in other processes go on while the writer thread commits. A file system that refuses it
  // keeps SQLite's rollback journal, which still works, with readers waiting for writes.
  db.pragma('journal_mode = WAL');
  // This connection writes only the expiry of idle streams; appends are the writer thread's (sqliteWriter.ts).
  db.pragma(`synchronous = ${options.sync === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  db.pragma(`wal_autocheckpoint = ${READER_CHECKPOINT_PAGES}`);
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
  checkpointDb.pragma(`wal_autocheckpoint = ${READER_CHECKPOINT_PAGES}`);
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

  /**
   * Group commit (docs/adr/0024-appends-committed-off-the-main-thread.md): the appends made in one turn of the event
   * loop go to the writer thread together, which commits them, with those of the turns before it that are still
   * waiting, in one transaction and one sync of the WAL. This thread writes no page and waits for no disk; each
   * append still answers only once its events are durable (SQLite makes a commit visible after its sync).
   */
  type Outcome = { result: AppendResult } | { error: unknown };
  let pending: PendingAppend[] = [];
  let inFlight = 0;
  let drained: (() => void) | undefined;
  // 'full': every commit synced (the WAL's sync in WAL mode); 'normal' survives a crash of the process only.
  const synchronous = options.sync === 'normal' ? 'NORMAL' : 'FULL';
  const answered = (batch: PendingAppend[], outcomes: WriteOutcome[]) => {
    // A lost race tells the stream's version too, so a command deciding again reads what it missed.
    for (const [i, outcome] of outcomes.entries()) {
      // (a command appended before answers with the version it left the stream at then, not the stream's now)
      if ('result' in outcome) {
        if (!outcome.result.alreadyApplied) noteHead(batch[i]!.append.streamId, outcome.result.nextExpectedVersion);
      } else if ('concurrency' in outcome.error) noteHead(batch[i]!.append.streamId, outcome.error.concurrency.current);
    }
    if (outcomes.some((outcome) => 'result' in outcome && !outcome.result.alreadyApplied)) {
      const tail = tailOf(file);
      if (tail) {
        const recorded: RecordedEvent[] = [];
        for (const [i, outcome] of outcomes.entries()) {
          if ('result' in outcome && !outcome.result.alreadyApplied) {
            recorded.push(...recordedOf(batch[i]!, outcome.result));
          }
        }
        tail.appended(recorded);
      }
      appended.emit(file);
    }
    for (const [i, { settle }] of batch.entries()) {
      const outcome = outcomes[i]!;
      settle('result' in outcome ? outcome : { error: errorOf(outcome.error) });
    }
  };
  const commitPending = () => {
    const batch = pending;
    pending = [];
    inFlight += 1;
    commitGroup(
      file,
      synchronous,
      batch.map(({ append }) => append),
    )
      .then(
        (outcomes) => answered(batch, outcomes),
        (error: unknown) => {
          for (const { settle } of batch) settle({ error });
        },
      )
      .finally(() => {
        inFlight -= 1;
        if (inFlight === 0) drained?.();
      });
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
      const { append, metadata } = prepared(streamId, events, expected, context);
      return new Promise<AppendResult>((resolve, reject) => {
        const settle = (outcome: Outcome) => ('result' in outcome ? resolve(outcome.result) : reject(outcome.error));
        if (pending.push({ append, metadata, settle }) === 1) commitSoon(commitPending);
      });
    },
    readStream: async (streamId, fromVersion = 1) => {
      // Nothing after the version this process last appended or read: no query (issue 24).
      const head = heads.get(streamId);
      if (head !== undefined && fromVersion > head) return [];
      const events = selectStream.all(streamId, fromVersion).map(toRecorded);
      // The last version read is the stream's; an empty read from the start says it has none.
      const last = events.at(-1)?.metadata.version ?? (fromVersion <= 1 ? 0 : undefined);
      if (last !== undefined) noteHead(streamId, last);
      return events;
    },
    readAll: async (after, limit) => selectAll(after, limit).map(toRecorded),
    head: async () => selectHead.get()?.head ?? 0,
    expireStreams: async (prefix, before) => {
      if (!prefix) throw new Error('expireStreams needs a stream id prefix');
      for (const streamId of heads.keys()) if (streamId.startsWith(prefix)) heads.delete(streamId);
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
        readAll: (after: number, limit: number) => tail.read(after, limit, readAll, pollIntervalMs),
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
      if (pending.length > 0) await new Promise((resolve) => setImmediate(resolve));
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      await closeWriter(file);
      flushCheckpoints();
      if (!closed) headsByFile.release(file, heads);
      closed = true;
      checkpointDb.close();
      db.close();
    },
  };
  return store;
}
