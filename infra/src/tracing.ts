import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * OpenTelemetry traces (docs/operations-tracing.md). Off unless the standard variables ask for them
 * (`OTEL_TRACES_EXPORTER=otlp|console`, or an `OTEL_EXPORTER_OTLP_ENDPOINT` with no exporter named), never with
 * `OTEL_SDK_DISABLED=true`. While off nothing is set up: every instrumented place first asks `tracingOn()` and does
 * nothing more, so the request path pays one boolean test.
 *
 * Every component of the process (the gateway, each service) gets its own provider named `pmbok-<component>`, all
 * sharing one exporter: in the embedded mode one process then still shows six services and a gateway in a trace.
 */

type Env = Record<string, string | undefined>;

interface Tracing {
  processors: SpanProcessor[];
  providers: Map<string, NodeTracerProvider>;
  /** The component whose name `OTEL_SERVICE_NAME` replaces (a process that runs one). */
  main?: string;
  serviceName?: string;
}

let tracing: Tracing | undefined;

/** True once traces are being recorded in this process. */
export const tracingOn = (): boolean => tracing !== undefined;

/** The exporter the variables name, or none when traces are off. */
export function exporterFromEnv(env: Env = process.env): SpanExporter | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const named = (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase();
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (named === 'otlp' || (named === '' && endpoint)) return new OTLPTraceExporter();
  if (named === 'console') return new ConsoleSpanExporter();
  return undefined;
}

/**
 * Starts tracing once per process, from the variables (`OTEL_*`) or with the exporter a test gives (spans then go to
 * it one by one, not batched). Returns whether traces are on. `component` names the process when it runs one
 * component only (a service's or the gateway's own process), so that `OTEL_SERVICE_NAME` may rename it.
 */
export function startTracing(options: { env?: Env; exporter?: SpanExporter; component?: string } = {}): boolean {
  if (tracing) return true;
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' && !options.exporter) return false;
  const exporter = options.exporter ?? exporterFromEnv(env);
  if (!exporter) return false;
  const processor = options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  tracing = {
    processors: [processor],
    providers: new Map(),
    main: options.component,
    serviceName: env.OTEL_SERVICE_NAME || undefined,
  };
  // The process's own provider: context manager (AsyncLocalStorage) and propagators (W3C trace context, baggage).
  providerOf(options.component ?? 'process').register();
  return true;
}

/** Ends tracing: what is buffered is exported, later spans are no-ops again (tests, shutdown). */
export async function stopTracing(): Promise<void> {
  const current = tracing;
  if (!current) return;
  tracing = undefined;
  await Promise.all([...current.providers.values()].map((provider) => provider.shutdown()));
  trace.disable();
  context.disable();
  propagation.disable();
}

function providerOf(component: string): NodeTracerProvider {
  const state = tracing!;
  let provider = state.providers.get(component);
  if (!provider) {
    const name =
      component === state.main && state.serviceName ? state.serviceName : `pmbok-${component.replace(/^pmbok-/, '')}`;
    provider = new NodeTracerProvider({
      resource: defaultResource()
        .merge(detectResources({ detectors: [envDetector] }))
        .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: name, 'service.namespace': 'pmbok' })),
      spanProcessors: state.processors,
    });
    state.providers.set(component, provider);
  }
  return provider;
}

/** The tracer of a component (`gateway`, `team`…): its spans carry `service.name` `pmbok-<component>`. */
export function tracerOf(component: string): Tracer {
  return tracing ? providerOf(component).getTracer('pmbok') : trace.getTracer('pmbok');
}

/** Runs `work` in a new active span, ending it when the promise settles; a rejection marks the span failed. */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: Parameters<Tracer['startSpan']>[1],
  parent: Context,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const span = tracer.startSpan(name, options, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span failed by `error`. */
export function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
}

const w3c = new W3CTraceContextPropagator();

/** The W3C `traceparent` of a span, as events carry it (`metadata.causationId`: the span that appended them). */
export function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

/** The context a `traceparent` names, or undefined when the value is none. */
export function contextOfTraceparent(traceparent: string | undefined): Context | undefined {
  if (!traceparent?.startsWith('00-')) return undefined;
  const extracted = w3c.extract(
    ROOT_CONTEXT,
    { traceparent },
    { get: (c, k) => c[k as 'traceparent'], keys: Object.keys },
  );
  return trace.getSpanContext(extracted) ? extracted : undefined;
}

export type { Context as TraceContext, Span } from '@opentelemetry/api';

type Headers = Record<string, string | string[] | undefined>;
const headerGetter = {
  get: (carrier: Headers, key: string) => {
    const value = carrier[key];
    return Array.isArray(value) ? value[0] : value;
  },
  keys: (carrier: Headers) => Object.keys(carrier),
};

/**
 * A server span for a request whose headers may carry the client's trace context (`traceparent`), with the context
 * to run the request's work in (`runInTrace`).
 */
export function startServerSpan(
  component: string,
  name: string,
  headers: Headers,
  attributes: Record<string, string | number>,
): { span: Span; context: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, headers, headerGetter);
  const span = tracerOf(component).startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` with `active` as the current trace context (what it starts, and their callbacks, see it). */
export const runInTrace = <T>(active: Context, work: () => T): T => context.with(active, work);

/** Marks a span failed without an exception (a server error told in an answer). */
export const markFailed = (span: Span): void => {
  span.setStatus({ code: SpanStatusCode.ERROR });
};
