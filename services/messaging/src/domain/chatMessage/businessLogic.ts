import { conflict, type Decider, forbidden, invalid, notFound } from '@pmbok/infra';
import {
  type ChatMessageEvent,
  type ChatMessageState,
  evolve,
  initialState,
  type MessageCardData,
  type MessagePosted,
} from './chatMessage.js';

export const CONTENT_MAX = 5000;
export const IMAGES_MAX = 9;

/** What the user reads (docs/api/messaging.md "Conversations"). */
export const messages = {
  notMember: '会话不存在或你不是成员',
  contentRequired: '请输入消息内容',
  contentTooLong: `消息不能超过${CONTENT_MAX}个字符`,
  mentionNotMember: '只能@本会话的成员',
  imageInvalid: '图片地址无效',
  tooManyImages: `最多只能发送${IMAGES_MAX}张图片`,
  notOwn: '只能修改自己的消息',
  notFound: '消息不存在',
  deleted: '消息已删除',
  duplicate: '消息已存在',
  tooFast: '发送太频繁，请稍后再试',
} as const;

/** Plain text, trimmed; 1-5000 characters (code points), or empty when the message carries images. */
export function checkContent(content: string, hasImages: boolean): string {
  const text = content.trim();
  if (!text && !hasImages) throw invalid(messages.contentRequired);
  if ([...text].length > CONTENT_MAX) throw invalid(messages.contentTooLong);
  return text;
}

/** An image the upload call answered: `/pmbok/files/images/<userId>/<time>-<uuid>.<ext>` (gateway/src/routes/uploads.ts). */
const UPLOADED_IMAGE =
  /^\/pmbok\/files\/images\/\d{1,16}\/\d{1,16}-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export function checkImages(images: readonly string[]): string[] {
  if (images.length > IMAGES_MAX) throw invalid(messages.tooManyImages);
  for (const url of images) if (!UPLOADED_IMAGE.test(url)) throw invalid(messages.imageInvalid);
  return [...images];
}

/** Mentions: each a member of the conversation, each once. */
export function checkMentions(mentionIds: readonly number[], members: ReadonlySet<number>): number[] {
  const unique = [...new Set(mentionIds)];
  if (unique.some((userId) => !members.has(userId))) throw invalid(messages.mentionNotMember);
  return unique;
}

export type PostMessage = { type: 'PostMessage'; data: MessagePosted['data'] };
export type EditMessage = {
  type: 'EditMessage';
  data: { userId: number; content: string; mentionIds: number[]; cards: MessageCardData[]; now: number };
};
export type DeleteMessage = { type: 'DeleteMessage'; data: { userId: number; now: number } };
export type ChatMessageCommand = PostMessage | EditMessage | DeleteMessage;

/** Only the sender changes a message; a deleted one cannot be changed again. */
function own(state: ChatMessageState, userId: number) {
  if (state.status === 'none') throw notFound(messages.notFound);
  if (state.senderId !== userId) throw forbidden(messages.notOwn);
  if (state.status === 'deleted') throw conflict(messages.deleted);
  return state;
}

export function decide(command: ChatMessageCommand, state: ChatMessageState): ChatMessageEvent[] {
  switch (command.type) {
    case 'PostMessage': {
      // A retried send (same command id) is answered before deciding; another post on this id is a collision.
      if (state.status !== 'none') throw conflict(messages.duplicate);
      const data = command.data;
      return [
        { type: 'MessagePosted', data: { ...data, content: checkContent(data.content, data.images.length > 0) } },
      ];
    }
    case 'EditMessage': {
      const message = own(state, command.data.userId);
      const { content, mentionIds, cards, now } = command.data;
      return [
        {
          type: 'MessageEdited',
          data: { content: checkContent(content, message.hasImages), mentionIds, cards, editedAt: now },
        },
      ];
    }
    case 'DeleteMessage':
      own(state, command.data.userId);
      return [{ type: 'MessageDeleted', data: { deletedAt: command.data.now } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const chatMessageDecider: Decider<ChatMessageState, ChatMessageCommand, ChatMessageEvent> = {
  decide,
  evolve,
  initialState,
};
