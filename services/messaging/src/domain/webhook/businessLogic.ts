import { type Decider, invalid, notFound } from '@pmbok/infra';
import { isNotificationKind } from '../activity.js';
import {
  evolve,
  initialState,
  type ProjectKind,
  WEBHOOK_KINDS,
  type Webhook,
  type WebhookEvent,
  type WebhookKind,
  type WebhookPlace,
  type WebhookScope,
} from './webhook.js';

export const LIMITS = { name: 50, url: 2000, secret: 200 } as const;

export const messages = {
  notManager: '只有管理员可以管理 Webhook',
  notFound: 'Webhook 不存在',
  scope: 'Webhook 范围不正确',
  projectKind: '项目类型不正确',
  project: '请选择项目',
  nameRequired: '请输入 Webhook 名称',
  nameTooLong: `Webhook 名称不能超过${LIMITS.name}个字符`,
  kind: 'Webhook 类型不正确',
  urlRequired: '请输入 Webhook 地址',
  urlTooLong: `Webhook 地址不能超过${LIMITS.url}个字符`,
  urlScheme: 'Webhook 地址必须以 http:// 或 https:// 开头',
  urlFormat: 'Webhook 地址格式不正确',
  secretTooLong: `签名密钥不能超过${LIMITS.secret}个字符`,
  eventsRequired: '请至少选择一种事件',
  eventUnknown: (event: string) => `事件类型不正确：${event.slice(0, 50)}`,
} as const;

/** What a save asks for, as it came in. */
export interface WebhookInput {
  name: string;
  kind: string;
  url: string;
  /** Empty keeps the current secret. */
  secret: string;
  clearSecret: boolean;
  events: readonly string[];
  enabled: boolean;
}

/** Checked and normalized input (trimmed name and URL, events deduplicated in the given order). */
export interface CheckedInput extends Omit<WebhookInput, 'kind' | 'url' | 'events'> {
  kind: WebhookKind;
  url: URL;
  events: string[];
}

const length = (text: string) => [...text].length;

/** The scope a list or a new webhook names: the team, or a knowledge ('api') or task project of it. */
export function checkScope(scope: string, projectId: number, projectKind: string) {
  if (scope === 'team') return { scope: 'team' as WebhookScope, projectId: 0, projectKind: '' as ProjectKind };
  if (scope !== 'project') throw invalid(messages.scope);
  if (projectKind !== 'api' && projectKind !== 'task') throw invalid(messages.projectKind);
  if (!Number.isSafeInteger(projectId) || projectId <= 0) throw invalid(messages.project);
  return { scope: 'project' as WebhookScope, projectId, projectKind: projectKind as ProjectKind };
}

/** The rules of docs/api/messaging.md "Webhooks", with the messages the console shows. */
export function checkInput(input: WebhookInput): CheckedInput {
  const name = input.name.trim();
  if (!name) throw invalid(messages.nameRequired);
  if (length(name) > LIMITS.name) throw invalid(messages.nameTooLong);
  if (!(WEBHOOK_KINDS as readonly string[]).includes(input.kind)) throw invalid(messages.kind);
  const text = input.url.trim();
  if (!text) throw invalid(messages.urlRequired);
  if (text.length > LIMITS.url) throw invalid(messages.urlTooLong);
  if (!/^https?:\/\//i.test(text)) throw invalid(messages.urlScheme);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(messages.urlFormat);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw invalid(messages.urlFormat);
  if (length(input.secret) > LIMITS.secret) throw invalid(messages.secretTooLong);
  const events = [...new Set(input.events)];
  if (events.length === 0) throw invalid(messages.eventsRequired);
  const unknown = events.find((event) => !isNotificationKind(event));
  if (unknown !== undefined) throw invalid(messages.eventUnknown(unknown));
  // Only the settings: the request around them (ids, scope) must not ride along into an event.
  const { secret, clearSecret, enabled } = input;
  return { name, kind: input.kind as WebhookKind, url, secret, clearSecret, events, enabled };
}

export type SaveWebhook = {
  type: 'SaveWebhook';
  data: WebhookPlace & Omit<CheckedInput, 'url'> & { url: string };
  metadata: { now: number };
};
export type DeleteWebhook = { type: 'DeleteWebhook'; data: { webhookId: number }; metadata: { now: number } };
export type WebhookCommand = SaveWebhook | DeleteWebhook;

/** Creates a webhook, or replaces a live one's settings (its place never changes); a deleted one stays deleted. */
export function saveWebhook(command: SaveWebhook, state: Webhook): WebhookEvent[] {
  const { clearSecret, secret, name, kind, url, events, enabled, ...place } = command.data;
  const { now } = command.metadata;
  if (state.status === 'none') {
    const settings = { name, kind, url, events, enabled, secret: clearSecret ? '' : secret };
    return [{ type: 'WebhookCreated', data: { ...place, ...settings, createdAt: now } }];
  }
  if (state.status === 'deleted') throw notFound(messages.notFound);
  const kept = clearSecret ? '' : secret || state.secret;
  return [
    {
      type: 'WebhookUpdated',
      data: { webhookId: state.webhookId, name, kind, url, events, enabled, secret: kept, updatedAt: now },
    },
  ];
}

export function deleteWebhook(command: DeleteWebhook, state: Webhook): WebhookEvent[] {
  if (state.status !== 'active') throw notFound(messages.notFound);
  return [{ type: 'WebhookDeleted', data: { webhookId: state.webhookId, deletedAt: command.metadata.now } }];
}

export function decide(command: WebhookCommand, state: Webhook): WebhookEvent[] {
  switch (command.type) {
    case 'SaveWebhook':
      return saveWebhook(command, state);
    case 'DeleteWebhook':
      return deleteWebhook(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${String(unknown)}`);
    }
  }
}

export const webhookDecider: Decider<Webhook, WebhookCommand, WebhookEvent> = { decide, evolve, initialState };
