import { EventEmitter } from 'node:events';
import { type Connection, Schema } from 'mongoose';
import { newEventId } from '../ids.js';
import { connectMongo, isDuplicateKey, type MongoLocation, upsertRaced } from './mongoConnection.js';
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
  /**
   * Answer the append path and stream reads with `_id` lookups (a stream head and command records) instead of
   * indexed queries. By default on FerretDB only, whose SQLite backend scans for any filter but `{ _id: string }`.
   */
  byId?: boolean;
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

/** A commit's `_id`: its stream and first version (a hole's: '' and its position), unique as the pair is. */
const commitId = (streamId: string, version: number) => `${streamId}:${version}`;

interface Commit {
  /** `<streamId>:<first version>`: a stream's commits are found by `_id` alone (FerretDB looks up nothing else). */
  _id: string;
  /** The first event's global position (unique: a position has one commit or one hole). */
  start: number;
  /** The last event's global position (`start` for a hole). */
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
    _id: String,
    start: { type: Number, required: true },
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
// A position is taken once: by its commit or by a hole, whichever lands first (ADR 18).
commitSchema.index({ start: 1 }, { unique: true });
commitSchema.index({ streamId: 1, commandId: 1 });

/** A stream's last version, as far as its writers got to say: never ahead of its commits, maybe behind. */
const streamSchema = new Schema<{ _id: string; version: number }>(
  { _id: String, version: Number },
  { versionKey: false },
);
/** A command's append (`_id`: the JSON of [stream id, command id]), written after its commit, before the head. */
const commandSchema = new Schema<{ _id: string; streamId: string; lastVersion: number; end: number }>(
  { _id: String, streamId: String, lastVersion: Number, end: Number },
  { versionKey: false },
);
const commandKey = (streamId: string, commandId: string) => JSON.stringify([streamId, commandId]);

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
    globalPosition: commit.start + index,
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
  const Streams = connection.model(`${service}.streams`, streamSchema, `${service}.streams`);
  const Commands = connection.model(`${service}.commands`, commandSchema, `${service}.commands`);
  await Promise.all([
    Commits.createIndexes(),
    Counters.createCollection(),
    Checkpoints.createCollection(),
    Streams.createCollection(),
    Commands.createCollection(),
  ]);
  await Counters.updateOne({ _id: 'position' }, { $setOnInsert: { value: 0 } }, { upsert: true }).catch((error) => {
    if (!isDuplicateKey(error)) throw error; // another process created it at the same moment
  });
  const byId =
    options.byId ??
    'ferretdbVersion' in ((await connection.db!.admin().command({ buildInfo: 1 })) as Record<string, unknown>);
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
      holes.push({
        _id: commitId(HOLE, p),
        start: p,
        end: p,
        streamId: HOLE,
        version: p,
        lastVersion: p,
        events: [],
        at: written,
        written,
      });
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

  const commitAt = (streamId: string, version: number) => Commits.findById(commitId(streamId, version)).lean();

  /** A landed commit's command record: an append of the same command answers from it. Idempotent. */
  async function recordCommand(commit: Pick<Commit, 'streamId' | 'commandId' | 'lastVersion' | 'end'>) {
    if (!commit.commandId) return;
    const { streamId, lastVersion, end } = commit;
    const _id = commandKey(streamId, commit.commandId);
    await upsertRaced(() => Commands.updateOne({ _id }, { $set: { streamId, lastVersion, end } }, { upsert: true }));
  }

  const raiseHead = (streamId: string, version: number) =>
    upsertRaced(() => Streams.updateOne({ _id: streamId }, { $max: { version } }, { upsert: true }));

  const headOf = async (streamId: string) => (await Streams.findById(streamId).lean())?.version ?? 0;

  /**
   * A stream's last version by `_id` lookups: its head, then the commits after it (commits tile the versions, so
   * the next one starts at last + 1). Commits found past the head (a writer that stopped before writing it) get
   * their command records now, so every commit up to the version returned has one.
   */
  async function walkPastHead(streamId: string): Promise<number> {
    const head = await headOf(streamId);
    let current = head;
    for (let next = await commitAt(streamId, current + 1); next; next = await commitAt(streamId, current + 1)) {
      await recordCommand(next);
      current = next.lastVersion;
    }
    if (current > head) await raiseHead(streamId, current);
    return current;
  }

