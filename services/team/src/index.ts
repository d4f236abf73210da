import {
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { teamv1 } from '@pmbok/proto';

/**
 * The team service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle and gRPC health.
 */
export function startTeamService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
}): Promise<RunningService> {
  return startService(
    'team',
    {
      projections: [],
      grpc: (runtime, projections) => [
        grpcService(teamv1.TeamServiceDefinition, statusImplementation('team', runtime, projections)),
      ],
    },
    options,
  );
}
