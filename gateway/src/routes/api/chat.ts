import type { messagingv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { type ApiCall, ApiError, defineCall } from '../../plugins/api.js';
import * as answers from '../../schemas/chat.js';
import { id, integer, paging, parseIdList } from '../../schemas/fields.js';
import { Nothing } from '../../schemas/wire.js';

/** A conversation id: `team-1`, `project-2`, `taskProject-3`, `direct-4-5` (the service checks it names one of the caller's). */
const conversationId = Type.String({ minLength: 1, maxLength: 80 });
/** A position of the messaging log, 0 meaning none. */
const position = Type.Optional(integer(0, Number.MAX_SAFE_INTEGER));
/** Mentions as JSON text of a list of user ids. */
const mentionIdsText = Type.Optional(Type.String({ maxLength: 2000 }));
const mentionIdsOf = (value: string | undefined) =>
  value ? parseIdList(value, () => new ApiError(400, '@的成员格式错误')) : [];

/** Images as JSON text of a list of upload URLs; the service checks each is one the upload call answered. */
function imagesOf(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.length <= 20 && parsed.every((url) => typeof url === 'string')) return parsed;
  } catch {
    // reported below
  }
  throw new ApiError(400, '图片地址无效');
}

type Card = messagingv1.MessageCard;
/** The proto's message as the schema types it: a card's kind is one of two names. */
export const chatMessage = (message: messagingv1.ChatMessage): answers.ChatMessage => ({
  ...message,
  cards: message.cards.map((card: Card) => ({ ...card, kind: card.kind === 'task' ? 'task' : 'doc' })),
});
const conversation = (c: messagingv1.Conversation): answers.Conversation => ({
  ...c,
  kind: c.kind as answers.ConversationKind,
  lastMessage: c.lastMessage ? chatMessage(c.lastMessage) : null,
});
/** The schemas name every field of the proto's records (a field added there and not here fails to compile). */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const schemasMatch: [
  SameKeys<answers.ChatMessage, messagingv1.ChatMessage>,
  SameKeys<answers.Conversation, messagingv1.Conversation>,
  SameKeys<answers.MessageCard, messagingv1.MessageCard>,
] = [true, true, true];
void schemasMatch;

const must = <T>(value: T | undefined): T => {
  if (value === undefined) throw new Error('the messaging service answered no record');
  return value;
};

/** docs/api/messaging.md: the chat calls, served by the messaging service. */
export const chatCalls: ApiCall[] = [
  defineCall({
    module: 'chat',
    call: 'conversations',
    access: 'user',
    response: answers.Conversations,
    fields: {},
    async handle(_body, { services, metadata }) {
      const { conversations } = await services.messaging.listConversations({}, { metadata });
      return conversations.map(conversation);
    },
  }),
  defineCall({
    module: 'chat',
    call: 'direct',
    access: 'user',
    response: answers.Conversation,
    fields: { userId: id },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.openDirect({ userId: Number(body.userId) }, { metadata });
      return conversation(must(answer.conversation));
    },
  }),
  defineCall({
    module: 'chat',
    call: 'messages',
    access: 'user',
    response: answers.ChatMessagePage,
    fields: {
      conversationId,
      beforePosition: position,
      afterPosition: position,
      pageSize: Type.Optional(integer(1, 100)),
    },
    async handle(body, { services, metadata }) {
      const page = await services.messaging.listMessages(
        {
          conversationId: body.conversationId,
          beforePosition: body.beforePosition ?? 0,
          afterPosition: body.afterPosition ?? 0,
          pageSize: body.pageSize ?? 30,
        },
        { metadata },
      );
      return { list: page.messages.map(chatMessage), hasMore: page.hasMore };
    },
  }),
  defineCall({
    module: 'chat',
    call: 'post',
    access: 'user',
    response: answers.ChatMessage,
    fields: {
      conversationId,
      // Bounded here; the service trims and counts characters (请输入消息内容, 消息不能超过5000个字符).
      content: Type.Optional(Type.String({ maxLength: 20_000 })),
      mentionIds: mentionIdsText,
      images: Type.Optional(Type.String({ maxLength: 10_000 })),
      clientId: Type.Optional(Type.String({ maxLength: 64 })),
    },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.postMessage(
        {
          conversationId: body.conversationId,
          content: body.content ?? '',
          mentionIds: mentionIdsOf(body.mentionIds),
          images: imagesOf(body.images),
          clientId: body.clientId ?? '',
        },
        { metadata },
      );
      return chatMessage(must(answer.message));
    },
  }),
  defineCall({
    module: 'chat',
    call: 'edit',
    access: 'user',
    response: answers.ChatMessage,
    fields: { messageId: id, content: Type.Optional(Type.String({ maxLength: 20_000 })), mentionIds: mentionIdsText },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.editMessage(
        { messageId: Number(body.messageId), content: body.content ?? '', mentionIds: mentionIdsOf(body.mentionIds) },
        { metadata },
      );
      return chatMessage(must(answer.message));
    },
  }),
  defineCall({
    module: 'chat',
    call: 'delete',
    access: 'user',
    response: Nothing,
    fields: { messageId: id },
    async handle(body, { services, metadata }) {
      await services.messaging.deleteMessage({ messageId: Number(body.messageId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'chat',
    call: 'read',
    access: 'user',
    response: answers.ChatReadAnswer,
    fields: { conversationId, position },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.markConversationRead(
        { conversationId: body.conversationId, position: body.position ?? 0 },
        { metadata },
      );
      return { unReadCount: answer.unreadCount };
    },
  }),
  defineCall({
    module: 'chat',
    call: 'typing',
    access: 'user',
    response: Nothing,
    fields: { conversationId },
    async handle(body, { services, metadata }) {
      await services.messaging.sendTyping({ conversationId: body.conversationId }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'chat',
    call: 'search',
    access: 'user',
    response: answers.ChatSearchPage,
    fields: { conversationId, keyword: Type.Optional(Type.String({ maxLength: 200 })), ...paging },
    async handle(body, { services, metadata }) {
      const page = await services.messaging.searchMessages(
        {
          conversationId: body.conversationId,
          keyword: body.keyword ?? '',
          page: body.page ?? 1,
          pageSize: body.pageSize ?? 20,
        },
        { metadata },
      );
      return { list: page.messages.map(chatMessage), total: page.total };
    },
  }),
];
