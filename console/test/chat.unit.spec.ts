import { describe, expect, it } from 'vitest';
// the service's kinds, in the test only: the console's product code never imports a service
import { NOTIFICATION_KINDS } from '../../services/messaging/src/domain/activity';
import type { ChatMessage, Conversation } from '../src/chat/chatApi';
import { conversationsAfterPush, lastPosition, mergeMessages, sortConversations } from '../src/chat/messageStore';
import { appPath, mentionedIds, mentionQuery, messageTime, textPieces } from '../src/chat/messageText';
import { draftErrors, draftOf, kindsFor } from '../src/chat/WebhookDialog';
import { CHAT_PUSH, chatPushOf } from '../src/live/chatPush';

const message = (messageId: number, position: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId,
  conversationId: 'team-1',
  position,
  senderId: 2,
  senderName: '李四',
  content: `m${messageId}`,
  mentionIds: [],
  cards: [],
  images: [],
  edited: false,
  deleted: false,
  createdAt: position,
  editedAt: 0,
  clientId: '',
  ...extra,
});

const conversation = (conversationId: string, kind: Conversation['kind'], last?: ChatMessage): Conversation => ({
  conversationId,
  kind,
  name: conversationId,
  projectId: 0,
  peerUserId: 0,
  unreadCount: 0,
  readPosition: 0,
  lastMessage: last ?? null,
  memberCount: 2,
});

describe('the messages a conversation holds', () => {
  it('holds each message once, oldest first, whatever order and how often the catch-up and pushes bring them', () => {
    const held = mergeMessages([message(1, 10), message(2, 20)], [message(4, 40), message(2, 20), message(3, 30)]);
    const again = mergeMessages(held, [message(3, 30), message(4, 40), message(5, 50)]);
    expect(again.map((m) => m.messageId)).toEqual([1, 2, 3, 4, 5]);
    expect(lastPosition(again)).toBe(50);
  });

  it('keeps the later state of a message: an edit over the original, a deletion over an edit pushed after it', () => {
    const edited = message(1, 10, { content: '改过了', edited: true, editedAt: 5 });
    const deleted = message(1, 10, { content: '', deleted: true, editedAt: 3 });
    expect(mergeMessages([message(1, 10)], [edited])[0]?.content).toBe('改过了');
    expect(mergeMessages([edited], [deleted])[0]?.deleted).toBe(true);
    expect(mergeMessages([deleted], [edited])[0]?.deleted).toBe(true);
  });

  it('replaces a pending send by the message the server answered or pushed for its client id', () => {
    const pending = { ...message(0, 0, { clientId: 'c-1', senderId: 1 }), pending: true };
    const shown = mergeMessages([message(1, 10)], [pending]);
    expect(shown.map((m) => m.pending ?? false)).toEqual([false, true]);
    const settled = mergeMessages(shown, [message(7, 70, { clientId: 'c-1', senderId: 1 })]);
    expect(settled.map((m) => m.messageId)).toEqual([1, 7]);
    expect(lastPosition(shown)).toBe(10);
  });
});

describe('the conversation list', () => {
  it('puts the team channel first, then project channels, then direct conversations by their last message', () => {
    const sorted = sortConversations([
      conversation('direct-1-2', 'direct', message(1, 10)),
      conversation('project-5', 'project'),
      conversation('direct-1-3', 'direct', message(2, 20)),
      conversation('team-1', 'team'),
      conversation('taskProject-6', 'taskProject'),
    ]);
    expect(sorted.map((c) => c.conversationId)).toEqual([
      'team-1',
      'project-5',
      'taskProject-6',
      'direct-1-3',
      'direct-1-2',
    ]);
  });

  it('counts a pushed message as unread unless it is mine or its conversation is open', () => {
    const list = [conversation('team-1', 'team'), conversation('project-5', 'project')];
    const other = message(9, 90, { conversationId: 'project-5' });
    expect(conversationsAfterPush(list, other, 'posted', 1, null)[1]?.unreadCount).toBe(1);
    expect(conversationsAfterPush(list, other, 'posted', 1, 'project-5')[1]?.unreadCount).toBe(0);
    expect(conversationsAfterPush(list, { ...other, senderId: 1 }, 'posted', 1, null)[1]?.unreadCount).toBe(0);
    expect(conversationsAfterPush(list, other, 'edited', 1, null)[1]?.unreadCount).toBe(0);
    expect(conversationsAfterPush(list, other, 'posted', 1, null)[1]?.lastMessage?.messageId).toBe(9);
  });
});

