import {
  grpcService,
  type RunningService,
  type ServiceOptions,
  type Subscription,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { messagingv1 } from '@pmbok/proto';
import { parseAdminTelephones } from './administrators.js';
import { createFeedback } from './feedback.js';
import { messagingServiceImplementation } from './grpc.js';
import { feedbackProjection } from './projections/feedback/index.js';
import { startAuthReactions } from './reactions/authEvents.js';

/** The messaging service: feedback to the instance's administrators (team messages and live pushes come later). */
export function startMessagingService(
  options: ServiceOptions & {
    clock?: () => number;
    /** Instead of `ADMIN_TELEPHONES` (tests). */
    adminTelephones?: string[];
  },
): Promise<RunningService> {
  const logger = options.logger.child({ service: 'messaging' });
  const adminTelephones = options.adminTelephones ?? parseAdminTelephones(process.env.ADMIN_TELEPHONES);
  logger.info(
    adminTelephones.length > 0
      ? { administrators: adminTelephones.length }
      : { administrators: 'the first account registered' },
    'feedback administrators',
  );
  let directory: Subscription | undefined;
  return startService(
    'messaging',
    {
      projections: [feedbackProjection],
      reactions: async (runtime) => {
        const auth = await startAuthReactions(runtime);
        directory = auth.directory;
        return auth.stops;
      },
      grpc: (runtime, projections) => [
        grpcService(messagingv1.MessagingServiceDefinition, {
          ...statusImplementation('messaging', runtime, projections),
          ...messagingServiceImplementation(
            createFeedback({
              runtime,
              projections,
              logger,
              adminTelephones,
              now: options.clock,
              usersCaughtUp: async () => directory?.catchUp(2_000),
            }),
          ),
        }),
      ],
    },
    options,
  );
}
