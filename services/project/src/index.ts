import {
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';

/**
 * The project service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle and gRPC health.
 */
export function startProjectService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
}): Promise<RunningService> {
  return startService(
    'project',
    {
      projections: [],
      grpc: (runtime, projections) => [
        grpcService(projectv1.ProjectServiceDefinition, statusImplementation('project', runtime, projections)),
      ],
    },
    options,
  );
}
