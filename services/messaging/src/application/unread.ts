import type { ServiceRuntime } from '@pmbok/infra';

/**
 * The badge of SPEC §4 / §9: unread notifications plus unread conversation messages of a user in a team, pushed as
 * code 200201 `{unReadCount, teamId}` to the user's sockets whenever it may have changed.
 */
export interface Unread {
  count(userId: number, teamId: number): Promise<{ unReadCount: number; notifications: number; conversations: number }>;
  /** Counts again and pushes it to the user (every open tab, every gateway replica). */
  push(userId: number, teamId: number): Promise<void>;
}

/** How many unread conversation messages a user has in a team (the chat part answers it). */
export type ConversationUnread = (userId: number, teamId: number) => Promise<number>;

export function createUnread(
  runtime: ServiceRuntime,
  parts: { notifications: (userId: number, teamId: number) => Promise<number>; conversations: ConversationUnread },
): Unread {
  const count = async (userId: number, teamId: number) => {
    const [notifications, conversations] = await Promise.all([
      parts.notifications(userId, teamId),
      parts.conversations(userId, teamId),
    ]);
    return { unReadCount: notifications + conversations, notifications, conversations };
  };
  return {
    count,
    async push(userId, teamId) {
      const { unReadCount } = await count(userId, teamId);
      await runtime.realtime.publish({ userId }, { code: 200201, msg: 'success', data: { unReadCount, teamId } });
    },
  };
}
