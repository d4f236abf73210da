import type { ApiCall } from '../../plugins/api.js';

/** docs/api/messaging.md: the messages calls, served by the messaging service. */
export const messageCalls: ApiCall[] = [];
