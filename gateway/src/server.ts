import {
  collectProcessMetrics,
  createLogger,
  type DestinationStream,
  openRealtime,
  type Realtime,
  startTracing,
  stopTracing,
} from '@pmbok/infra';
import Fastify, { type FastifyReply } from 'fastify';
import app from './app.js';
import { startBanner } from './banner.js';
import { type GatewayConfig, loadGatewayConfig, type ServiceName, serviceAddressesFromEnv } from './config.js';
import { newRequestId } from './plugins/api.js';
import { envelope } from './plugins/envelope.js';
import { requestLogger } from './requestLogger.js';
import { startMetricsServer } from './routes/metrics.js';

/**
 * Builds the Fastify server around the app plugin (no listening). Its request log names paths and query keys,
 * never query values nor headers (see createLogger); `logDestination` is where the lines go (tests read them).
 */
export async function buildServer(
  config: GatewayConfig,
  addresses: Record<ServiceName, string>,
  realtime?: Realtime,
  logDestination?: DestinationStream,
) {
  const server = Fastify({
    loggerInstance: createLogger('gateway', config.runtime.logLevel, logDestination),
    trustProxy: config.trustProxy,
    requestTimeout: 10_000,
    bodyLimit: 1024 * 1024,
    genReqId: (request) => newRequestId(request.headers['x-request-id']),
    childLoggerFactory: requestLogger,
    // A path the router cannot read (bad percent-encoding, an overlong parameter) is refused before any route,
    // inside the envelope like every other answer.
    frameworkErrors: (_error, _request, reply: FastifyReply) =>
      reply.status(400).send(envelope(400, '请求地址格式错误')),
  });
  const live = realtime ?? (await openRealtime(config.runtime, 'gateway'));
  // The connection the gateway opened is closed with it; one passed in belongs to the caller.
  if (!realtime) server.addHook('onClose', () => live.close());
  await server.register(app, {
    addresses,
    callTimeoutMs: config.callTimeoutMs,
    consoleDir: config.consoleDir,
    devMode: config.runtime.devMode,
    smsProvider: config.runtime.smsProvider,
    metricsToken: config.metrics.token,
    anonymousWritesPerMinute: config.anonymousWritesPerMinute,
    sessionCacheMs: config.sessionCacheMs,
    realtime: live,
  });
  return server;
}

/** Distributed mode: the services run elsewhere, at the addresses in the environment. */
async function main() {
  collectProcessMetrics();
  // Before the server is built: its observability plugin adds the span hooks only when traces are on.
  startTracing({ component: 'gateway' });
  const loaded = loadGatewayConfig();
  // Ended sessions are announced over NATS; a gateway process that cannot hear them must not keep sessions.
  const config = loaded.runtime.natsUrl ? loaded : { ...loaded, sessionCacheMs: 0 };
  const server = await buildServer(config, serviceAddressesFromEnv());
  if (!loaded.runtime.natsUrl && loaded.sessionCacheMs > 0)
    server.log.warn(
      'NATS_URL is unset: verified sessions are not cached (ended sessions could not reach this gateway)',
    );
  await server.listen({ port: config.port, host: config.host });
  const metrics = await startMetricsServer(config.metrics, server.log);
  const banner = startBanner(config.runtime);
  if (banner) console.warn(banner);
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(
      signal,
      () =>
        void Promise.all([server.close(), metrics?.close()])
          .then(stopTracing)
          .then(() => process.exit(0)),
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
