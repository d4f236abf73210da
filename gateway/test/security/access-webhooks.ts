import type { Access } from './access.js';

/** docs/api/messaging.md "Who may call what": the webhooks calls. */
export const webhookAccess: Record<string, Access> = {};
