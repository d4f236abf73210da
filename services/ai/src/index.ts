import {
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { aiv1 } from '@pmbok/proto';

/**
 * The ai service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle and gRPC health.
 */
export function startAiService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
}): Promise<RunningService> {
  return startService(
    'ai',
    {
      projections: [],
      grpc: (runtime, projections) => [
        grpcService(aiv1.AiServiceDefinition, statusImplementation('ai', runtime, projections)),
      ],
    },
    options,
  );
}
