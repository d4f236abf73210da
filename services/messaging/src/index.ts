import { defineService, type ServiceOptions } from '@pmbok/infra';
import { messagingv1 } from '@pmbok/proto';
import { parseAdminTelephones } from './application/administrators.js';
import { createMessagingUseCases } from './application/index.js';
import { messagingServiceImplementation } from './grpc.js';
import { feedbackProjection } from './projections/feedback/index.js';
import { startAuthReactions } from './reactions/authEvents.js';

type MessagingServiceOptions = ServiceOptions & {
  /** Instead of `ADMIN_TELEPHONES` (tests). */
  adminTelephones?: string[];
};

/** The messaging service: feedback to the instance's administrators (team messages and live pushes come later). */
export const startMessagingService = defineService({
  name: 'messaging',
  contract: messagingv1.MessagingServiceDefinition,
  projections: [feedbackProjection],
  reactions: ({ runtime }, _options: MessagingServiceOptions) => startAuthReactions(runtime),
  calls: (service, { directory }, options) => {
    const adminTelephones = options.adminTelephones ?? parseAdminTelephones(process.env.ADMIN_TELEPHONES);
    service.logger.info(
      adminTelephones.length > 0
        ? { administrators: adminTelephones.length }
        : { administrators: 'the first account registered' },
      'feedback administrators',
    );
    return messagingServiceImplementation(
      createMessagingUseCases({ ...service, adminTelephones, usersCaughtUp: async () => directory.catchUp(2_000) }),
    );
  },
});
