import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';
import { HotCounter, HotHistogram } from './hotMetrics.js';

export { cachedBy, HotCounter, HotHistogram } from './hotMetrics.js';

/**
 * Every pmbok metric but the AI service's (services/ai/src/application/metrics.ts), the API answers
 * (gateway/src/plugins/api.ts) and the mock's (gateway/src/routes/mock.ts); names and meanings are listed in
 * docs/operations-tracing.md, and k8s/monitoring/prometheus-rule.yaml alerts on them.
 */
export { register as metricsRegistry };

let defaultsCollected = false;
/** Process metrics once per process, whichever component asks first. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics();
}

/** Returns the metric registered under `name`, creating it on first use (components may start twice in tests). */
export function registeredMetric<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const RPC_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export const grpcServerHandled = registeredMetric(
  'pmbok_grpc_server_handled_total',
  () =>
    new HotCounter({
      name: 'pmbok_grpc_server_handled_total',
      help: 'gRPC calls handled, by service, method and status code',
      labelNames: ['service', 'method', 'code'],
    }),
);

export const grpcServerDuration = registeredMetric(
  'pmbok_grpc_server_duration_seconds',
  () =>
    new HotHistogram({
      name: 'pmbok_grpc_server_duration_seconds',
      help: 'gRPC call duration in seconds',
      labelNames: ['service', 'method'],
      buckets: RPC_BUCKETS,
    }),
);

export const grpcClientHandled = registeredMetric(
  'pmbok_grpc_client_handled_total',
  () =>
    new HotCounter({
      name: 'pmbok_grpc_client_handled_total',
      help: 'gRPC calls made, by the called service, method and status code',
      labelNames: ['service', 'method', 'code'],
    }),
);

export const grpcClientDuration = registeredMetric(
  'pmbok_grpc_client_duration_seconds',
  () =>
    new HotHistogram({
      name: 'pmbok_grpc_client_duration_seconds',
      help: 'gRPC call duration seen by the caller, in seconds',
      labelNames: ['service', 'method'],
      buckets: RPC_BUCKETS,
    }),
);

export const httpRequestDuration = registeredMetric(
  'pmbok_http_request_duration_seconds',
  () =>
    new HotHistogram({
      name: 'pmbok_http_request_duration_seconds',
      help: 'HTTP requests answered by the gateway: duration by method, route template and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
    }),
);

export const eventsAppended = registeredMetric(
  'pmbok_events_appended_total',
  () =>
    new Counter({
      name: 'pmbok_events_appended_total',
      help: 'Events appended by commands, by service and event type',
      labelNames: ['service', 'type'],
    }),
);

export const eventStoreAppendSeconds = registeredMetric(
  'pmbok_event_store_append_seconds',
  () =>
    new Histogram({
      name: 'pmbok_event_store_append_seconds',
      help: "Time of one append to a service's event store (commit included), by service",
      labelNames: ['service'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    }),
);

export const projectionApplySeconds = registeredMetric(
  'pmbok_projection_apply_seconds',
  () =>
    new Histogram({
      name: 'pmbok_projection_apply_seconds',
      help: 'Time to apply one batch of events to a projection',
      labelNames: ['projection'],
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5],
    }),
);

export const projectionLagSeconds = registeredMetric(
  'pmbok_projection_lag_seconds',
  () =>
    new Gauge({
      name: 'pmbok_projection_lag_seconds',
      help: "Seconds between the newest event's time and its apply, at the last batch, by service and read model or consumer",
      labelNames: ['service', 'projection'],
    }),
);

/** Where a running projection is and how far its log goes; read when Prometheus scrapes. */
export interface ProjectionProgress {
  service: string;
  projection: string;
  position(): number;
  head(): Promise<number>;
}

const progressSources = new Set<ProjectionProgress>();

/** Counts a projection in `pmbok_projection_behind_events` until the returned function is called. */
export function trackProjection(progress: ProjectionProgress): () => void {
  progressSources.add(progress);
  return () => void progressSources.delete(progress);
}

export const projectionBehindEvents = registeredMetric(
  'pmbok_projection_behind_events',
  () =>
    new Gauge({
      name: 'pmbok_projection_behind_events',
      help: "Events of the service's own log a read model has not applied yet (head minus its position)",
      labelNames: ['service', 'projection'],
      async collect() {
        this.reset();
        for (const source of progressSources) {
          const head = await source.head().catch(() => source.position());
          this.set({ service: source.service, projection: source.projection }, Math.max(0, head - source.position()));
        }
      },
    }),
);

export const kafkaConsumerLag = registeredMetric(
  'pmbok_kafka_consumer_lag',
  () =>
    new Gauge({
      name: 'pmbok_kafka_consumer_lag',
      help: 'Messages of a partition a consumer group has not handled yet (high watermark minus the next offset)',
      labelNames: ['topic', 'group', 'partition'],
    }),
);

export const liveConnections = registeredMetric(
  'pmbok_gateway_live_connections',
  () => new Gauge({ name: 'pmbok_gateway_live_connections', help: 'Open live (WebSocket) connections' }),
);

export const testRunRequests = registeredMetric(
  'pmbok_test_run_requests_total',
  () =>
    new Counter({
      name: 'pmbok_test_run_requests_total',
      help: 'Requests sent by API test runs on the server, by outcome (passed, failed, error: not answered)',
      labelNames: ['outcome'],
    }),
);

export const livePushes = registeredMetric(
  'pmbok_live_pushes_total',
  () =>
    new Counter({
      name: 'pmbok_live_pushes_total',
      help: 'Pushes handed to live listeners (sockets, the mock index), by audience (user, team, topic)',
      labelNames: ['audience'],
    }),
);

/**
 * `/metrics` of a service run as its own process, on `METRICS_PORT` (when set; `METRICS_HOST`, loopback by default),
 * as the gateway serves its own: never on the gRPC port. A port already taken leaves the service running without it.
 */
export async function startServiceMetrics(
  env: Record<string, string | undefined>,
  log: { info(message: string): void; warn(details: object, message: string): void },
): Promise<{ port: number; close(): Promise<void> } | null> {
  const port = Number(env.METRICS_PORT);
  if (!env.METRICS_PORT || env.METRICS_PORT === 'off' || !Number.isInteger(port) || port < 0 || port > 65_535)
    return null;
  const host = env.METRICS_HOST || '127.0.0.1';
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    register.metrics().then(
      (text) => response.writeHead(200, { 'content-type': register.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    log.warn({ err: error }, `metrics listener not started on ${host}:${port}`);
    return null;
  }
  const bound = (server.address() as AddressInfo).port;
  log.info(`metrics on http://${host}:${bound}/metrics`);
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
