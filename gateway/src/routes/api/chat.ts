import type { ApiCall } from '../../plugins/api.js';

/** docs/api/messaging.md: the chat calls, served by the messaging service. */
export const chatCalls: ApiCall[] = [];
