import { commandIdOf, signedInCaller } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';
import type { DeliveryDoc, WebhookDoc } from './projections/webhooks/index.js';

type Calls = Pick<
  messagingv1.MessagingServiceImplementation,
  'listWebhooks' | 'saveWebhook' | 'deleteWebhook' | 'testWebhook' | 'listWebhookDeliveries'
>;

/** A webhook as answered: field by field, so the secret never leaves the service (only whether there is one). */
function webhookOf(doc: WebhookDoc): messagingv1.Webhook {
  return {
    webhookId: doc.webhookId,
    scope: doc.scope,
    projectId: doc.projectId,
    projectKind: doc.projectKind,
    name: doc.name,
    kind: doc.kind,
    url: doc.url,
    hasSecret: doc.secret !== '',
    events: doc.events,
    enabled: doc.enabled,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    lastStatus: doc.lastStatus,
  };
}

function deliveryOf(doc: DeliveryDoc): messagingv1.WebhookDelivery {
  return {
    deliveryId: doc.deliveryId,
    webhookId: doc.webhookId,
    event: doc.event,
    title: doc.title,
    status: doc.status,
    attempts: doc.attempts.map(({ at, statusCode, error, durationMs }) => ({ at, statusCode, error, durationMs })),
    createdAt: doc.createdAt,
    nextAttemptAt: doc.nextAttemptAt,
  };
}

/** Webhooks: requests in, use cases called, responses out (docs/api/messaging.md). */
export function webhooksCalls({ webhooks }: MessagingUseCases): Calls {
  return {
    async listWebhooks(request, context) {
      const found = await webhooks.list(request, signedInCaller(context));
      return { webhooks: found.map(webhookOf) };
    },
    async saveWebhook(request, context) {
      const saved = await webhooks.save(request, signedInCaller(context), commandIdOf(context));
      return { webhook: webhookOf(saved) };
    },
    async deleteWebhook(request, context) {
      await webhooks.delete(request.webhookId, signedInCaller(context), commandIdOf(context));
      return {};
    },
    async testWebhook(request, context) {
      return { delivery: deliveryOf(await webhooks.test(request.webhookId, signedInCaller(context))) };
    },
    async listWebhookDeliveries(request, context) {
      const { list, total } = await webhooks.deliveries(request, signedInCaller(context));
      return { deliveries: list.map(deliveryOf), total };
    },
  };
}
