import type { Logger } from 'pino';
import { loadRuntimeConfig, portFrom, type RuntimeConfig } from './config.js';
import type { GrpcServiceRegistration } from './grpc/server.js';
import { startGrpcServer } from './grpc/server.js';
import { createLogger } from './logging.js';
import { collectProcessMetrics } from './metrics.js';
import { type Projection, type ProjectionRunner, runProjections } from './projections/index.js';
import { openServiceRuntime, type ServiceRuntime } from './runtime.js';

export interface ServiceParts {
  projections: Projection[];
  grpc(runtime: ServiceRuntime, projections: ProjectionRunner): GrpcServiceRegistration[];
  /** Consumers of other services' events, started after the projections. */
  reactions?(runtime: ServiceRuntime): Promise<(() => Promise<void>)[]>;
  onStop?(): Promise<void>;
}

export interface RunningService {
  name: string;
  /** host:port of the service's gRPC server. */
  address: string;
  stop(): Promise<void>;
}

/** The GetStatus call every service's contract has: how far its read models are behind its log. */
export function statusImplementation(name: string, runtime: ServiceRuntime, projections: ProjectionRunner) {
  return {
    async getStatus() {
      const logHead = await runtime.eventStore.head();
      return { service: name, logHead, projectedPosition: projections.position() ?? logHead };
    },
  };
}

export type ServiceOptions = { config: RuntimeConfig; logger: Logger; host?: string; port?: number };

/**
 * A service whose domain is not built yet: its log, read store and gRPC server with health and GetStatus.
 * `definition` is its contract, which has GetStatus only until the service's issue adds calls.
 */
export function startStatusOnlyService(
  name: string,
  definition: GrpcServiceRegistration['definition'],
  options: ServiceOptions,
): Promise<RunningService> {
  return startService(
    name,
    {
      projections: [],
      grpc: (runtime, projections) => [
        { definition, implementation: statusImplementation(name, runtime, projections) },
      ],
    },
    options,
  );
}

/**
 * The lifecycle every service shares: open its adapters, catch its projections up with the log, start its
 * reactions, then serve gRPC (with health). Stopping runs the same steps backwards.
 */
export async function startService(
  name: string,
  parts: ServiceParts,
  options: { config: RuntimeConfig; logger: Logger; host?: string; port?: number },
): Promise<RunningService> {
  collectProcessMetrics();
  const logger = options.logger.child({ service: name });
  const runtime = await openServiceRuntime(name, options.config);
  const projections = await runProjections({
    service: name,
    eventStore: runtime.eventStore,
    readStore: runtime.readStore,
    projections: parts.projections,
    logger,
  });
  await projections.waitFor(await runtime.eventStore.head(), 120_000);
  const stopReactions = (await parts.reactions?.(runtime)) ?? [];
  const server = await startGrpcServer({
    name,
    services: parts.grpc(runtime, projections),
    host: options.host,
    port: options.port,
    logger,
  });
  logger.info({ address: server.address }, 'service started');
  return {
    name,
    address: server.address,
    async stop() {
      await server.stop();
      for (const stop of stopReactions) await stop();
      await projections.stop();
      await parts.onStop?.();
      await runtime.close();
    },
  };
}

/** `src/main.ts` of every service: configuration from the environment, gRPC on GRPC_HOST:GRPC_PORT. */
export function serviceMain(
  name: string,
  start: (options: { config: RuntimeConfig; logger: Logger; host: string; port: number }) => Promise<RunningService>,
  defaultPort: number,
): void {
  const logger = createLogger(name);
  runServiceProcess(
    () =>
      start({
        config: loadRuntimeConfig(),
        logger,
        host: process.env.GRPC_HOST ?? '0.0.0.0',
        port: portFrom(process.env, 'GRPC_PORT', defaultPort),
      }),
    logger,
  );
}

/** Entry point of a service run as its own process: start, then stop cleanly on SIGTERM or SIGINT. */
export function runServiceProcess(start: () => Promise<RunningService>, logger: Logger): void {
  start().then(
    (service) => {
      const shutdown = (signal: string) => {
        logger.info({ signal }, 'shutting down');
        service.stop().then(
          () => process.exit(0),
          (error) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (error) => {
      logger.fatal({ err: error }, 'service failed to start');
      process.exit(1);
    },
  );
}
