import { type Context, context, propagation, ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import { isAbortError } from 'abort-controller-x';
import { ClientError, type Metadata, Status } from 'nice-grpc-common';
import { cachedBy, type HotCounter, type HotHistogram } from '../hotMetrics.js';
import { grpcClientDuration, grpcClientHandled } from '../metrics.js';
import { failed, tracerOf, tracingOn } from '../tracing.js';
import { CallMetadata } from './metadata.js';
import type { ClientWatch } from './watch.js';

/** What a method path (`/pmbok.team.v1.TeamService/GetMembership`) is labelled and named by, worked out once. */
interface MethodNames {
  /** The service as metrics label it: `team` for pmbok's, else the gRPC service. */
  service: string;
  method: string;
  /** `pmbok.team.v1.TeamService`. */
  rpcService: string;
  /** The span name: `pmbok.team.v1.TeamService/GetMembership`. */
  spanName: string;
  /** The client's duration and count by status code, bound to this method's labels once. */
  client: CallMetrics;
}

/** One side's duration and count by status code of one method, bound to their labels once. */
export interface CallMetrics {
  duration: (seconds: number) => void;
  handled: (code: Status) => void;
}

export function callMetrics(duration: HotHistogram, handled: HotCounter, labels: { service: string; method: string }) {
  const byCode = cachedBy((code: Status) => handled.bind({ ...labels, code: Status[code] ?? String(code) }));
  return { duration: duration.bind(labels), handled: (code: Status) => byCode(code)() };
}

/** What both sides do when a call ends: its metrics since `started`, and its span's status and end. */
export function callEnded(metrics: CallMetrics, started: number, code: Status, span: Span | undefined): void {
  metrics.duration((performance.now() - started) / 1000);
  metrics.handled(code);
  if (span) {
    span.setAttribute('rpc.grpc.status_code', code);
    span.end();
  }
}

const names = new Map<string, MethodNames>();

export function methodNames(path: string): MethodNames {
  let known = names.get(path);
  if (!known) {
    const [rpcService = path, method = path] = path.replace(/^\//, '').split('/');
    const service = /^pmbok\.([a-z]+)\.v\d+\./.exec(rpcService)?.[1] ?? rpcService;
    known = {
      service,
      method,
      rpcService,
      spanName: `${rpcService}/${method}`,
      client: callMetrics(grpcClientDuration, grpcClientHandled, { service, method }),
    };
    names.set(path, known);
  }
  return known;
}

const HEALTH = 'grpc.health.v1.Health';

/** W3C trace context in gRPC metadata (text keys `traceparent`, `tracestate`). */
export const metadataSetter = { set: (carrier: Metadata, key: string, value: string) => void carrier.set(key, value) };
export const metadataGetter = {
  get: (carrier: Metadata, key: string) => {
    const value = carrier.get(key);
    return typeof value === 'string' ? value : undefined;
  },
  keys: (carrier: Metadata) => [...carrier].map(([key]) => key),
};

/** The trace context a call's metadata carries (the caller's span), or the root. */
export const contextOfMetadata = (metadata: Metadata): Context =>
  propagation.extract(ROOT_CONTEXT, metadata, metadataGetter);

/**
 * Runs a middleware's inner call so that its code (the handler, or the channel's work) sees `active` as the current
 * trace context: each step of the generator is taken inside it. A consumer that stops early ends the inner call too.
 */
export function inContext<G extends AsyncGenerator<unknown, unknown, undefined>>(active: Context, inner: G): G {
  return stepsIn(active, inner) as G;
}

async function* stepsIn(active: Context, inner: AsyncGenerator<unknown, unknown, undefined>) {
  let done = false;
  try {
    for (;;) {
      const step = await context.with(active, () => inner.next());
      if (step.done) {
        done = true;
        return step.value;
      }
      yield step.value;
    }
  } finally {
    if (!done) await inner.return(undefined);
  }
}

const codeOf = (error: unknown): Status =>
  error instanceof ClientError ? error.code : isAbortError(error) ? Status.CANCELLED : Status.UNKNOWN;

/**
 * The client side of every call: RED metrics by called service and method, and with traces on a client span whose
 * context goes to the server in the call's metadata (`traceparent`). Health checks are counted, not traced.
 */
export function clientWatch(component: string): ClientWatch {
  return (path, options) => {
    const labels = methodNames(path);
    const started = performance.now();
    let span: Span | undefined;
    let active: Context | undefined;
    let callOptions = options;
    if (tracingOn() && labels.rpcService !== HEALTH) {
      span = tracerOf(component).startSpan(labels.spanName, {
        kind: SpanKind.CLIENT,
        attributes: { 'rpc.system': 'grpc', 'rpc.service': labels.rpcService, 'rpc.method': labels.method },
      });
      active = trace.setSpan(context.active(), span);
      const metadata = CallMetadata.copyOf(options.metadata);
      propagation.inject(active, metadata, metadataSetter);
      callOptions = { ...options, metadata };
    }
    return {
      options: callOptions,
      active,
      end(error?: unknown) {
        const code = error === undefined ? Status.OK : codeOf(error);
        if (span && error !== undefined) failed(span, error);
        callEnded(labels.client, started, code, span);
        return error;
      },
    };
  };
}
