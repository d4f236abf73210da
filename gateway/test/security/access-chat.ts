import type { Access } from './access.js';

/** docs/api/messaging.md "Who may call what": the chat calls. */
export const chatAccess: Record<string, Access> = {};
