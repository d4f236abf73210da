import type { MessagingPartDeps } from '../deps.js';

/** The notifications use cases (docs/api/messaging.md). */
export function createNotifications(_deps: MessagingPartDeps) {
  return {};
}

export type NotificationsUseCases = ReturnType<typeof createNotifications>;

/** Unread notifications of a user in a team (for the badge). */
export async function unreadNotifications(_deps: Pick<MessagingPartDeps, 'runtime'>, _userId: number, _teamId: number) {
  return 0;
}
