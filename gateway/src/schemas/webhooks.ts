import { type Static, Type } from '@sinclair/typebox';
import { oneOf } from './wire.js';

/** Answers of the webhook calls (docs/api/messaging.md "Webhooks"); times in epoch ms. */

/** A webhook as its managers see it: the secret is never answered, only whether one is set. */
export const Webhook = Type.Object({
  webhookId: Type.Integer(),
  scope: oneOf('team', 'project'),
  /** 0 for the team. */
  projectId: Type.Integer(),
  /** 'api' (knowledge project) or 'task' for a project webhook; '' for the team. */
  projectKind: Type.String(),
  name: Type.String(),
  kind: oneOf('feishu', 'dingtalk', 'wecom', 'generic'),
  url: Type.String(),
  hasSecret: Type.Boolean(),
  /** Notification kinds sent. */
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  /** The last delivery's status: '', 'succeeded', 'retrying', 'failed'. */
  lastStatus: Type.String(),
});

export const WebhookAttempt = Type.Object({
  at: Type.Integer(),
  /** 0 when nothing was answered (refused address, timeout, network error). */
  statusCode: Type.Integer(),
  /** Why it failed, for the user; '' on success. */
  error: Type.String(),
  durationMs: Type.Integer(),
});

export const WebhookDelivery = Type.Object({
  deliveryId: Type.Integer(),
  webhookId: Type.Integer(),
  /** The notification kind, or 'test'. */
  event: Type.String(),
  title: Type.String(),
  status: oneOf('pending', 'retrying', 'succeeded', 'failed'),
  attempts: Type.Array(WebhookAttempt),
  createdAt: Type.Integer(),
  /** When the next attempt is due; 0 when none. */
  nextAttemptAt: Type.Integer(),
});

export const WebhookList = Type.Array(Webhook);
export const WebhookDeliveries = Type.Object({ list: Type.Array(WebhookDelivery), total: Type.Integer() });

// The static types the console imports (type-only, through schemas/index.ts).
export type Webhook = Static<typeof Webhook>;
export type WebhookAttempt = Static<typeof WebhookAttempt>;
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export type WebhookDeliveries = Static<typeof WebhookDeliveries>;
