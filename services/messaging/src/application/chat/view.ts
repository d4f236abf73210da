import type { messagingv1 } from '@pmbok/proto';
import type { ChatMessageDoc } from '../../projections/chat/index.js';
import type { WorkDirectory } from '../../projections/work/types.js';

/** Names looked up once per answer, however many messages a person wrote in it. */
export function namesOf(work: WorkDirectory) {
  const cache = new Map<number, Promise<string>>();
  return (userId: number) => {
    let name = cache.get(userId);
    if (!name) {
      name = work.userName(userId);
      cache.set(userId, name);
    }
    return name;
  };
}

/** A message as the contract answers it (and as the live push carries it): names are today's. */
export async function messageView(
  doc: ChatMessageDoc,
  nameOf: (userId: number) => Promise<string>,
): Promise<messagingv1.ChatMessage> {
  return {
    messageId: doc.messageId,
    conversationId: doc.conversationId,
    position: doc.position,
    senderId: doc.senderId,
    senderName: await nameOf(doc.senderId),
    content: doc.content,
    mentionIds: doc.mentionIds,
    cards: doc.cards,
    images: doc.images,
    edited: doc.edited,
    deleted: doc.deleted,
    createdAt: doc.createdAt,
    editedAt: doc.editedAt,
    clientId: doc.clientId,
  };
}
