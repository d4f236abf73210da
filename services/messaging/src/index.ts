import { type RunningService, type ServiceOptions, startStatusOnlyService } from '@pmbok/infra';
import { messagingv1 } from '@pmbok/proto';

/**
 * The messaging service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle, health and status.
 */
export const startMessagingService = (options: ServiceOptions): Promise<RunningService> =>
  startStatusOnlyService('messaging', messagingv1.MessagingServiceDefinition, options);
