import { invalid } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';

type Calls = Pick<
  messagingv1.MessagingServiceImplementation,
  'listWebhooks' | 'saveWebhook' | 'deleteWebhook' | 'testWebhook' | 'listWebhookDeliveries'
>;

const unavailable = async (): Promise<never> => {
  throw invalid('功能尚未开放');
};

/** Webhooks: requests in, use cases called, responses out (docs/api/messaging.md). */
export function webhooksCalls(_useCases: MessagingUseCases): Calls {
  return {
    listWebhooks: unavailable,
    saveWebhook: unavailable,
    deleteWebhook: unavailable,
    testWebhook: unavailable,
    listWebhookDeliveries: unavailable,
  };
}
