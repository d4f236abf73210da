import type { MessagingPartDeps } from '../deps.js';

/** The chat use cases (docs/api/messaging.md). */
export function createChat(_deps: MessagingPartDeps) {
  return {};
}

export type ChatUseCases = ReturnType<typeof createChat>;

/** Unread conversation messages of a user in a team (for the badge). */
export async function unreadConversations(
  _deps: Pick<MessagingPartDeps, 'runtime' | 'work'>,
  _userId: number,
  _teamId: number,
) {
  return 0;
}
