import { commandIdOf, signedInCaller } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';
import { activityCalls } from './grpcActivity.js';
import { chatCalls } from './grpcChat.js';
import { notificationsCalls } from './grpcNotifications.js';
import { webhooksCalls } from './grpcWebhooks.js';

/** Requests in, use cases called, responses out; the caller comes from the gateway's metadata. */
export function messagingServiceImplementation(
  useCases: MessagingUseCases,
): Omit<messagingv1.MessagingServiceImplementation, 'getStatus'> {
  const { feedback } = useCases;
  return {
    ...activityCalls(useCases),
    ...notificationsCalls(useCases),
    ...chatCalls(useCases),
    ...webhooksCalls(useCases),
    async submitFeedback(request, context) {
      return feedback.submit(request.content, signedInCaller(context), commandIdOf(context));
    },
    async listFeedback(request, context) {
      const { page, pageSize, keyword } = request;
      const { items, total, ...paged } = await feedback.list({ page, pageSize, keyword }, signedInCaller(context));
      return { feedback: items, total, ...paged };
    },
    async getFeedbackAccess(_request, context) {
      return feedback.access(signedInCaller(context));
    },
  };
}
