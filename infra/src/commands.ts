import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { type Decider, type HandledCommand, handleCommand } from './decider/index.js';
import type { AppendContext, DomainEvent, EventStore } from './eventStore/types.js';
import type { Caller } from './grpc/caller.js';
import { eventStoreAppendSeconds, eventsAppended } from './metrics.js';
import { overriding } from './projections/observe.js';
import { inSpan, traceparentOf, tracerOf, tracingOn } from './tracing.js';

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

/**
 * The append metadata of a command: who (the caller's user), which request, which team, when, and with traces on
 * the span that appends (its W3C `traceparent` as the causation id), so that consumers of the events continue the
 * request's trace (docs/operations-tracing.md).
 */
export function appendContextOf(caller: CommandCaller, options: CommandOptions, at: number): AppendContext {
  return {
    commandId: options.commandId,
    actor: caller.userId ? String(caller.userId) : undefined,
    teamId: options.teamId ? String(options.teamId) : undefined,
    correlationId: caller.correlationId || undefined,
    causationId: tracingOn() ? activeTraceparent() : undefined,
    at,
  };
}

/** Also an unsampled span's: its consumers then stay unsampled too (parent-based sampling). */
function activeTraceparent(): string | undefined {
  const span = trace.getActiveSpan();
  return span && isSpanContextValid(span.spanContext()) ? traceparentOf(span) : undefined;
}

const timedStores = new WeakMap<EventStore, Map<string, EventStore>>();

/**
 * The store as a service's commands use it: each append is timed (`pmbok_event_store_append_seconds`) and its events
 * counted, around the adapter rather than in it, so that every adapter is measured alike. One per store and service,
 * so that the streams `handleCommand` remembers stay remembered.
 */
function timedStore(store: EventStore, service: string): EventStore {
  let byService = timedStores.get(store);
  if (!byService) {
    byService = new Map();
    timedStores.set(store, byService);
  }
  let timed = byService.get(service);
  if (!timed) {
    const labels = { service };
    const append: EventStore['append'] = async (streamId, events, expected, appendContext) => {
      const started = performance.now();
      try {
        const result = await store.append(streamId, events, expected, appendContext);
        if (!result.alreadyApplied) for (const event of events) eventsAppended.inc({ service, type: event.type });
        return result;
      } finally {
        eventStoreAppendSeconds.observe(labels, (performance.now() - started) / 1000);
      }
    };
    timed = overriding(store, { append });
    byService.set(service, timed);
  }
  return timed;
}

/** `task-42` → `task`: the span name's part that stays few. */
const streamKind = (streamId: string) => {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
};

/**
 * The command runner of a service. Without `readModels` it never waits: a reaction answers nobody, so it does not
 * hold its consumer back for this service's projections. Events no own read model handles (SMS codes, guards,
 * tickets, which are folded from their streams) are not waited for either: nothing could read them sooner.
 */
export function createCommandRunner(options: {
  eventStore: EventStore;
  now?: () => number;
  readModels?: OwnReadModels;
  /** The service running the commands: labels its append metrics and names its spans' component. */
  service?: string;
}): RunCommand {
  const now = options.now ?? Date.now;
  const service = options.service ?? 'unknown';
  const eventStore = timedStore(options.eventStore, service);
  const shown = new Set(options.readModels?.projections.flatMap((projection) => projection.canHandle));
  const run: RunCommand = async (streamId, decider, command, caller, commandOptions = {}) => {
    const handled = await handleCommand(
      eventStore,
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
  return (streamId, decider, command, caller, commandOptions) => {
    if (!tracingOn()) return run(streamId, decider, command, caller, commandOptions);
    // The command's span is the events' cause: appendContextOf writes its traceparent into their metadata.
    return inSpan(
      tracerOf(service),
      `command ${streamKind(streamId)}`,
      { attributes: { 'pmbok.stream_id': streamId } },
      context.active(),
      async (span) => {
        const handled = await run(streamId, decider, command, caller, commandOptions);
        span.setAttributes({
          'pmbok.event_types': handled.events.map((event) => event.type).join(','),
          'pmbok.global_position': handled.result.lastGlobalPosition,
          'pmbok.already_applied': handled.result.alreadyApplied,
        });
        return handled;
      },
    );
  };
}
