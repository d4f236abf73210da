import { type Static, Type } from '@sinclair/typebox';
import { oneOf } from './wire.js';

/** Answers of the conversation calls (`chat/*`, docs/api/messaging.md); the live pushes 200500-200502 carry the same. */

/** A document or task linked in a message, as a card (title, method and path or stage, the console route). */
export const MessageCard = Type.Object({
  kind: oneOf('doc', 'task'),
  id: Type.Integer(),
  projectId: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  link: Type.String(),
});
export type MessageCard = Static<typeof MessageCard>;

/** A message: plain text (never HTML), its place in the log (`position`), the sender's name as it is today. */
export const ChatMessage = Type.Object({
  messageId: Type.Integer(),
  conversationId: Type.String(),
  position: Type.Integer(),
  senderId: Type.Integer(),
  senderName: Type.String(),
  content: Type.String(),
  mentionIds: Type.Array(Type.Integer()),
  cards: Type.Array(MessageCard),
  images: Type.Array(Type.String()),
  edited: Type.Boolean(),
  deleted: Type.Boolean(),
  createdAt: Type.Integer(),
  editedAt: Type.Integer(),
  clientId: Type.String(),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const ConversationKind = oneOf('team', 'project', 'taskProject', 'direct');
export type ConversationKind = Static<typeof ConversationKind>;

/** A conversation of the caller: its unread count and read mark, its last message (null before the first). */
export const Conversation = Type.Object({
  conversationId: Type.String(),
  kind: ConversationKind,
  name: Type.String(),
  projectId: Type.Integer(),
  peerUserId: Type.Integer(),
  unreadCount: Type.Integer(),
  readPosition: Type.Integer(),
  lastMessage: Type.Union([ChatMessage, Type.Null()]),
  memberCount: Type.Integer(),
});
export type Conversation = Static<typeof Conversation>;
export const Conversations = Type.Array(Conversation);

/** `chat/messages`: oldest first; `hasMore` says older messages exist (backwards) or newer ones (forwards). */
export const ChatMessagePage = Type.Object({ list: Type.Array(ChatMessage), hasMore: Type.Boolean() });
export type ChatMessagePage = Static<typeof ChatMessagePage>;

/** `chat/search`: newest first. */
export const ChatSearchPage = Type.Object({ list: Type.Array(ChatMessage), total: Type.Integer() });
export type ChatSearchPage = Static<typeof ChatSearchPage>;

/** `chat/read`: the badge after the change. */
export const ChatReadAnswer = Type.Object({ unReadCount: Type.Integer() });
export type ChatReadAnswer = Static<typeof ChatReadAnswer>;

/** Live 200500: a message posted, edited or deleted. */
export type ChatMessagePush = {
  teamId: number;
  conversationId: string;
  event: 'posted' | 'edited' | 'deleted';
  message: ChatMessage;
};
/** Live 200501: someone is typing (shown for 4 s). */
export type ChatTypingPush = { teamId: number; conversationId: string; userId: number; name: string };
/** Live 200502: the user read a conversation in another tab. */
export type ChatReadPush = { teamId: number; conversationId: string; readPosition: number; unreadCount: number };
