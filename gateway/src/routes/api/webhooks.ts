import type { ApiCall } from '../../plugins/api.js';

/** docs/api/messaging.md: the webhooks calls, served by the messaging service. */
export const webhookCalls: ApiCall[] = [];
