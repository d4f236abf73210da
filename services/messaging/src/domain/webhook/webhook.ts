import { type DomainEvent, streamId } from '@pmbok/infra';

/** docs/api/messaging.md "Webhooks": where the team's or a project's activities are sent. */
export const WEBHOOK_KINDS = ['feishu', 'dingtalk', 'wecom', 'generic'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export type WebhookScope = 'team' | 'project';
export type ProjectKind = 'api' | 'task' | '';

/** What a manager chooses; the secret is kept to sign with and never answered. */
export interface WebhookSettings {
  name: string;
  kind: WebhookKind;
  url: string;
  secret: string;
  events: string[];
  enabled: boolean;
}

export interface WebhookPlace {
  webhookId: number;
  teamId: number;
  scope: WebhookScope;
  /** 0 for the team. */
  projectId: number;
  projectKind: ProjectKind;
}

export type WebhookCreated = DomainEvent<'WebhookCreated', WebhookPlace & WebhookSettings & { createdAt: number }>;
export type WebhookUpdated = DomainEvent<'WebhookUpdated', { webhookId: number; updatedAt: number } & WebhookSettings>;
export type WebhookDeleted = DomainEvent<'WebhookDeleted', { webhookId: number; deletedAt: number }>;
export type WebhookEvent = WebhookCreated | WebhookUpdated | WebhookDeleted;

export type Webhook =
  | { status: 'none' }
  | ({ status: 'active' | 'deleted'; createdAt: number; updatedAt: number } & WebhookPlace & WebhookSettings);

export const initialState = (): Webhook => ({ status: 'none' });
export const webhookStreamId = (webhookId: number) => streamId('webhook', webhookId);

export function evolve(state: Webhook, event: WebhookEvent): Webhook {
  switch (event.type) {
    case 'WebhookCreated': {
      const { createdAt, ...rest } = event.data;
      return { status: 'active', ...rest, createdAt, updatedAt: createdAt };
    }
    case 'WebhookUpdated': {
      if (state.status === 'none') return state;
      const { updatedAt, webhookId: _id, ...settings } = event.data;
      return { ...state, ...settings, updatedAt };
    }
    case 'WebhookDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
