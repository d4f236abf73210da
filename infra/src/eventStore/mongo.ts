import { EventEmitter } from 'node:events';
import { type Connection, Schema } from 'mongoose';
import { newEventId } from '../ids.js';
import { connectMongo, isDuplicateKey, type MongoLocation } from './mongoConnection.js';
import { followStore } from './subscription.js';
import {
  type AppendResult,
  type CheckpointStore,
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from './types.js';

/**
 * The event store on MongoDB (docs/adr/0018-event-store-on-mongodb.md). One document per append ("commit"),
 * written in one single-document insert, so an append is atomic without multi-document transactions (FerretDB has
 * none). Global positions come from a counter; a position whose append never lands becomes a "hole": a commit
 * without events that closes it, so readers never wait for it again and a late append fails instead of landing
 * behind a reader.
 */
export interface MongoEventStoreOptions extends MongoLocation {
  /** The service whose log this is: collections `<service>.events`, `.counters`, `.checkpoints`. */
  service: string;
  /** How often subscribers look for appends made by other processes. */
  pollIntervalMs?: number;
  /**
   * How long a reader waits for a position taken by an append that has not landed before it closes it as a
   * hole. Too short costs the late append a retry, never an event: the append then takes new positions.
   */
  holeTimeoutMs?: number;
}

interface StoredEvent {
  type: string;
  /** JSON, as in the SQLite store: the data comes back exactly as it went in, whatever its keys. */
  data: string;
  eventId: string;
  schemaVersion?: number;
}

/** Streams never have this id: commits with it are holes (their `version` is their position, to stay unique). */
const HOLE = '';

interface Commit {
  /** The first event's global position. */
  _id: number;
  /** The last event's global position (`_id` for a hole). */
  end: number;
  streamId: string;
  /** The first event's version; `lastVersion` the last's. */
  version: number;
  lastVersion: number;
  events: StoredEvent[];
  at: number;
  /** The writer's clock when it wrote: a hole before a commit written long ago is not an append in flight. */
  written: number;
  commandId?: string;
  actor?: string;
  teamId?: string;
  correlationId?: string;
  causationId?: string;
}

const MAX_ATTEMPTS = 20;

/** Appends made in this process, by log, so that subscribers wake at once instead of at the next poll. */
const appended = new EventEmitter().setMaxListeners(0);

const commitSchema = new Schema<Commit>(
  {
    _id: Number,
    end: { type: Number, required: true },
    streamId: { type: String, default: HOLE },
    version: { type: Number, required: true },
    lastVersion: { type: Number, required: true },
    events: [
      new Schema<StoredEvent>(
        { type: { type: String, required: true }, data: String, eventId: String, schemaVersion: Number },
        { _id: false },
      ),
    ],
    at: Number,
    written: Number,
    commandId: String,
    actor: String,
    teamId: String,
    correlationId: String,
    causationId: String,
  },
  { versionKey: false },
);
// A stream's versions: two appends at the same version cannot both land.
commitSchema.index({ streamId: 1, version: 1 }, { unique: true });
commitSchema.index({ end: 1 });
commitSchema.index({ streamId: 1, commandId: 1 });

const counterSchema = new Schema<{ _id: string; value: number }>({ _id: String, value: Number }, { versionKey: false });
const checkpointSchema = new Schema<{ _id: string; position: number }>(
  { _id: String, position: Number },
  { versionKey: false },
);

function toRecorded(commit: Commit, index: number): RecordedEvent {
  const event = commit.events[index]!;
  const metadata: EventMetadata = {
    eventId: event.eventId,
    streamId: commit.streamId,
    version: commit.version + index,
    globalPosition: commit._id + index,
    at: commit.at,
  };
  for (const key of ['actor', 'teamId', 'correlationId', 'causationId', 'commandId'] as const) {
    if (commit[key] != null) metadata[key] = commit[key];
  }
  if (event.schemaVersion != null) metadata.schemaVersion = event.schemaVersion;
  return { type: event.type, data: JSON.parse(event.data), metadata };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens (creating collections and indexes if needed) a service's event log on MongoDB. */
export async function openMongoEventStore(options: MongoEventStoreOptions): Promise<EventStore> {
  const connection = await connectMongo(options);
  try {
    return await openOn(connection, options);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

async function openOn(connection: Connection, options: MongoEventStoreOptions): Promise<EventStore> {
  const { service } = options;
  const holeTimeoutMs = options.holeTimeoutMs ?? 2_000;
  const Commits = connection.model<Commit>(`${service}.events`, commitSchema, `${service}.events`);
  const Counters = connection.model(`${service}.counters`, counterSchema, `${service}.counters`);
  const Checkpoints = connection.model(`${service}.checkpoints`, checkpointSchema, `${service}.checkpoints`);
  await Promise.all([Commits.createIndexes(), Counters.createCollection(), Checkpoints.createCollection()]);
  await Counters.updateOne({ _id: 'position' }, { $setOnInsert: { value: 0 } }, { upsert: true }).catch((error) => {
    if (!isDuplicateKey(error)) throw error; // another process created it at the same moment
  });
  const logKey = `${connection.host}:${connection.port}/${connection.name}/${service}`;

  /** Takes `count` consecutive global positions; returns the last. */
  async function allocate(count: number): Promise<number> {
    const counter = await Counters.findOneAndUpdate(
      { _id: 'position' },
      { $inc: { value: count } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    return counter!.value;
  }

  /**
   * Closes positions `from`..`to` as holes, in ascending order, stopping at the first one already taken (by the
   * append that took it, or by another closer): holes never land inside a commit's positions.
   */
  async function closeHoles(from: number, to: number): Promise<void> {
    const holes: Commit[] = [];
    const written = Date.now();
    for (let p = from; p <= to; p++) {
      holes.push({ _id: p, end: p, streamId: HOLE, version: p, lastVersion: p, events: [], at: written, written });
    }
    try {
      await Commits.insertMany(holes, { ordered: true, lean: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    appended.emit(logKey);
  }

  /** After a duplicate position: the counter may be behind the log (a server that lost its last writes). */
  async function counterPastLog(): Promise<void> {
    const top = await Commits.findOne({}, { end: 1 }).sort({ end: -1 }).lean();
    if (top) await Counters.updateOne({ _id: 'position' }, { $max: { value: top.end } });
  }

  /** Positions first seen missing (by this process), for holes whose next commit's clock may be ahead of ours. */
  const holesSeen = new Map<number, number>();
  function holeIsStale(position: number, next: Commit): boolean {
    const now = Date.now();
    if (now - next.written >= holeTimeoutMs) return true;
    const seen = holesSeen.get(position);
    if (seen === undefined) holesSeen.set(position, now);
    return seen !== undefined && now - seen >= holeTimeoutMs;
  }

  /**
   * Readers that found nothing new after a position when the counter stood at a value: while it stands there, no
   * commit can appear after that position, and a poll answers from the counter alone (one small document),
   * without scanning the log: idle subscriptions cost little even on FerretDB, whose queries scan.
   */
  const quiet = new Map<number, number>();

  /**
   * This process's own recent commits by first position: a commit never changes once written (expiry aside), so
   * the subscriptions woken by an append read it from here instead of querying the log.
   */
  const recent = new Map<number, Commit>();
  const remember = (commit: Commit) => {
    recent.set(commit._id, commit);
    if (recent.size > 5_000) recent.delete(recent.keys().next().value!);
  };

  async function readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    const allocated = (await Counters.findById('position').lean())?.value ?? 0;
    if (allocated <= after || quiet.get(after) === allocated) return [];
    const events: RecordedEvent[] = [];
    let cursor = after;
    // The unbroken run of known commits first; the log is read from where it ends (if anything may follow).
    for (let commit = recent.get(cursor + 1); commit; commit = recent.get(cursor + 1)) {
      const known = commit;
      const taken = known.events.slice(0, limit - events.length).map((_, i) => toRecorded(known, i));
      events.push(...taken);
      if (taken.length < known.events.length) return events;
      cursor = known.end;
      if (events.length === limit) return events;
    }
    if (events.length > 0 && cursor >= allocated) return events;
    scan: while (events.length < limit) {
      const wanted = Math.max(limit - events.length, 16);
      const commits = await Commits.find({ end: { $gt: cursor } })
        .sort({ end: 1 })
        .limit(wanted)
        .lean();
      for (const commit of commits) {
        if (commit._id > cursor + 1) {
          // Positions taken by an append that has not landed: wait for it, unless it has had its time.
          if (!holeIsStale(cursor + 1, commit)) break scan;
          holesSeen.delete(cursor + 1);
          await closeHoles(cursor + 1, commit._id - 1);
          continue scan;
        }
        for (let i = Math.max(0, cursor + 1 - commit._id); i < commit.events.length; i++) {
          if (events.length === limit) break scan;
          events.push(toRecorded(commit, i));
        }
        cursor = commit.end;
      }
      if (commits.length < wanted) break;
    }
    for (const position of holesSeen.keys()) if (position <= cursor) holesSeen.delete(position);
    // Every allocated position accounted for (events or holes) and none of them an event: quiet until it moves.
    if (events.length === 0 && cursor >= allocated) {
      if (quiet.size > 1_000) quiet.clear();
      quiet.set(after, allocated);
    }
    return events;
  }

  const checkpoints: CheckpointStore = {
    load: async (subscriberId) => (await Checkpoints.findById(subscriberId).lean())?.position ?? 0,
    store: async (subscriberId, position) =>
      void (await Checkpoints.updateOne({ _id: subscriberId }, { $set: { position } }, { upsert: true })),
  };

  const store: EventStore = {
    checkpoints,
    async append(streamId, events, expected, context = {}): Promise<AppendResult> {
      if (events.length === 0) throw new Error('append needs at least one event');
      if (streamId === HOLE) throw new Error('append needs a stream id');
      for (let attempt = 1; ; attempt++) {
        // The version first, then the command: a retry that lands in between collides on the version below.
        const last = await Commits.findOne({ streamId }, { lastVersion: 1 }).sort({ version: -1 }).lean();
        const current = last?.lastVersion ?? 0;
        // A stream with no commit has no earlier append of this command either.
        if (context.commandId && last) {
          const earlier = await Commits.findOne({ streamId, commandId: context.commandId }, { end: 1, lastVersion: 1 })
            .sort({ version: -1 })
            .lean();
          if (earlier) {
            return { nextExpectedVersion: earlier.lastVersion, lastGlobalPosition: earlier.end, alreadyApplied: true };
          }
        }
        if (expected !== 'any' && expected !== current) throw new ConcurrencyError(streamId, expected, current);
        const end = await allocate(events.length);
        const start = end - events.length + 1;
        const written = Date.now();
        const commit: Commit = {
          _id: start,
          end,
          streamId,
          version: current + 1,
          lastVersion: current + events.length,
          events: events.map((event) => ({
            type: event.type,
            data: JSON.stringify(event.data ?? null),
            eventId: newEventId(),
            ...(event.version && event.version > 1 ? { schemaVersion: event.version } : {}),
          })),
          at: context.at ?? written,
          written,
          commandId: context.commandId,
          actor: context.actor,
          teamId: context.teamId,
          correlationId: context.correlationId,
          causationId: context.causationId,
        };
        try {
          await Commits.insertMany([commit], { lean: true });
          remember(commit);
          appended.emit(logKey);
          return { nextExpectedVersion: commit.lastVersion, lastGlobalPosition: end, alreadyApplied: false };
        } catch (error) {
          // Whatever happened, readers must not wait for these positions; if the insert did land, this stops at once.
          await closeHoles(start, end).catch(() => {});
          if (!isDuplicateKey(error) || attempt >= MAX_ATTEMPTS) throw error;
          // Another append took this version (the next round answers it), or a reader closed our positions as
          // holes (we were late), or the counter is behind: try again with fresh positions.
          await counterPastLog();
        }
      }
    },
    async readStream(streamId, fromVersion = 1) {
      if (streamId === HOLE) return [];
      const commits = await Commits.find({ streamId, lastVersion: { $gte: fromVersion } })
        .sort({ version: 1 })
        .lean();
      return commits.flatMap((commit) =>
        commit.events.map((_, i) => toRecorded(commit, i)).filter((e) => e.metadata.version >= fromVersion),
      );
    },
    readAll,
    async head() {
      const top = await Commits.findOne({ streamId: { $ne: HOLE } }, { end: 1 })
        .sort({ end: -1 })
        .lean();
      return top?.end ?? 0;
    },
    async expireStreams(prefix, before) {
      if (!prefix) throw new Error('expireStreams needs a stream id prefix');
      recent.clear(); // the expired commits become holes
      const commits = await Commits.find(
        { streamId: { $regex: `^${escapeRegex(prefix)}` } },
        { streamId: 1, at: 1, end: 1 },
      ).lean();
      const newest = new Map<string, number>();
      for (const c of commits) newest.set(c.streamId, Math.max(newest.get(c.streamId) ?? -Infinity, c.at));
      const expired = new Set([...newest].filter(([, at]) => at < before).map(([streamId]) => streamId));
      const gone = commits.filter((c) => expired.has(c.streamId));
      if (gone.length === 0) return 0;
      // Their positions stay in the global order, as holes, so readers behind them do not wait for a gap.
      await Commits.bulkWrite(
        gone.map((c) => ({
          updateOne: {
            filter: { _id: c._id, streamId: c.streamId },
            update: {
              $set: { streamId: HOLE, version: c._id, lastVersion: c._id, events: [] },
              $unset: { commandId: 1, actor: 1, teamId: 1, correlationId: 1, causationId: 1 },
            },
          },
        })),
        { ordered: false },
      );
      return expired.size;
    },
    onAppend(listener) {
      appended.on(logKey, listener);
      return () => appended.off(logKey, listener);
    },
    subscribe: (subscribeOptions) => followStore(store, checkpoints, subscribeOptions, options.pollIntervalMs ?? 200),
    async close() {
      await connection.close();
    },
  };
  return store;
}
