import { type Decider, type HandledCommand, handleCommand } from './decider/index.js';
import type { AppendContext, DomainEvent, EventStore } from './eventStore/types.js';
import type { Caller } from './grpc/caller.js';

/** Who a command runs for: a signed-in caller, an anonymous one (no user), or the user a reaction acts for. */
export type CommandCaller = Pick<Partial<Caller>, 'userId' | 'correlationId'>;

export interface CommandOptions {
  /**
   * A retried request's id (from its Idempotency-Key) or a reaction's `<why>:<eventId>`: a command id already in
   * the stream appends nothing and answers what it appended the first time.
   */
  commandId?: string;
  /**
   * The team the stream belongs to, recorded with its events for consumers that fan out per team. Never taken from
   * the caller: the caller's current team (the browser's choice) may be another one.
   */
  teamId?: number;
}

/**
 * Runs one command: the append metadata from the caller and the service clock, `handleCommand` (fold, decide,
 * append with the version read), then, when the service's own read models show any of the events, waits until
 * they have applied them, so the caller's next request reads its own write.
 */
export type RunCommand = <State, Command, Event extends DomainEvent>(
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  caller: CommandCaller,
  options?: CommandOptions,
) => Promise<HandledCommand<State, Event>>;

/** The read models a runner waits for: the service's own projections (their event types) and their runner. */
export interface OwnReadModels {
  projections: readonly { canHandle: readonly string[] }[];
  waitFor(position: number): Promise<void>;
}

/** The append metadata of a command: who (the caller's user), which request, which team, when. */
export function appendContextOf(caller: CommandCaller, options: CommandOptions, at: number): AppendContext {
  return {
    commandId: options.commandId,
    actor: caller.userId ? String(caller.userId) : undefined,
    teamId: options.teamId ? String(options.teamId) : undefined,
    correlationId: caller.correlationId || undefined,
    at,
  };
}

/**
 * The command runner of a service. Without `readModels` it never waits: a reaction answers nobody, so it does not
 * hold its consumer back for this service's projections. Events no own read model handles (SMS codes, guards,
 * tickets, which are folded from their streams) are not waited for either: nothing could read them sooner.
 */
export function createCommandRunner(options: {
  eventStore: EventStore;
  now?: () => number;
  readModels?: OwnReadModels;
}): RunCommand {
  const now = options.now ?? Date.now;
  const shown = new Set(options.readModels?.projections.flatMap((projection) => projection.canHandle));
  return async (streamId, decider, command, caller, commandOptions = {}) => {
    const handled = await handleCommand(
      options.eventStore,
      streamId,
      decider,
      command,
      appendContextOf(caller, commandOptions, now()),
    );
    const position = handled.result.lastGlobalPosition;
    if (options.readModels && position > 0 && handled.events.some((event) => shown.has(event.type))) {
      await options.readModels.waitFor(position);
    }
    return handled;
  };
}
