import type { ChatMessage, Conversation } from './chatApi';

/**
 * A message as the screen holds it: a record the server answered or pushed, or a send still under way (`pending`,
 * its `clientId` set and no position yet) or refused (`failed`).
 */
export type ShownMessage = ChatMessage & { pending?: boolean; failed?: boolean };

/** Which of two copies of one message is the later: a deletion wins, then the later edit. */
function later(a: ShownMessage, b: ShownMessage): ShownMessage {
  if (a.deleted !== b.deleted) return a.deleted ? a : b;
  return (b.editedAt ?? 0) >= (a.editedAt ?? 0) ? b : a;
}

/**
 * `incoming` merged into `current`: each message once (by id; a send of ours by its client id, so the answer to a
 * post and its push replace the pending copy rather than add to it), oldest first by position, pending sends last.
 * The catch-up after a reconnect and the pushes may both carry a message; it still shows once.
 */
export function mergeMessages(current: ShownMessage[], incoming: ShownMessage[]): ShownMessage[] {
  const byId = new Map<number, ShownMessage>();
  const pending = new Map<string, ShownMessage>();
  for (const message of [...current, ...incoming]) {
    if (message.pending || message.failed) {
      pending.set(message.clientId, message);
      continue;
    }
    const known = byId.get(message.messageId);
    byId.set(message.messageId, known ? later(known, message) : message);
  }
  for (const message of byId.values()) if (message.clientId) pending.delete(message.clientId);
  const settled = [...byId.values()].sort((a, b) => a.position - b.position || a.messageId - b.messageId);
  return [...settled, ...pending.values()];
}

/** The highest position held (0 when none): where a catch-up reads on from. */
export function lastPosition(messages: ShownMessage[]): number {
  return messages.reduce(
    (top, message) => (message.pending || message.failed ? top : Math.max(top, message.position)),
    0,
  );
}

/** The lowest position held: where the next page of older messages ends. */
export function firstPosition(messages: ShownMessage[]): number {
  const settled = messages.filter((message) => !message.pending && !message.failed);
  return settled.length ? Math.min(...settled.map((message) => message.position)) : 0;
}

const KIND_ORDER: Record<Conversation['kind'], number> = { team: 0, project: 1, taskProject: 1, direct: 2 };

/** The list's order (docs/api/messaging.md): the team channel, the projects' channels, then direct by last message. */
export function sortConversations(list: Conversation[]): Conversation[] {
  return [...list].sort((a, b) => {
    const kind = KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
    if (kind !== 0) return kind;
    if (a.kind === 'direct') return (b.lastMessage?.position ?? 0) - (a.lastMessage?.position ?? 0);
    return 0;
  });
}

/**
 * The list after a pushed message: its last message, and one more unread when someone else posted it in a
 * conversation that is not open. An unknown conversation (a new direct one) is left for a reload of the list.
 */
export function conversationsAfterPush(
  list: Conversation[],
  message: ChatMessage,
  event: 'posted' | 'edited' | 'deleted',
  me: number,
  openId: string | null,
): Conversation[] {
  return sortConversations(
    list.map((conversation) => {
      if (conversation.conversationId !== message.conversationId) return conversation;
      const newer = !conversation.lastMessage || message.position >= conversation.lastMessage.position;
      const counts = event === 'posted' && message.senderId !== me && conversation.conversationId !== openId;
      return {
        ...conversation,
        lastMessage: newer ? message : conversation.lastMessage,
        unreadCount: conversation.unreadCount + (counts ? 1 : 0),
      };
    }),
  );
}

/** A send's id, so a retried post answers the first one's message (docs/api/messaging.md "clientId"). */
export function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `c-${random}`;
}
