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

/**
 * Read the stream, fold it, decide, append with the version read. A lost race re-reads and decides again,
 * so the decision is always made on the state it is appended after.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: AppendContext,
  retries = 3,
): Promise<HandledCommand<State, Event>> {
  for (let attempt = 0; ; attempt += 1) {
    const recorded = await store.readStream(streamId);
    const state = fold(decider, recorded as RecordedEvent<Event>[]);
    const earlier = context.commandId ? recorded.filter((e) => e.metadata.commandId === context.commandId) : [];
    if (earlier.length > 0) {
      // A retried command: answer as the first time, append nothing.
      const last = earlier[earlier.length - 1]!.metadata;
      const result = {
        nextExpectedVersion: recorded.length,
        lastGlobalPosition: last.globalPosition,
        alreadyApplied: true,
      };
      return { events: earlier as unknown as Event[], state, result };
    }
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return {
        events,
        state,
        result: { nextExpectedVersion: recorded.length, lastGlobalPosition: 0, alreadyApplied: false },
      };
    }
    try {
      const result = await store.append(streamId, events, recorded.length, context);
      return { events, state: events.reduce(decider.evolve, state), result };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= retries) throw error;
    }
  }
}
