import { isAbortError } from 'abort-controller-x';
import {
  type CallContext,
  createServer,
  ServerError,
  type ServerMiddlewareCall,
  type ServiceImplementation,
  Status,
  type TsProtoServiceDefinition,
} from 'nice-grpc';
import { HealthDefinition, HealthServiceImpl, HealthState } from 'nice-grpc-server-health';
import type { Logger } from 'pino';
import { DomainError, grpcStatusOf } from '../errors.js';
import { ConcurrencyError } from '../eventStore/types.js';
import { grpcServerDuration, grpcServerHandled } from '../metrics.js';

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

/** Turns what a handler throws into a gRPC status, in one place, and counts every call. */
function observe(serviceName: string, logger: Logger) {
  return async function* <Req, Res>(call: ServerMiddlewareCall<Req, Res>, context: CallContext) {
    const method = call.method.path.split('/').pop() ?? call.method.path;
    const stopTimer = grpcServerDuration.startTimer({ service: serviceName, method });
    let code = Status.OK;
    try {
      return yield* call.next(call.request, context);
    } catch (error) {
      if (error instanceof ServerError) {
        code = error.code;
        throw error;
      }
      if (isAbortError(error)) {
        code = Status.CANCELLED;
        throw error;
      }
      if (error instanceof DomainError) {
        code = grpcStatusOf[error.kind];
        throw new ServerError(code, error.message);
      }
      if (error instanceof ConcurrencyError) {
        code = Status.ABORTED;
        throw new ServerError(code, '数据已被其他人修改，请刷新后重试');
      }
      code = Status.INTERNAL;
      logger.error({ err: error, method }, 'unhandled error in gRPC handler');
      throw new ServerError(code, 'internal error');
    } finally {
      stopTimer();
      grpcServerHandled.inc({ service: serviceName, method, code: Status[code] });
    }
  };
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
  const server = createServer(GRPC_MESSAGE_LIMITS).use(observe(options.name, options.logger));
  const health = HealthState();
  server.add(HealthDefinition, HealthServiceImpl(health));
  for (const service of options.services) {
    server.add(service.definition, service.implementation as ServiceImplementation<typeof service.definition>);
    health.setStatus('healthy', service.definition.fullName);
  }
  health.setStatus('healthy');
  const host = options.host ?? '127.0.0.1';
  const port = await server.listen(`${host}:${options.port ?? 0}`);
  return {
    address: `${host}:${port}`,
    port,
    health,
    async stop() {
      health.setStatus('unhealthy');
      await server.shutdown();
    },
  };
}
