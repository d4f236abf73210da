import type { Access } from './access.js';

/** docs/api/messaging.md "Who may call what": the messages calls. */
export const messageAccess: Record<string, Access> = {};
