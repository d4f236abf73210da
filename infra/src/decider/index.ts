import type { AppendContext, AppendResult, DomainEvent, EventStore, RecordedEvent } from '../eventStore/types.js';
import { ConcurrencyError } from '../eventStore/types.js';

/** The pure heart of an aggregate: decide on a command given the state folded from its events. */
export interface Decider<State, Command, Event extends DomainEvent> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export const fold = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
  events: readonly (Event | RecordedEvent<Event>)[],
): State => events.reduce((state, event) => decider.evolve(state, event as Event), decider.initialState());

export interface HandledCommand<State, Event extends DomainEvent> {
  events: Event[];
  state: State;
  result: AppendResult;
}

/** What a command needs of a stream it has seen before: the folded state and where its commands' events are. */
interface StreamMemo<State> {
  version: number;
  state: State;
  /** Command id → the versions of the events it appended (first, last). */
  commands: Map<string, [number, number]>;
}

/** Streams remembered per store and decider; the least recently used are forgotten beyond this many. */
const MEMO_LIMIT = 10_000;
const memos = new WeakMap<EventStore, WeakMap<object, Map<string, StreamMemo<unknown>>>>();

function memoOf<State>(store: EventStore, decider: object): Map<string, StreamMemo<State>> {
  let byDecider = memos.get(store);
  if (!byDecider) {
    byDecider = new WeakMap();
    memos.set(store, byDecider);
  }
  let streams = byDecider.get(decider);
  if (!streams) {
    streams = new Map();
    byDecider.set(decider, streams);
  }
  return streams as Map<string, StreamMemo<State>>;
}

/**
 * The stream's state now: the remembered fold plus the events appended since (only those are read), so a
 * command on a long stream costs its new events, not the whole history. Deciders are pure, so a remembered
 * state is never changed by later folds.
 */
async function currentState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, unknown, Event>,
): Promise<StreamMemo<State>> {
  const streams = memoOf<State>(store, decider);
  const known = streams.get(streamId);
  const fresh = await store.readStream(streamId, (known?.version ?? 0) + 1);
  let memo: StreamMemo<State> = known ?? { version: 0, state: decider.initialState(), commands: new Map() };
  if (fresh.length > 0) {
    const commands = new Map(memo.commands);
    let state = memo.state;
    for (const event of fresh) {
      state = decider.evolve(state, event as unknown as Event);
      const { commandId, version } = event.metadata;
      if (commandId) commands.set(commandId, [commands.get(commandId)?.[0] ?? version, version]);
    }
    memo = { version: fresh.at(-1)!.metadata.version, state, commands };
  }
  streams.delete(streamId);
  streams.set(streamId, memo);
  if (streams.size > MEMO_LIMIT) streams.delete(streams.keys().next().value as string);
  return memo;
}

/**
 * A stream's state as its events fold now, for reading (a command checking another aggregate): from the same
 * remembered fold as commands, so a long stream is not read and folded again on every call, only its new events.
 */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, unknown, Event>,
): Promise<State> {
  return (await currentState(store, streamId, decider)).state;
}

/**
 * Fold the stream (from what is remembered of it), decide, append with the version read. A lost race re-reads
 * and decides again, so the decision is always made on the state it is appended after.
 */
export function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: AppendContext,
  retries = 3,
): Promise<HandledCommand<State, Event>> {
  return oneAtATime(store, streamId, () => decideAndAppend(store, streamId, decider, command, context, retries));
}

/** Per store, the last command queued on each stream. */
const queues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/**
 * Commands on one stream in this process run one after the other: each reads the stream after the one before it
 * appended. Together they would all read the same version and all but one lose the race, round after round (the
 * SQLite store commits a turn's appends together, so a burst of them on one stream, such as registrations from one
 * address, ran out of retries). Writers in other processes still race, and the retries below settle that.
 */
function oneAtATime<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(store);
  if (!queue) {
    queue = new Map();
    queues.set(store, queue);
  }
  const before = queue.get(streamId);
  const run = before ? before.then(work, work) : work();
  const settled = run.then(
    () => {},
    () => {},
  );
  queue.set(streamId, settled);
  void settled.then(() => {
    if (queue.get(streamId) === settled) queue.delete(streamId);
  });
  return run;
}

async function decideAndAppend<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: AppendContext,
  retries: number,
): Promise<HandledCommand<State, Event>> {
  const streams = memoOf<State>(store, decider);
  // A stream seen before is decided on as remembered, without reading it (issue 24): an append at the remembered
  // version proves the state was current, and a lost race reads it. Anything else the state alone decides (a
  // rejection, no events to append) is decided again on the stream as read now.
  let remembered = streams.get(streamId);
  // The round on the remembered state is not one of the retries.
  for (let attempt = remembered ? -1 : 0; ; attempt += 1) {
    const unread = remembered !== undefined;
    const { version, state, commands } = remembered ?? (await currentState(store, streamId, decider));
    remembered = undefined;
    const earlier = context.commandId ? commands.get(context.commandId) : undefined;
    if (earlier) {
      // A retried command: answer as the first time, append nothing.
      const [from, to] = earlier;
      const appended = (await store.readStream(streamId, from)).filter((e) => e.metadata.version <= to);
      const result = {
        nextExpectedVersion: version,
        lastGlobalPosition: appended.at(-1)!.metadata.globalPosition,
        alreadyApplied: true,
      };
      return {
        events: appended.filter((e) => e.metadata.commandId === context.commandId) as unknown as Event[],
        state,
        result,
      };
    }
    let events: Event[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (unread) continue;
      throw error;
    }
    if (events.length === 0) {
      if (unread) continue;
      return {
        events,
        state,
        result: { nextExpectedVersion: version, lastGlobalPosition: 0, alreadyApplied: false },
      };
    }
    try {
      const result = await store.append(streamId, events, version, context);
      // The command id was appended before by a writer this process did not see: read it and answer as then.
      if (result.alreadyApplied && unread) {
        streams.delete(streamId);
        continue;
      }
      const next = events.reduce(decider.evolve, state);
      if (!result.alreadyApplied) remember(streams, streamId, version, next, commands, result, context.commandId);
      return { events, state: next, result };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= retries) throw error;
      // The remembered fold is not the stream any more (another writer, or the stream expired): read it anew.
      streams.delete(streamId);
    }
  }
}

/** The stream after this process's own append: its events folded in, so that the next command need not read them. */
function remember<State>(
  streams: Map<string, StreamMemo<State>>,
  streamId: string,
  version: number,
  state: State,
  commands: Map<string, [number, number]>,
  result: AppendResult,
  commandId: string | undefined,
): void {
  const known = commandId ? new Map(commands).set(commandId, [version + 1, result.nextExpectedVersion]) : commands;
  streams.delete(streamId);
  streams.set(streamId, { version: result.nextExpectedVersion, state, commands: known });
  if (streams.size > MEMO_LIMIT) streams.delete(streams.keys().next().value as string);
}
