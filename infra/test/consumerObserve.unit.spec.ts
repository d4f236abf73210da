import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  projectionLagSeconds,
  type RecordedEvent,
  startTracing,
  stopTracing,
  traceparentOf,
  tracerOf,
} from '../src/index.js';
import { observedHandler } from '../src/projections/observe.js';

const recorded = (position: number, at: number, causationId?: string): RecordedEvent => ({
  type: 'Noted',
  data: {},
  metadata: {
    eventId: `e${position}`,
    streamId: 'note-1',
    version: position,
    globalPosition: position,
    at,
    causationId,
  },
});

/** A finished span of a command, whose traceparent events carry. */
function commandSpan(name: string) {
  const span = tracerOf('task').startSpan(name);
  span.end();
  return { span, traceparent: traceparentOf(span) };
}

const lagOf = async (consumer: string) =>
  (await projectionLagSeconds.get()).values.find((sample) => sample.labels.projection === consumer)?.value;

describe('observed consumers', () => {
  let exporter: InMemorySpanExporter;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    startTracing({ exporter });
  });
  afterEach(async () => {
    await stopTracing();
  });

  it("handles each request's events of a mixed batch in a span of that request's trace", async () => {
    const first = commandSpan('command one');
    // A second command of the same request: its span is in the first's trace.
    const again = tracerOf('task').startSpan('command one again', {}, trace.setSpan(ROOT_CONTEXT, first.span));
    again.end();
    const second = commandSpan('command two');
    const calls: { positions: number[]; traceId?: string }[] = [];
    const handler = observedHandler(
      { service: 'messaging', consumer: 'c1', spanName: 'process task (c1)' },
      async (events) => {
        // What handling causes (a reaction's command) is a child of the active span: in the events' trace.
        tracerOf('messaging').startSpan('reaction').end();
        calls.push({
          positions: events.map((event) => event.metadata.globalPosition),
          traceId: trace.getActiveSpan()?.spanContext().traceId,
        });
      },
    );
    const now = Date.now() + 1;
    await handler([
      recorded(1, now, first.traceparent),
      recorded(2, now), // no trace: stays with the events around it
      recorded(3, now, traceparentOf(again)),
      recorded(4, now, second.traceparent),
      recorded(5, now, second.traceparent),
    ]);
    const traceOne = first.span.spanContext().traceId;
    const traceTwo = second.span.spanContext().traceId;
    // In log order, cut where the trace changes.
    expect(calls).toEqual([
      { positions: [1, 2, 3], traceId: traceOne },
      { positions: [4, 5], traceId: traceTwo },
    ]);
    const spans = exporter.getFinishedSpans();
    const consumers = spans.filter((span) => span.name === 'process task (c1)');
    expect(consumers.map((span) => span.spanContext().traceId)).toEqual([traceOne, traceTwo]);
    const [one, two] = consumers;
    expect(one!.resource.attributes['service.name']).toBe('pmbok-messaging');
    expect(one!.parentSpanContext?.spanId).toBe(first.span.spanContext().spanId);
    expect(one!.links.map((link) => link.context.spanId)).toEqual([again.spanContext().spanId]);
    expect(one!.attributes['messaging.batch.message_count']).toBe(3);
    expect(two!.parentSpanContext?.spanId).toBe(second.span.spanContext().spanId);
    expect(two!.links).toEqual([]);
    expect(two!.attributes['messaging.batch.message_count']).toBe(2);
    const reactions = spans.filter((span) => span.name === 'reaction');
    expect(reactions.map((span) => span.parentSpanContext?.spanId)).toEqual(
      consumers.map((span) => span.spanContext().spanId),
    );
  });

  it('makes no span for a batch of types it does not handle, and a trace of its own for a catch-up', async () => {
    const old = commandSpan('command old');
    const handles = new Set(['Noted']);
    const handler = observedHandler(
      { service: 'task', consumer: 'c2', spanName: 'project c2', handles },
      async () => {},
    );
    await handler([{ ...recorded(1, Date.now() + 1, old.traceparent), type: 'Other' }]);
    expect(exporter.getFinishedSpans().filter((span) => span.name === 'project c2')).toEqual([]);
    // Events older than the consumer: a rebuild at start.
    await handler([recorded(2, Date.now() - 86_400_000, old.traceparent)]);
    const [catchUp] = exporter.getFinishedSpans().filter((span) => span.name === 'project c2');
    expect(catchUp!.parentSpanContext).toBeUndefined();
    expect(catchUp!.spanContext().traceId).not.toBe(old.span.spanContext().traceId);
    expect(catchUp!.links.map((link) => link.context.spanId)).toEqual([old.span.spanContext().spanId]);
  });

  it('sets the lag of the newest event applied, counting a catch-up from the consumer start', async () => {
    const started = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: started });
    try {
      const handler = observedHandler({ service: 'task', consumer: 'c3', spanName: 'project c3' }, async () => {});
      vi.setSystemTime(started + 5_000);
      // A day-old event applied by a consumer started 5 s ago is 5 s late, not a day.
      await handler([recorded(1, started - 86_400_000)]);
      expect(await lagOf('c3')).toBe(5);
      // An event appended 1 s after the start, applied 5 s after it.
      await handler([recorded(2, started + 1_000)]);
      expect(await lagOf('c3')).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
