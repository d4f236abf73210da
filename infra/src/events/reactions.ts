import type { EventBus } from '../eventBus/types.js';
import type { CheckpointStore, DomainEvent, EventStore, RecordedEvent, Subscription } from '../eventStore/types.js';
import type { Projection } from '../projections/index.js';
import type { ReadStore } from '../readStore/types.js';
import { type EventSource, type HandlerMap, type Recorded, upcast } from './contract.js';

type Logs = { eventStore: EventStore; eventBus: EventBus; readStore: ReadStore };

/** A consumer of a log, started with the service's reactions. */
export interface Reaction {
  readonly name: string;
  start(runtime: Logs): Promise<Subscription>;
}

/** Where a reaction resumes: its own checkpoint (kept by the bus or the event store) or the log's head. */
type Start = 'checkpoint' | 'head';

/** A checkpoint store that starts at the log's head and remembers nothing across restarts. */
async function fromHead(log: EventStore): Promise<CheckpointStore> {
  let position = await log.head();
  return {
    load: async () => position,
    store: async (_id, at) => {
      position = at;
    },
  };
}

function follow(
  runtime: Logs,
  options: { name: string; topic?: string; checkpoints?: CheckpointStore },
  handler: (events: RecordedEvent[]) => Promise<void>,
): Promise<Subscription> {
  const { name, topic, checkpoints } = options;
  return topic
    ? runtime.eventBus.subscribe({ topic, group: name, checkpoints, handler })
    : runtime.eventStore.subscribe({ subscriberId: name, checkpoints, handler });
}

/**
 * Reacts to events of one log with a handler per event type, typed by the source (another service's published
 * contract or this service's own events). Delivery is at least once, so handlers are idempotent (a command id
 * derived from the event's id makes a redelivered event append nothing).
 */
export function reaction<E extends DomainEvent, K extends E['type']>(
  definition: {
    /** The consumer group on another service's topic, or the subscriber on the service's own log. */
    name: string;
    source: EventSource<E>;
    /**
     * 'checkpoint' (the default) resumes where it stopped. 'head' starts at the log's head at every start and keeps
     * no position: for notifications, where a restart may drop one but must not replay old ones.
     */
    start?: Start;
    /** Called after the handlers of each batch (to send one push for many events). */
    afterBatch?: () => Promise<void>;
  } & (
    | { on: HandlerMap<E, K, [], Promise<void>> }
    /** Every event of the source, for a reaction that treats them alike (a notification of any change). */
    | { each: (event: Recorded<E>) => Promise<void> }
  ),
): Reaction {
  const { name, source, afterBatch } = definition;
  type Handler = (event: RecordedEvent) => Promise<void>;
  const handlers = ('on' in definition ? definition.on : {}) as unknown as Record<string, Handler>;
  const handle: Handler =
    'each' in definition ? (definition.each as Handler) : async (event) => handlers[event.type]?.(event);
  return {
    name,
    async start(runtime) {
      const head = definition.start === 'head';
      if (head && source.topic) throw new Error(`reaction ${name}: only the service's own log starts at its head`);
      return follow(
        runtime,
        { name, topic: source.topic, checkpoints: head ? await fromHead(runtime.eventStore) : undefined },
        async (events) => {
          for (const event of events) await handle(upcast(event, source.upcasters));
          await afterBatch?.();
        },
      );
    },
  };
}

/**
 * Feeds a read model from another service's topic. Its position is kept with the read model (in the read store's
 * checkpoints), so an in-memory read model is rebuilt from the topic when the process starts, together with the
 * service's own projections (ADR 5).
 */
export function feed(projection: Projection, group: string): Reaction {
  const { topic } = projection;
  if (!topic) throw new Error(`projection ${projection.name} reads no other service's topic`);
  const handles = new Set(projection.canHandle);
  return {
    name: group,
    start: (runtime) =>
      follow(runtime, { name: group, topic, checkpoints: runtime.readStore.checkpoints }, async (events) => {
        for (const event of events) if (handles.has(event.type)) await projection.handle(event, runtime.readStore);
      }),
  };
}

/** Starts a service's reactions in order; their subscriptions come back under the same keys (use cases wait on some). */
export async function startReactions<R extends Record<string, Reaction>>(
  runtime: Logs,
  reactions: R,
): Promise<{ subscriptions: { [K in keyof R]: Subscription }; stops: (() => Promise<void>)[] }> {
  const subscriptions = {} as { [K in keyof R]: Subscription };
  for (const key of Object.keys(reactions) as (keyof R)[]) subscriptions[key] = await reactions[key]!.start(runtime);
  return { subscriptions, stops: Object.values<Subscription>(subscriptions).map((s) => () => s.stop()) };
}
