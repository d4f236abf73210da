import type { LiveMessage } from './liveConnection';

/** The messaging service's pushes (docs/api/messaging.md "Unread count and live pushes"); 200201 is the connection's. */
export const CHAT_PUSH = {
  notification: 200202,
  message: 200500,
  typing: 200501,
  read: 200502,
} as const;

export interface NotificationPush {
  teamId: number;
  /** A Notification record (docs/api/messaging.md). */
  notification: { notificationId: number } & Record<string, unknown>;
}

export interface MessagePush {
  teamId: number;
  conversationId: string;
  event: 'posted' | 'edited' | 'deleted';
  /** A ChatMessage record. */
  message: { messageId: number; position: number } & Record<string, unknown>;
}

export interface TypingPush {
  teamId: number;
  conversationId: string;
  userId: number;
  name: string;
}

export interface ReadPush {
  teamId: number;
  conversationId: string;
  readPosition: number;
  unreadCount: number;
}

export type ChatPush =
  | { kind: 'notification'; data: NotificationPush }
  | { kind: 'message'; data: MessagePush }
  | { kind: 'typing'; data: TypingPush }
  | { kind: 'read'; data: ReadPush };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A messaging push for the tab's team, checked for the fields the screens read; null for any other push, a push of
 * another team (every tab of the user hears every team's pushes) or a malformed one.
 */
export function chatPushOf(message: LiveMessage, teamId: number | null): ChatPush | null {
  const data = message.data;
  if (!isObject(data) || !teamId || Number(data.teamId) !== teamId) return null;
  switch (message.code) {
    case CHAT_PUSH.notification:
      return isObject(data.notification) && typeof data.notification.notificationId === 'number'
        ? { kind: 'notification', data: data as unknown as NotificationPush }
        : null;
    case CHAT_PUSH.message: {
      const m = data.message;
      const known = data.event === 'posted' || data.event === 'edited' || data.event === 'deleted';
      return known && typeof data.conversationId === 'string' && isObject(m) && typeof m.messageId === 'number'
        ? { kind: 'message', data: data as unknown as MessagePush }
        : null;
    }
    case CHAT_PUSH.typing:
      return typeof data.conversationId === 'string' && typeof data.userId === 'number'
        ? { kind: 'typing', data: { ...(data as unknown as TypingPush), name: String(data.name ?? '') } }
        : null;
    case CHAT_PUSH.read:
      return typeof data.conversationId === 'string' && typeof data.readPosition === 'number'
        ? { kind: 'read', data: data as unknown as ReadPush }
        : null;
    default:
      return null;
  }
}
