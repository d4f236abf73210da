import type {
  ChatMessage,
  Conversation,
  FollowState,
  MessageCard,
  Notification,
  NotificationPage,
  NotificationSettings,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
} from '@pmbok/api-types';
import { request } from '../api/request';

// The records are the gateway's answer schemas (one wire model); the screens import them from here.
export type {
  ChatMessage,
  Conversation,
  FollowState,
  MessageCard,
  Notification,
  NotificationPage,
  NotificationSettings,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
};

/**
 * The team message calls (docs/api/messaging.md): the inbox, follows, conversations and webhooks. The records are the
 * messaging proto's messages in camelCase, ids as numbers and times in epoch milliseconds.
 */

export type NotificationGroup = 'task' | 'team' | 'project' | 'doc' | 'test' | 'chat';
export const NOTIFICATION_GROUPS: NotificationGroup[] = ['task', 'team', 'project', 'doc', 'test', 'chat'];

/** A kind of notification and its group, as `message/settings` lists them (the service's list, the only one). */
export type KindInfo = { kind: string; group: string };

/** The query of `message/settings`: the caller's preferences and every kind. */
export const SETTINGS_KEY = ['chat', 'settings'] as const;

/** A kind's text key under app.chat.kinds (dots are the translator's path separators). */
export const kindKey = (kind: string) => `app.chat.kinds.${kind.replace('.', '_')}`;

export type FollowKind = 'doc' | 'folder' | 'project' | 'taskProject' | 'task';

export type ConversationKind = 'team' | 'project' | 'taskProject' | 'direct';

export interface MessagePage {
  list: ChatMessage[];
  hasMore: boolean;
}

export type WebhookKind = 'feishu' | 'dingtalk' | 'wecom' | 'generic';
export const WEBHOOK_KINDS: WebhookKind[] = ['feishu', 'dingtalk', 'wecom', 'generic'];

/** Where a webhook belongs: the team, or one knowledge (api) or task project. */
export interface WebhookScope {
  scope: 'team' | 'project';
  projectId?: number;
  projectKind?: 'api' | 'task';
}

const quiet = { notify: false };
const json = (value: unknown) => JSON.stringify(value);

export const messageApi = {
  list: (query: { page: number; pageSize: number; group: string; projectId: number; unreadOnly: boolean }) =>
    request<NotificationPage>('message/list', { ...query, unreadOnly: query.unreadOnly ? '1' : '' }),
  read: (ids: number[]) => request<{ unReadCount: number }>('message/read', { ids: json(ids) }),
  readAll: () => request<{ unReadCount: number }>('message/read', { all: '1' }),
  unread: () =>
    request<{ unReadCount: number; notifications: number; conversations: number }>('message/unread', {}, quiet),
  settings: () => request<NotificationSettings>('message/settings'),
  saveSettings: (mutedKinds: string[], quietMode: boolean) =>
    request<NotificationSettings>('message/saveSettings', {
      mutedKinds: json(mutedKinds),
      quiet: quietMode ? '1' : '0',
    }),
};

export const followApi = {
  state: (kind: FollowKind, id: number) => request<FollowState>('follow/state', { kind, id }, quiet),
  add: (kind: FollowKind, id: number) => request<unknown>('follow/add', { kind, id }),
  remove: (kind: FollowKind, id: number) => request<null>('follow/remove', { kind, id }),
};

export const chatApi = {
  conversations: () => request<Conversation[]>('chat/conversations'),
  direct: (userId: number) => request<Conversation>('chat/direct', { userId }),
  before: (conversationId: string, beforePosition: number, pageSize = 30) =>
    request<MessagePage>('chat/messages', { conversationId, beforePosition, pageSize }),
  after: (conversationId: string, afterPosition: number, pageSize = 100) =>
    request<MessagePage>('chat/messages', { conversationId, afterPosition, pageSize }, quiet),
  post: (conversationId: string, content: string, mentionIds: number[], images: string[], clientId: string) =>
    request<ChatMessage>('chat/post', {
      conversationId,
      content,
      mentionIds: json(mentionIds),
      images: json(images),
      clientId,
    }),
  edit: (messageId: number, content: string, mentionIds: number[]) =>
    request<ChatMessage>('chat/edit', { messageId, content, mentionIds: json(mentionIds) }),
  remove: (messageId: number) => request<null>('chat/delete', { messageId }),
  read: (conversationId: string, position: number) =>
    request<{ unReadCount: number }>('chat/read', { conversationId, position }, quiet),
  typing: (conversationId: string) => request<null>('chat/typing', { conversationId }, quiet),
  search: (conversationId: string, keyword: string, page = 1, pageSize = 20) =>
    request<{ list: ChatMessage[]; total: number }>('chat/search', { conversationId, keyword, page, pageSize }),
};

const scopeBody = ({ scope, projectId = 0, projectKind }: WebhookScope) => ({
  scope,
  projectId,
  projectKind: projectKind ?? '',
});

export interface WebhookDraft {
  webhookId: number;
  name: string;
  kind: WebhookKind;
  url: string;
  secret: string;
  clearSecret: boolean;
  events: string[];
  enabled: boolean;
}

export const webhookApi = {
  list: (scope: WebhookScope) => request<Webhook[]>('webhook/list', scopeBody(scope), quiet),
  save: (scope: WebhookScope, draft: WebhookDraft) =>
    request<Webhook>('webhook/save', {
      ...scopeBody(scope),
      ...draft,
      clearSecret: draft.clearSecret ? '1' : '',
      enabled: draft.enabled ? '1' : '0',
      events: json(draft.events),
    }),
  remove: (webhookId: number) => request<null>('webhook/delete', { webhookId }),
  // The attempt itself may take the target's whole 5 s; the gateway waits 15 s for it.
  test: (webhookId: number) => request<WebhookDelivery>('webhook/test', { webhookId }, { timeoutMs: 16_000 }),
  deliveries: (webhookId: number, page = 1, pageSize = 10) =>
    request<{ list: WebhookDelivery[]; total: number }>('webhook/deliveries', { webhookId, page, pageSize }),
};
