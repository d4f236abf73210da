import { context as otelContext, SpanKind, trace } from '@opentelemetry/api';
import { isAbortError } from 'abort-controller-x';
import {
  type CallContext,
  createServer,
  ServerError,
  type ServiceImplementation,
  Status,
  type TsProtoServiceDefinition,
} from 'nice-grpc';
import { HealthDefinition, HealthServiceImpl, HealthState } from 'nice-grpc-server-health';
import type { Logger } from 'pino';
import { DomainError, grpcStatusOf } from '../errors.js';
import { ConcurrencyError } from '../eventStore/types.js';
import { cachedBy } from '../hotMetrics.js';
import { grpcServerDuration, grpcServerHandled } from '../metrics.js';
import { failed, tracerOf, tracingOn } from '../tracing.js';
import { registerInProcess } from './inProcess.js';
import { callEnded, callMetrics, contextOfMetadata, methodNames } from './observe.js';
import { type ServerWatch, serverMiddleware } from './watch.js';

/** A service definition with its implementation; build it with `grpcService` so the two are checked together. */
export interface GrpcServiceRegistration {
  definition: TsProtoServiceDefinition & { fullName: string };
  implementation: unknown;
}

export const grpcService = <D extends TsProtoServiceDefinition & { fullName: string }>(
  definition: D,
  implementation: ServiceImplementation<D>,
): GrpcServiceRegistration => ({ definition, implementation });

export interface RunningGrpcServer {
  address: string;
  port: number;
  health: HealthState;
  stop(): Promise<void>;
}

/**
 * Turns what a handler throws into a gRPC status, in one place, and counts every call. With traces on, the handler
 * runs in a server span, child of the caller's span named by the call's `traceparent` metadata.
 */
function serverWatch(serviceName: string, logger: Logger): ServerWatch {
  // This server's metrics per method, bound to their labels once.
  const metricsOf = cachedBy((_path: string, method: string) =>
    callMetrics(grpcServerDuration, grpcServerHandled, { service: serviceName, method }),
  );
  return (path, context) => {
    const names = methodNames(path);
    const { method } = names;
    const metrics = metricsOf(path, method);
    const started = performance.now();
    const span = tracingOn() && names.rpcService !== HEALTH ? serverSpan(serviceName, names, context) : undefined;
    return {
      options: context,
      active: span ? trace.setSpan(otelContext.active(), span) : undefined,
      end(error?: unknown) {
        let code = Status.OK;
        let answer = error;
        if (error !== undefined) {
          if (span) failed(span, error);
          if (error instanceof ServerError) code = error.code;
          else if (isAbortError(error)) code = Status.CANCELLED;
          else if (error instanceof DomainError) {
            code = grpcStatusOf[error.kind];
            answer = new ServerError(code, error.message);
          } else if (error instanceof ConcurrencyError) {
            code = Status.ABORTED;
            answer = new ServerError(code, '数据已被其他人修改，请刷新后重试');
          } else {
            code = Status.INTERNAL;
            logger.error({ err: error, method }, 'unhandled error in gRPC handler');
            answer = new ServerError(code, 'internal error');
          }
        }
        callEnded(metrics, started, code, span);
        return answer;
      },
    };
  };
}

const HEALTH = 'grpc.health.v1.Health';

function serverSpan(serviceName: string, names: ReturnType<typeof methodNames>, call: CallContext) {
  return tracerOf(serviceName).startSpan(
    names.spanName,
    {
      kind: SpanKind.SERVER,
      attributes: { 'rpc.system': 'grpc', 'rpc.service': names.rpcService, 'rpc.method': names.method },
    },
    contextOfMetadata(call.metadata),
  );
}

/** Uploads pass through gRPC, so messages may carry a 5 MiB image plus framing. */
export const GRPC_MESSAGE_LIMITS = {
  'grpc.max_receive_message_length': 8 * 1024 * 1024,
  'grpc.max_send_message_length': 8 * 1024 * 1024,
};

/** Starts a gRPC server with the standard health service; port 0 picks a free port. */
export async function startGrpcServer(options: {
  name: string;
  services: GrpcServiceRegistration[];
  host?: string;
  port?: number;
  logger: Logger;
}): Promise<RunningGrpcServer> {
  const watch = serverWatch(options.name, options.logger);
  const server = createServer(GRPC_MESSAGE_LIMITS).use(serverMiddleware(watch));
  const health = HealthState();
  const healthService = grpcService(HealthDefinition, HealthServiceImpl(health));
  server.add(HealthDefinition, HealthServiceImpl(health));
  for (const service of options.services) {
    server.add(service.definition, service.implementation as ServiceImplementation<typeof service.definition>);
    health.setStatus('healthy', service.definition.fullName);
  }
  health.setStatus('healthy');
  const host = options.host ?? '127.0.0.1';
  const port = await server.listen(`${host}:${options.port ?? 0}`);
  const address = `${host}:${port}`;
  // Callers in this process (the embedded gateway) reach the handlers without the socket (ADR 19).
  const unregister = registerInProcess(address, [healthService, ...options.services], watch);
  return {
    address,
    port,
    health,
    async stop() {
      health.setStatus('unhealthy');
      await unregister();
      await server.shutdown();
    },
  };
}
