import {
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { messagingv1 } from '@pmbok/proto';

/**
 * The messaging service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle and gRPC health.
 */
export function startMessagingService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
}): Promise<RunningService> {
  return startService(
    'messaging',
    {
      projections: [],
      grpc: (runtime, projections) => [
        grpcService(messagingv1.MessagingServiceDefinition, statusImplementation('messaging', runtime, projections)),
      ],
    },
    options,
  );
}
