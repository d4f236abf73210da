import { type Context, type Link, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { EventBus } from '../eventBus/types.js';
import type { EventStore, RecordedEvent } from '../eventStore/types.js';
import { projectionLagSeconds } from '../metrics.js';
import type { ServiceRuntime } from '../runtime.js';
import { contextOfTraceparent, inSpan, tracerOf, tracingOn } from '../tracing.js';

type BatchHandler = (events: RecordedEvent[]) => Promise<void>;

export interface Consumer {
  /** The service whose read model or reaction this is. */
  service: string;
  /** The read model or consumer (group) name, as `pmbok_projection_lag_seconds` labels it. */
  consumer: string;
  spanName: string;
  /** The log it reads: another service's topic, or the service's own. */
  topic?: string;
  /** The event types it handles, when known: a batch with none of them makes no span. */
  handles?: ReadonlySet<string>;
}

/**
 * The trace context of a batch: the context of the first event that carries one (the span whose command appended
 * it, `metadata.causationId`), with links to the other appending spans of the batch. One request's events then stay
 * in its trace; a batch that mixes several requests belongs to the first and points at the others. With `linksOnly`
 * (a catch-up of old events) the batch only points at them.
 */
function parentOf(events: RecordedEvent[], linksOnly: boolean): { parent: Context; links: Link[] } {
  let parent: Context | undefined;
  let parentSpan = '';
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    const traceparent = event.metadata.causationId;
    if (!traceparent || seen.has(traceparent)) continue;
    seen.add(traceparent);
    const found = contextOfTraceparent(traceparent);
    const spanContext = found && trace.getSpanContext(found);
    if (!found || !spanContext) continue;
    if (!parent && !linksOnly) {
      parent = found;
      parentSpan = spanContext.spanId;
    } else if (spanContext.spanId !== parentSpan && links.length < 32) links.push({ context: spanContext });
  }
  return { parent: parent ?? ROOT_CONTEXT, links };
}

/**
 * A batch handler with its consumer's metrics (the lag of the newest event when applied, counted from the
 * consumer's start for older events) and, with traces on, a
 * consumer span per batch, child of the span that appended its first event (see `parentOf`).
 */
export function observedHandler(consumer: Consumer, handler: BatchHandler): BatchHandler {
  const labels = { service: consumer.service, projection: consumer.consumer };
  const { handles } = consumer;
  // Events older than the consumer are a catch-up (a read model rebuilt at start): their lag counts from the start,
  // so that a quiet read model does not keep yesterday's age once it has caught up.
  const since = Date.now();
  return async (events) => {
    const last = events.at(-1);
    if (!last) return handler(events);
    if (tracingOn() && (!handles || events.some((event) => handles.has(event.type)))) {
      // A rebuild's catch-up (events older than the consumer) starts traces of its own, pointing at the old ones.
      const { parent, links } = parentOf(events, events[0]!.metadata.at < since);
      await inSpan(
        tracerOf(consumer.service),
        consumer.spanName,
        {
          kind: SpanKind.CONSUMER,
          links,
          attributes: {
            'messaging.system': 'pmbok',
            'messaging.operation.type': 'process',
            'messaging.destination.name': consumer.topic ?? consumer.service,
            'messaging.consumer.group.name': consumer.consumer,
            'messaging.batch.message_count': events.length,
            'pmbok.event_types': [...new Set(events.map((event) => event.type))].join(','),
          },
        },
        parent,
        () => handler(events),
      );
    } else await handler(events);
    const now = Date.now();
    projectionLagSeconds.set(labels, Math.max(0, now - Math.max(last.metadata.at, since)) / 1000);
  };
}

/** The event bus whose consumers are observed (the reactions and fed read models of `service`). */
export function observedEventBus(bus: EventBus, service: string): EventBus {
  return {
    subscribe: (options) =>
      bus.subscribe({
        ...options,
        handler: observedHandler(
          {
            service,
            consumer: options.group,
            topic: options.topic,
            spanName: `process ${options.topic} (${options.group})`,
          },
          options.handler,
        ),
      }),
    close: () => bus.close(),
  };
}

/** The event store whose subscribers (a service's reactions to its own log) are observed; the rest is the store. */
export function observedEventStore(store: EventStore, service: string): EventStore {
  const subscribe: EventStore['subscribe'] = (options) =>
    store.subscribe({
      ...options,
      handler: observedHandler(
        { service, consumer: options.subscriberId, spanName: `process ${service} (${options.subscriberId})` },
        options.handler,
      ),
    });
  return overriding(store, { subscribe });
}

/**
 * `target` with some methods replaced and the others its own, bound once (an adapter may be a class whose methods
 * need their `this`).
 */
export function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  const bound = new Map<PropertyKey, unknown>(Object.entries(overrides));
  return new Proxy(target, {
    get(object, key) {
      if (bound.has(key)) return bound.get(key);
      const value = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      const method = value.bind(object);
      bound.set(key, method);
      return method;
    },
  });
}

/** The runtime a service's reactions get: the same adapters, their consumers observed. */
export function observedRuntime(runtime: ServiceRuntime, service: string): ServiceRuntime {
  return {
    ...runtime,
    eventBus: observedEventBus(runtime.eventBus, service),
    eventStore: observedEventStore(runtime.eventStore, service),
  };
}
