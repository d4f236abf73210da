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

  it("continues the trace of the batch's first event and links the other requests' spans", async () => {
    const first = commandSpan('command one');
    const second = commandSpan('command two');
    let seen = 0;
    const handler = observedHandler(
      { service: 'messaging', consumer: 'c1', spanName: 'process task (c1)' },
      async (events) => {
        seen += events.length;
      },
    );
    const now = Date.now() + 1;
    await handler([
      recorded(1, now, first.traceparent),
      recorded(2, now, first.traceparent),
      recorded(3, now, second.traceparent),
    ]);
    expect(seen).toBe(3);
    const consumer = exporter.getFinishedSpans().find((span) => span.name === 'process task (c1)')!;
    expect(consumer.resource.attributes['service.name']).toBe('pmbok-messaging');
    expect(consumer.spanContext().traceId).toBe(first.span.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(first.span.spanContext().spanId);
    expect(consumer.links.map((link) => link.context.spanId)).toEqual([second.span.spanContext().spanId]);
    expect(consumer.attributes['messaging.batch.message_count']).toBe(3);
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
