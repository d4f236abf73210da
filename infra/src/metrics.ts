import { Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';

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

export const grpcServerHandled = registeredMetric(
  'pmbok_grpc_server_handled_total',
  () =>
    new Counter({
      name: 'pmbok_grpc_server_handled_total',
      help: 'gRPC calls handled, by service, method and status code',
      labelNames: ['service', 'method', 'code'],
    }),
);

export const grpcServerDuration = registeredMetric(
  'pmbok_grpc_server_duration_seconds',
  () =>
    new Histogram({
      name: 'pmbok_grpc_server_duration_seconds',
      help: 'gRPC call duration in seconds',
      labelNames: ['service', 'method'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    }),
);

export const eventsAppended = registeredMetric(
  'pmbok_events_appended_total',
  () => new Counter({ name: 'pmbok_events_appended_total', help: 'Events appended', labelNames: ['service'] }),
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

export const liveConnections = registeredMetric(
  'pmbok_gateway_live_connections',
  () => new Gauge({ name: 'pmbok_gateway_live_connections', help: 'Open live (WebSocket) connections' }),
);
