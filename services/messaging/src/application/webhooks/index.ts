import type { MessagingPartDeps } from '../deps.js';

/** The webhooks use cases (docs/api/messaging.md). */
export function createWebhooks(_deps: MessagingPartDeps) {
  return {};
}

export type WebhooksUseCases = ReturnType<typeof createWebhooks>;
