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

/** The context of the span that appended `event` (its `metadata.causationId`), parsed once per traceparent. */
function appendingSpan(event: RecordedEvent, parsed: Map<string, Context | undefined>) {
  const traceparent = event.metadata.causationId;
  if (!traceparent) return undefined;
  if (!parsed.has(traceparent)) parsed.set(traceparent, contextOfTraceparent(traceparent));
  const context = parsed.get(traceparent);
  const spanContext = context && trace.getSpanContext(context);
  return context && spanContext ? { context, spanContext } : undefined;
}

/** Events of a batch that belong to one trace: the span to continue (none: a trace of their own) and to link. */
interface TraceRun {
  events: RecordedEvent[];
  parent: Context;
  links: Link[];
}

const MAX_LINKS = 32;

/**
 * A batch cut where its trace changes: each run continues the span that appended its first event and links the
 * run's other appending spans, so that each request's events (and what handling them causes: a reaction's command,
 * a push) stay in that request's trace even when a consumer's batch mixes several requests. Cut in runs rather than
 * grouped by trace, so that the handler still applies the events in log order; an event without a trace joins the
 * run it stands in. With `catchUp` (a rebuild's old events) the batch is one run in a trace of its own that only
 * points at the old ones.
 */
function traceRuns(events: RecordedEvent[], catchUp: boolean): TraceRun[] {
  const parsed = new Map<string, Context | undefined>();
  const runs: (TraceRun & { traceId?: string; spans: Set<string> })[] = [];
  let run: (typeof runs)[number] | undefined;
  for (const event of events) {
    const found = appendingSpan(event, parsed);
    if (!catchUp && found && run?.traceId !== undefined && run.traceId !== found.spanContext.traceId) run = undefined;
    if (!run) {
      run = { events: [], parent: ROOT_CONTEXT, links: [], spans: new Set() };
      runs.push(run);
    }
    run.events.push(event);
    if (!found || run.spans.has(found.spanContext.spanId)) continue;
    run.spans.add(found.spanContext.spanId);
    if (!catchUp && run.traceId === undefined) {
      run.parent = found.context;
      run.traceId = found.spanContext.traceId;
    } else if (run.links.length < MAX_LINKS) run.links.push({ context: found.spanContext });
  }
  return runs;
}

/**
 * A batch handler with its consumer's metrics (the lag of the newest event when applied, counted from the
 * consumer's start for older events) and, with traces on, a consumer span per trace of the batch: the handler is
 * called once per run of one trace's events (see `traceRuns`), each run in its span, child of the span that
 * appended the run's first event. Without traces the handler gets the whole batch.
 */
export function observedHandler(consumer: Consumer, handler: BatchHandler): BatchHandler {
  const labels = { service: consumer.service, projection: consumer.consumer };
  const { handles } = consumer;
  // Events older than the consumer are a catch-up (a read model rebuilt at start): their lag counts from the start,
  // so that a quiet read model does not keep yesterday's age once it has caught up.
  const since = Date.now();
  const inRun = ({ events, parent, links }: TraceRun) =>
    handles && !events.some((event) => handles.has(event.type))
      ? handler(events)
      : inSpan(
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
  return async (events) => {
    const last = events.at(-1);
    if (!last) return handler(events);
    if (!tracingOn()) await handler(events);
    // A rebuild's catch-up (events older than the consumer) starts a trace of its own, pointing at the old ones.
    else for (const run of traceRuns(events, events[0]!.metadata.at < since)) await inRun(run);
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