describe('a message’s text', () => {
  it('is cut into text, mentions of the people it names and links — a script tag stays characters', () => {
    const pieces = textPieces('@张三丰 看 <script>alert(1)</script> https://example.cn/a?b=1 和 @张三', [
      '张三',
      '张三丰',
    ]);
    expect(pieces).toEqual([
      { kind: 'mention', text: '@张三丰' },
      { kind: 'text', text: ' 看 <script>alert(1)</script> ' },
      { kind: 'link', text: 'https://example.cn/a?b=1', href: 'https://example.cn/a?b=1' },
      { kind: 'text', text: ' 和 ' },
      { kind: 'mention', text: '@张三' },
    ]);
  });

  it('marks no mention of someone the message does not mention', () => {
    expect(textPieces('写信给 @王五', []).map((p) => p.kind)).toEqual(['text']);
  });

  it('mentions the picked members whose @name is still in the text', () => {
    const picked = [
      { userId: 2, name: '李四' },
      { userId: 3, name: '王五' },
    ];
    expect(mentionedIds('@李四 你好', picked)).toEqual([2]);
  });

  it('finds the @ query being typed before the caret', () => {
    expect(mentionQuery('你好 @李', 5)).toEqual({ start: 3, query: '李' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail a@b', 8)).toBeNull();
    expect(mentionQuery('@李四 好', 6)).toBeNull();
  });

  it('tells its time as a chat does: the time today, the day this year, the full date before', () => {
    const now = new Date(2026, 10, 28, 15, 0).getTime();
    expect(messageTime(new Date(2026, 10, 28, 9, 5).getTime(), now)).toBe('09:05');
    expect(messageTime(new Date(2026, 2, 7, 14, 5).getTime(), now)).toBe('03-07 14:05');
    expect(messageTime(new Date(2025, 11, 31, 23, 59).getTime(), now)).toBe('2025-12-31 23:59');
  });

  it('opens console links inside the app and leaves other sites to a new tab', () => {
    expect(appPath('/task/home/12?task=3', 'http://x')).toBe('/task/home/12?task=3');
    expect(appPath('http://x/system/#/project/index/5?doc=7', 'http://x')).toBe('/project/index/5?doc=7');
    expect(appPath('https://evil.example/#/task', 'http://x')).toBeNull();
    expect(appPath('//evil.example/x', 'http://x')).toBeNull();
  });
});

describe('the messaging pushes', () => {
  const push = (code: number, data: unknown) => chatPushOf({ code, data }, 1);

  it('are read for the tab’s team only', () => {
    const data = { teamId: 1, conversationId: 'team-1', event: 'posted', message: message(1, 10) };
    expect(push(CHAT_PUSH.message, data)?.kind).toBe('message');
    expect(push(CHAT_PUSH.message, { ...data, teamId: 2 })).toBeNull();
    expect(chatPushOf({ code: CHAT_PUSH.message, data }, null)).toBeNull();
  });

  it('are refused when malformed or of another code', () => {
    expect(
      push(CHAT_PUSH.message, { teamId: 1, conversationId: 'team-1', event: 'moved', message: message(1, 1) }),
    ).toBeNull();
    expect(push(CHAT_PUSH.notification, { teamId: 1, notification: {} })).toBeNull();
    expect(push(CHAT_PUSH.typing, { teamId: 1, conversationId: 'team-1', userId: 2, name: '李四' })?.kind).toBe(
      'typing',
    );
    expect(push(CHAT_PUSH.read, { teamId: 1, conversationId: 'team-1', readPosition: 5, unreadCount: 0 })?.kind).toBe(
      'read',
    );
    expect(push(200300, { teamId: 1 })).toBeNull();
  });
});

// the service's list, as message/settings answers it
const KINDS = Object.entries(NOTIFICATION_KINDS).map(([kind, group]) => ({ kind, group }));

describe('a webhook draft', () => {
  it('needs a name, an http(s) URL and at least one kind of notification', () => {
    const draft = draftOf(null, 'team', KINDS);
    expect(draftErrors(draft)).toEqual({
      name: 'app.chat.webhook.name_required',
      url: 'app.chat.webhook.url_required',
    });
    expect(draftErrors({ ...draft, name: '群', url: 'ftp://x', events: [] })).toEqual({
      url: 'app.chat.webhook.url_invalid',
      events: 'app.chat.webhook.events_required',
    });
    expect(draftErrors({ ...draft, name: '群', url: 'https://open.feishu.cn/hook/x' })).toEqual({});
  });

  it('offers a project’s webhook no team events', () => {
    expect(kindsFor(KINDS, 'project').some((k) => k.group === 'team')).toBe(false);
    expect(kindsFor(KINDS, 'team').some((k) => k.kind === 'team.joined')).toBe(true);
    // a new webhook sends every kind of its scope
    expect(draftOf(null, 'project', KINDS).events).toEqual(kindsFor(KINDS, 'project').map((k) => k.kind));
  });
});
