import { createMemoryReadStore, DomainError, type RecordedEvent } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { parseConversationId } from '../src/application/chat/conversations.js';
import { createFloodGuard, createTypingThrottle } from '../src/application/chat/flood.js';
import {
  chatMessageDecider,
  checkImages,
  checkMentions,
  messages,
  type PostMessage,
} from '../src/domain/chatMessage/businessLogic.js';
import type { ChatMessageEvent, MessagePosted } from '../src/domain/chatMessage/chatMessage.js';
import { chatReadDecider } from '../src/domain/chatRead/chatRead.js';
import {
  chatMessages,
  chatProjection,
  chatReads,
  conversations,
  messageKey,
  readKey,
  seqAtOrBefore,
  unreadOf,
} from '../src/projections/chat/index.js';

const spec = deciderSpec(chatMessageDecider);
const NOW = 1_790_000_000_000;
const posted = (over: Partial<MessagePosted['data']> = {}): MessagePosted['data'] => ({
  messageId: 5,
  conversationId: 'team-1',
  teamId: 1,
  senderId: 7,
  content: '你好',
  mentionIds: [],
  images: [],
  cards: [],
  clientId: '',
  postedAt: NOW,
  ...over,
});
const post = (over: Partial<MessagePosted['data']> = {}): PostMessage => ({ type: 'PostMessage', data: posted(over) });

describe('a message', () => {
  it('is posted trimmed; text of 1-5000 characters, or images alone', () => {
    spec
      .given([])
      .when(post({ content: '  你好 \n' }))
      .then([{ type: 'MessagePosted', data: posted() }]);
    spec
      .given([])
      .when(post({ content: ' ' }))
      .thenThrows(DomainError, messages.contentRequired);
    spec
      .given([])
      .when(post({ content: '😀'.repeat(5001) }))
      .thenThrows(DomainError, messages.contentTooLong);
    const image = '/pmbok/files/images/7/1790000000000-0b7e2c52-8a4c-4c61-9b1e-2f1d0c9a7e11.png';
    spec
      .given([])
      .when(post({ content: '', images: [image] }))
      .then([{ type: 'MessagePosted', data: posted({ content: '', images: [image] }) }]);
  });

  it('is changed only by its sender, and not once deleted', () => {
    const history: ChatMessageEvent[] = [{ type: 'MessagePosted', data: posted() }];
    const edit = (userId: number) => ({
      type: 'EditMessage' as const,
      data: { userId, content: '改', mentionIds: [], cards: [], now: NOW },
    });
    spec.given(history).when(edit(8)).thenThrows(DomainError, messages.notOwn);
    spec
      .given(history)
      .when({ type: 'DeleteMessage', data: { userId: 8, now: NOW } })
      .thenThrows(DomainError, messages.notOwn);
    spec
      .given(history)
      .when(edit(7))
      .then([{ type: 'MessageEdited', data: { content: '改', mentionIds: [], cards: [], editedAt: NOW } }]);
    const deleted: ChatMessageEvent[] = [...history, { type: 'MessageDeleted', data: { deletedAt: NOW } }];
    spec.given(deleted).when(edit(7)).thenThrows(DomainError, messages.deleted);
    spec.given([]).when(edit(7)).thenThrows(DomainError, messages.notFound);
  });

  it('accepts only upload URLs as images, at most nine, and mentions of members', () => {
    const url = (n: number) => `/pmbok/files/images/7/17900000000${n}-0b7e2c52-8a4c-4c61-9b1e-2f1d0c9a7e11.jpg`;
    expect(checkImages([url(10), url(11)])).toEqual([url(10), url(11)]);
    for (const bad of ['https://x.example/a.png', '/pmbok/files/../secret', 'javascript:alert(1)', `${url(1)}?x`])
      expect(() => checkImages([bad])).toThrow(messages.imageInvalid);
    expect(() => checkImages(Array.from({ length: 10 }, (_, i) => url(10 + i)))).toThrow(messages.tooManyImages);
    expect(checkMentions([3, 3, 4], new Set([3, 4]))).toEqual([3, 4]);
    expect(() => checkMentions([5], new Set([3, 4]))).toThrow(messages.mentionNotMember);
  });
});

describe('a read mark', () => {
  it('only moves forward', () => {
    const read = deciderSpec(chatReadDecider);
    const mark = (position: number) => ({ userId: 7, conversationId: 'team-1', teamId: 1, position, readAt: NOW });
    const at10 = [{ type: 'ConversationRead' as const, data: mark(10) }];
    read
      .given(at10)
      .when({ type: 'MarkRead', data: mark(5) })
      .then([]);
    read
      .given(at10)
      .when({ type: 'MarkRead', data: mark(12) })
      .then([{ type: 'ConversationRead', data: mark(12) }]);
  });
});

