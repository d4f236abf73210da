import { defineService, type ServiceOptions } from '@pmbok/infra';
import { messagingv1 } from '@pmbok/proto';
import { parseAdminTelephones } from './application/administrators.js';
import { createMessagingUseCases } from './application/index.js';
import { messagingServiceImplementation } from './grpc.js';
import { activityProjection } from './projections/activity/index.js';
import { chatProjections } from './projections/chat/index.js';
import { feedbackProjection } from './projections/feedback/index.js';
import { notificationsProjections } from './projections/notifications/index.js';
import { webhooksProjections } from './projections/webhooks/index.js';
import { startMessagingReactions } from './reactions/index.js';

export type MessagingServiceOptions = ServiceOptions & {
  /** Instead of `ADMIN_TELEPHONES` (tests). */
  adminTelephones?: string[];
  /** Variables over the process environment for the PMBOK_* settings (tests start several services in one process). */
  env?: Record<string, string>;
};

/**
 * The messaging service: feedback to the instance's administrators, and team messages — notifications made from the
 * other services' events, follows, conversations, outgoing webhooks and the unread badge pushed live (ADR 15).
 */
export const startMessagingService = defineService({
  name: 'messaging',
  contract: messagingv1.MessagingServiceDefinition,
  projections: [
    feedbackProjection,
    ...notificationsProjections,
    ...chatProjections,
    ...webhooksProjections,
    activityProjection,
  ],
  reactions: (service, options: MessagingServiceOptions) =>
    startMessagingReactions(service, { env: { ...process.env, ...options.env } }),
  calls: (service, { directory, work }, options) => {
    const adminTelephones = options.adminTelephones ?? parseAdminTelephones(process.env.ADMIN_TELEPHONES);
    service.logger.info(
      adminTelephones.length > 0
        ? { administrators: adminTelephones.length }
        : { administrators: 'the first account registered' },
      'feedback administrators',
    );
    return messagingServiceImplementation(
      createMessagingUseCases({
        ...service,
        adminTelephones,
        usersCaughtUp: async () => directory.catchUp(2_000),
        work,
        env: { ...process.env, ...options.env },
      }),
    );
  },
});
