import {
  type Doc,
  type IndexSpec,
  ownLog,
  type Projection,
  parseStreamId,
  projection,
  type ReadStore,
  readModel,
} from '@pmbok/infra';
import type { ChatMessageEvent, MessageCardData } from '../../domain/chatMessage/chatMessage.js';
import type { ChatReadEvent } from '../../domain/chatRead/chatRead.js';

/**
 * A message as conversations show it. Its key is `<conversationId>:<seq>`, `seq` counting the conversation's
 * messages from 1 in log order: a page of history, a catch-up or a read mark is a few lookups by key rather than a
 * scan of the conversation (the in-memory read store narrows only by equality).
 */
export interface ChatMessageDoc extends Doc {
  messageId: number;
  conversationId: string;
  teamId: number;
  seq: number;
  /** The MessagePosted event's global position: only grows. */
  position: number;
  senderId: number;
  content: string;
  mentionIds: number[];
  images: string[];
  cards: MessageCardData[];
  clientId: string;
  edited: boolean;
  deleted: boolean;
  createdAt: number;
  editedAt: number;
}

/** A conversation that has messages: its counters (a conversation without messages has no document). */
export interface ConversationDoc extends Doc {
  conversationId: string;
  teamId: number;
  lastSeq: number;
  lastPosition: number;
  lastAt: number;
  /** Seqs of deleted messages: they no longer count as unread. */
  deletedSeqs: number[];
}

/** A user's read mark: the position and the seq of the last message at or before it. */
export interface ChatReadDoc extends Doc {
  userId: number;
  conversationId: string;
  teamId: number;
  position: number;
  seq: number;
}

/** A direct conversation as one of its two people lists it. */
export interface ChatDirectDoc extends Doc {
  userId: number;
  peerId: number;
  teamId: number;
  conversationId: string;
  lastPosition: number;
}

const messageIndexes: IndexSpec[] = [{ fields: { messageId: 1 } }, { fields: { conversationId: 1, position: -1 } }];
export const chatMessages = readModel<ChatMessageDoc>('chatMessages', messageIndexes);
export const conversations = readModel<ConversationDoc>('chatConversations');
export const chatReads = readModel<ChatReadDoc>('chatReads', [{ fields: { userId: 1, teamId: 1 } }]);
export const chatDirects = readModel<ChatDirectDoc>('chatDirects', [{ fields: { userId: 1, teamId: 1 } }]);

export const messageKey = (conversationId: string, seq: number) => `${conversationId}:${seq}`;
export const readKey = (userId: number, conversationId: string) => `${userId}:${conversationId}`;

/** The direct conversation's two people, or null for another kind. */
export function directPeople(conversationId: string): [number, number] | null {
  const match = /^direct-(\d{1,16})-(\d{1,16})$/.exec(conversationId);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** The seq of the last message at or before `position` (0 when none): a binary search over the keys. */
export async function seqAtOrBefore(store: ReadStore, conversation: ConversationDoc | null, position: number) {
  if (!conversation) return 0;
  if (position >= conversation.lastPosition) return conversation.lastSeq;
  let low = 0;
  let high = conversation.lastSeq;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const doc = await chatMessages(store).findOne({ _id: messageKey(conversation.conversationId, middle) });
    if (doc && doc.position <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Messages after the read mark, less the deleted ones (a user's own posts move their mark, so none are after it). */
export function unreadOf(conversation: ConversationDoc | null, readSeq: number): number {
  if (!conversation) return 0;
  const deleted = conversation.deletedSeqs.filter((seq) => seq > readSeq).length;
  return Math.max(0, conversation.lastSeq - readSeq - deleted);
}

type ReadMark = Pick<ChatReadDoc, 'userId' | 'conversationId' | 'teamId' | 'position' | 'seq'>;

async function advanceRead(store: ReadStore, mark: ReadMark) {
  const _id = readKey(mark.userId, mark.conversationId);
  const current = await chatReads(store).findOne({ _id });
  if (current && current.position >= mark.position) return;
  await chatReads(store).put({ ...mark, _id });
}

const messageIdOf = (event: { metadata: { streamId: string } }) =>
  parseStreamId(event.metadata.streamId, 'chatMessage');

export const chatProjection = projection({
  name: 'chat',
  source: ownLog<ChatMessageEvent | ChatReadEvent>(),
  on: {
    MessagePosted: async (event, store) => {
      const { data } = event;
      const position = event.metadata.globalPosition;
      const { conversationId, teamId } = data;
      const current = await conversations(store).findOne({ _id: conversationId });
      if (current && current.lastPosition >= position) return; // delivered again
      const seq = (current?.lastSeq ?? 0) + 1;
      await chatMessages(store).put({
        _id: messageKey(conversationId, seq),
        messageId: data.messageId,
        conversationId,
        teamId,
        seq,
        position,
        senderId: data.senderId,
        content: data.content,
        mentionIds: data.mentionIds,
        images: data.images,
        cards: data.cards,
        clientId: data.clientId,
        edited: false,
        deleted: false,
        createdAt: data.postedAt,
        editedAt: 0,
      });
      await conversations(store).put({
        _id: conversationId,
        conversationId,
        teamId,
        lastSeq: seq,
        lastPosition: position,
        lastAt: data.postedAt,
        deletedSeqs: current?.deletedSeqs ?? [],
      });
      // Sending is reading: the sender has seen the conversation up to their own message.
      await advanceRead(store, { userId: data.senderId, conversationId, teamId, position, seq });
      const people = directPeople(conversationId);
      if (people) {
        for (const [userId, peerId] of [people, [people[1], people[0]]] as const) {
          const _id = readKey(userId, conversationId);
          await chatDirects(store).put({ _id, userId, peerId, teamId, conversationId, lastPosition: position });
        }
      }
    },
    MessageEdited: async (event, store) => {
      const doc = await chatMessages(store).findOne({ messageId: messageIdOf(event) });
      if (!doc || doc.deleted) return;
      const { content, mentionIds, cards, editedAt } = event.data;
      await chatMessages(store).put({ ...doc, content, mentionIds, cards, edited: true, editedAt });
    },
    MessageDeleted: async (event, store) => {
      const doc = await chatMessages(store).findOne({ messageId: messageIdOf(event) });
      if (!doc || doc.deleted) return;
      const cleared = { content: '', mentionIds: [], images: [], cards: [] };
      await chatMessages(store).put({ ...doc, ...cleared, deleted: true, editedAt: event.data.deletedAt });
      await conversations(store).updateOne({ _id: doc.conversationId }, { $addToSet: { deletedSeqs: doc.seq } });
    },
    ConversationRead: async ({ data }, store) => {
      const { userId, conversationId, teamId, position } = data;
      const conversation = await conversations(store).findOne({ _id: conversationId });
      const seq = await seqAtOrBefore(store, conversation, position);
      await advanceRead(store, { userId, conversationId, teamId, position, seq });
    },
  },
});

/** The chat read models of this service's own log (docs/api/messaging.md). */
export const chatProjections: Projection[] = [chatProjection];