  /**
   * The stream's version, then an earlier append of the command (ADR 18: in this order). By `_id`, the head alone
   * first (a small collection; FerretDB scans even for an `_id`): if it is behind, the insert collides with the
   * commit after it and the next round walks past it (`walk`), as it does before refusing an expected version.
   */
  async function versionAndEarlier(streamId: string, commandId: string | undefined, walk: boolean) {
    if (byId) {
      const current = walk ? await walkPastHead(streamId) : await headOf(streamId);
      const earlier = commandId && current > 0 ? await Commands.findById(commandKey(streamId, commandId)).lean() : null;
      return { current, earlier };
    }
    const last = await Commits.findOne({ streamId }, { lastVersion: 1 }).sort({ version: -1 }).lean();
    // A stream with no commit has no earlier append of this command either.
    const earlier =
      commandId && last
        ? await Commits.findOne({ streamId, commandId }, { end: 1, lastVersion: 1 }).sort({ version: -1 }).lean()
        : null;
    return { current: last?.lastVersion ?? 0, earlier };
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
    recent.set(commit.start, commit);
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
        if (commit.start > cursor + 1) {
          // Positions taken by an append that has not landed: wait for it, unless it has had its time.
          if (!holeIsStale(cursor + 1, commit)) break scan;
          holesSeen.delete(cursor + 1);
          await closeHoles(cursor + 1, commit.start - 1);
          continue scan;
        }
        for (let i = Math.max(0, cursor + 1 - commit.start); i < commit.events.length; i++) {
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

  const streamQuery = (streamId: string, fromVersion: number) =>
    Commits.find({ streamId, lastVersion: { $gte: fromVersion } })
      .sort({ version: 1 })
      .lean();

  /**
   * A stream's commits up to its head (FerretDB): nothing past it without reading the log, a few by `_id`, more by
   * one query (a scan either way, but one). A commit past the head is one whose writer stopped before writing it,
   * never acknowledged: the next append to the stream collides with it and moves the head past it.
   */
  async function streamCommitsById(streamId: string, fromVersion: number): Promise<Commit[]> {
    const head = await headOf(streamId);
    if (fromVersion > head) return [];
    if (head - fromVersion >= 4) return streamQuery(streamId, fromVersion);
    const first = await commitAt(streamId, fromVersion);
    if (!first) return streamQuery(streamId, fromVersion); // inside a commit of several events
    const commits = [first];
    for (let last = first; last.lastVersion < head; ) {
      const next = await commitAt(streamId, last.lastVersion + 1);
      if (!next) break;
      commits.push(next);
      last = next;
    }
    return commits;
  }

  const checkpoints: CheckpointStore = {
    load: async (subscriberId) => (await Checkpoints.findById(subscriberId).lean())?.position ?? 0,
    store: async (subscriberId, position) =>
      void (await upsertRaced(() =>
        Checkpoints.updateOne({ _id: subscriberId }, { $set: { position } }, { upsert: true }),
      )),
  };

  const store: EventStore = {
    checkpoints,
    async append(streamId, events, expected, context = {}): Promise<AppendResult> {
      if (events.length === 0) throw new Error('append needs at least one event');
      if (streamId === HOLE) throw new Error('append needs a stream id');
      let walk = false;
      for (let attempt = 1; ; attempt++) {
        // The version first, then the command: a retry that lands in between collides on the version below.
        const { current, earlier } = await versionAndEarlier(streamId, context.commandId, walk);
        if (earlier) {
          return { nextExpectedVersion: earlier.lastVersion, lastGlobalPosition: earlier.end, alreadyApplied: true };
        }
        if (expected !== 'any' && expected !== current) {
          if (byId && !walk) {
            walk = true; // the head may be behind: look past it before refusing
            continue;
          }
          throw new ConcurrencyError(streamId, expected, current);
        }
        const end = await allocate(events.length);
        const start = end - events.length + 1;
        const written = Date.now();
        const commit: Commit = {
          _id: commitId(streamId, current + 1),
          start,
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
        } catch (error) {
          // Whatever happened, readers must not wait for these positions; if the insert did land, this stops at once.
          await closeHoles(start, end).catch(() => {});
          if (!isDuplicateKey(error) || attempt >= MAX_ATTEMPTS) throw error;
          walk = true;
          // Another append took this version (the next round answers it), or a reader closed our positions as
          // holes (we were late), or the counter is behind: try again with fresh positions.
          if (!(await commitAt(streamId, current + 1))) await counterPastLog();
          continue;
        }
        remember(commit);
        appended.emit(logKey);
        if (byId) {
          // The command's record before the head: every commit up to the head has its record. A writer that stops
          // in between leaves the head behind, and the next append's lookups walk past it and write them.
          await recordCommand(commit);
          await raiseHead(streamId, commit.lastVersion);
        }
        return { nextExpectedVersion: commit.lastVersion, lastGlobalPosition: end, alreadyApplied: false };
      }
    },
    async readStream(streamId, fromVersion = 1) {
      if (streamId === HOLE) return [];
      const commits = byId ? await streamCommitsById(streamId, fromVersion) : await streamQuery(streamId, fromVersion);
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
        { streamId: 1, at: 1, start: 1, end: 1, written: 1 },
      ).lean();
      const newest = new Map<string, number>();
      for (const c of commits) newest.set(c.streamId, Math.max(newest.get(c.streamId) ?? -Infinity, c.at));
      const expired = [...newest].filter(([, at]) => at < before).map(([streamId]) => streamId);
      const expiredSet = new Set(expired);
      const gone = commits.filter((c) => expiredSet.has(c.streamId));
      if (gone.length === 0) return 0;
      // Heads and command records go before and after the commits: an append racing the expiry of its (idle)
      // stream must find neither a head past a deleted commit nor a record of one.
      const forget = () =>
        Promise.all([
          Streams.deleteMany({ _id: { $in: expired } }),
          Commands.deleteMany({ streamId: { $in: expired } }),
        ]);
      await forget();
      // Each commit gives way to a hole over its positions (an `_id` never changes, and the stream's ids must be
      // free again), so readers behind it find no gap to wait for; one that looks in between may close it itself.
      for (const c of gone) {
        await Commits.deleteOne({ _id: c._id });
        const hole: Commit = {
          _id: commitId(HOLE, c.start),
          start: c.start,
          end: c.end,
          streamId: HOLE,
          version: c.start,
          lastVersion: c.start,
          events: [],
          at: c.at,
          written: c.written,
        };
        await Commits.insertMany([hole], { lean: true }).catch((error) => {
          if (!isDuplicateKey(error)) throw error;
        });
      }
      await forget();
      return expired.length;
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
