import {
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { taskv1 } from '@pmbok/proto';

/**
 * The task service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle and gRPC health.
 */
export function startTaskService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
}): Promise<RunningService> {
  return startService(
    'task',
    {
      projections: [],
      grpc: (runtime, projections) => [
        grpcService(taskv1.TaskServiceDefinition, statusImplementation('task', runtime, projections)),
      ],
    },
    options,
  );
}
