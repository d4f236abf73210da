import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Counts the OTLP exporters made: with traces off there must be none.
const made = vi.hoisted(() => ({ exporters: 0 }));
vi.mock('@opentelemetry/exporter-trace-otlp-http', () => ({
  OTLPTraceExporter: class {
    constructor() {
      made.exporters += 1;
    }
    export() {}
    async shutdown() {}
  },
}));

const { createCommandRunner, exporterFromEnv, openSqliteEventStore, startTracing, stopTracing, tracerOf, tracingOn } =
  await import('../src/index.js');
type EventStore = ReturnType<typeof openSqliteEventStore>;

const noted = {
  initialState: () => 0,
  evolve: (count: number) => count + 1,
  decide: (text: string) => [{ type: 'Noted', data: { text } }],
};

describe('tracing', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(() => {
    made.exporters = 0;
    dir = mkdtempSync(join(tmpdir(), 'pmbok-tracing-'));
    store = openSqliteEventStore({ file: join(dir, 't.db'), sync: 'normal' });
  });
  afterEach(async () => {
    await stopTracing();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is off unless the OTEL_* variables ask, and never with OTEL_SDK_DISABLED', () => {
    expect(exporterFromEnv({})).toBeUndefined();
    expect(exporterFromEnv({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toBe(
      undefined,
    );
    expect(exporterFromEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(made.exporters).toBe(0);
    expect(exporterFromEnv({ OTEL_TRACES_EXPORTER: 'otlp' })).toBeDefined();
    expect(exporterFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBeDefined();
    expect(made.exporters).toBe(2);
  });

  it('records nothing and creates no exporter when off: no span, no trace context in the events', async () => {
    expect(startTracing({ env: {} })).toBe(false);
    expect(startTracing({ env: { OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' } })).toBe(false);
    expect(tracingOn()).toBe(false);
    expect(made.exporters).toBe(0);
    const span = tracerOf('team').startSpan('anything');
    expect(span.isRecording()).toBe(false);
    span.end();
    await createCommandRunner({ eventStore: store, service: 'team' })('note-1', noted, 'a', { userId: 1 });
    const [event] = await store.readStream('note-1');
    expect(event!.metadata.causationId).toBeUndefined();
  });

  it('when on, writes the command span as the cause of the events it appends', async () => {
    const exporter = new InMemorySpanExporter();
    expect(startTracing({ exporter })).toBe(true);
    expect(made.exporters).toBe(0);
    await createCommandRunner({ eventStore: store, service: 'team' })('note-1', noted, 'a', { userId: 1 });
    const [event] = await store.readStream('note-1');
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('command note');
    expect(span?.resource.attributes['service.name']).toBe('pmbok-team');
    const { traceId, spanId } = span!.spanContext();
    expect(event!.metadata.causationId).toBe(`00-${traceId}-${spanId}-01`);
    await stopTracing();
    expect(tracingOn()).toBe(false);
    expect(tracerOf('team').startSpan('after').isRecording()).toBe(false);
  });
});