describe('conversation ids', () => {
  it('are derived: team, project, task project, direct with the lower id first', () => {
    expect(parseConversationId('team-12')).toEqual({ kind: 'team', id: 12 });
    expect(parseConversationId('taskProject-3')).toEqual({ kind: 'taskProject', id: 3 });
    expect(parseConversationId('direct-3-9')).toEqual({ kind: 'direct', low: 3, high: 9 });
    for (const bad of ['direct-9-3', 'direct-3-3', 'team-0', 'team-01', 'room-1', 'team-1 ', 'team-99999999999999999'])
      expect(parseConversationId(bad), bad).toBeNull();
  });
});

describe('the chat read models', () => {
  let position = 0;
  const event = (streamId: string, e: { type: string; data: unknown }): RecordedEvent =>
    ({ ...e, metadata: { streamId, globalPosition: ++position, version: 1 } }) as unknown as RecordedEvent;

  it('number messages per conversation, skip a redelivery, count unread after the mark less deleted ones', async () => {
    const store = createMemoryReadStore();
    const apply = (e: RecordedEvent) => chatProjection.handle(e, store);
    const first = event('chatMessage-1', { type: 'MessagePosted', data: posted({ messageId: 1, senderId: 7 }) });
    await apply(first);
    await apply(
      event('chatMessage-99', { type: 'MessagePosted', data: posted({ messageId: 99, conversationId: 'team-2' }) }),
    );
    for (const id of [2, 3, 4])
      await apply(event(`chatMessage-${id}`, { type: 'MessagePosted', data: posted({ messageId: id, senderId: 8 }) }));
    await apply(first); // delivered again
    const conversation = await conversations(store).findOne({ _id: 'team-1' });
    expect(conversation).toMatchObject({ lastSeq: 4, lastPosition: 5 });
    expect((await chatMessages(store).findOne({ _id: messageKey('team-1', 2) }))?.messageId).toBe(2);
    // Positions 1, 3, 4, 5 in team-1; 2 is team-2's.
    expect(await seqAtOrBefore(store, conversation, 2)).toBe(1);
    expect(await seqAtOrBefore(store, conversation, 3)).toBe(2);
    expect(await seqAtOrBefore(store, conversation, 0)).toBe(0);
    expect(await seqAtOrBefore(store, conversation, 99)).toBe(4);
    // 7 posted the first message, so it has read up to it; 8's own posts moved 8's mark to the last.
    const markOf = async (userId: number) =>
      (await chatReads(store).findOne({ _id: readKey(userId, 'team-1') }))?.seq ?? 0;
    expect(unreadOf(conversation, await markOf(7))).toBe(3);
    expect(unreadOf(conversation, await markOf(8))).toBe(0);
    expect(unreadOf(conversation, await markOf(9))).toBe(4);
    await apply(event('chatMessage-3', { type: 'MessageDeleted', data: { deletedAt: NOW } }));
    const after = await conversations(store).findOne({ _id: 'team-1' });
    expect(unreadOf(after, await markOf(7))).toBe(2);
    const read = { userId: 7, conversationId: 'team-1', teamId: 1, position: 4, readAt: NOW };
    await apply(event('chatRead-7-team-1', { type: 'ConversationRead', data: read }));
    expect(await markOf(7)).toBe(3);
    expect(unreadOf(after, await markOf(7))).toBe(1);
  });
});

describe('limits', () => {
  it('allow 20 posts per 10 s per user, then again once the window moved', () => {
    let now = 0;
    const flood = createFloodGuard(20, 10_000, () => now);
    for (let i = 0; i < 20; i++) expect(flood.allow(1)).toBe(true);
    expect(flood.allow(1)).toBe(false);
    expect(flood.allow(2)).toBe(true);
    now = 10_001;
    expect(flood.allow(1)).toBe(true);
  });

  it('push typing at most once per 2 s per user and conversation', () => {
    let now = 0;
    const allowed = createTypingThrottle(2_000, () => now);
    expect(allowed(1, 'team-1')).toBe(true);
    expect(allowed(1, 'team-1')).toBe(false);
    expect(allowed(1, 'team-2')).toBe(true);
    now = 2_000;
    expect(allowed(1, 'team-1')).toBe(true);
  });
});
