import { type Doc, documentProjection, type IndexSpec, ownLog, type Projection, readModel } from '@pmbok/infra';
import type { WebhookEvent, WebhookKind, WebhookScope } from '../../domain/webhook/webhook.js';
import type { Attempt, DeliveryEvent, DeliveryMessage, DeliveryStatus } from '../../domain/webhookDelivery/delivery.js';

/** A live webhook. The secret is here to sign with; the gRPC mapping answers only `hasSecret`. */
export interface WebhookDoc extends Doc {
  webhookId: number;
  teamId: number;
  scope: WebhookScope;
  projectId: number;
  projectKind: 'api' | 'task' | '';
  name: string;
  kind: WebhookKind;
  url: string;
  secret: string;
  events: string[];
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
  /** The last delivery's status: '', 'succeeded', 'retrying', 'failed' (a queued one is 'retrying' until sent). */
  lastStatus: string;
}

export interface DeliveryDoc extends Doc, DeliveryMessage {
  deliveryId: number;
  webhookId: number;
  activityId: number;
  test: boolean;
  status: DeliveryStatus;
  attempts: Attempt[];
  createdAt: number;
  /** The worker's schedule: when the next attempt is due, 0 when none (kept here so a restart resumes it). */
  nextAttemptAt: number;
  /** Why it was given up without an attempt (the webhook deleted or disabled). */
  reason: string;
}

export const webhooks = readModel<WebhookDoc>('webhooks', [
  { fields: { teamId: 1, scope: 1, projectId: 1 } },
] satisfies IndexSpec[]);
export const deliveries = readModel<DeliveryDoc>('webhookDeliveries', [
  { fields: { webhookId: 1, createdAt: -1 } },
  { fields: { nextAttemptAt: 1 } },
] satisfies IndexSpec[]);

const lastStatus = (status: string) => (doc: WebhookDoc | null) => doc && { ...doc, lastStatus: status };

/** Webhooks by id, with the status of their newest delivery event. */
const webhooksProjection = documentProjection({
  source: ownLog<WebhookEvent | DeliveryEvent>(),
  collection: webhooks,
  // Every event here names its webhook: its own stream's, or the delivery's.
  documentId: (event) => String(event.data.webhookId),
  on: {
    WebhookCreated: ({ data: { createdAt, ...rest } }) => ({
      ...rest,
      createdAt,
      updatedAt: createdAt,
      lastStatus: '',
    }),
    WebhookUpdated: ({ data: { webhookId: _id, updatedAt, ...settings } }, doc) =>
      doc && { ...doc, ...settings, updatedAt },
    WebhookDeleted: () => null,
    DeliveryQueued: (_event, doc) => lastStatus('retrying')(doc),
    AttemptRecorded: ({ data }, doc) => lastStatus(data.error ? 'retrying' : 'succeeded')(doc),
    DeliverySucceeded: (_event, doc) => lastStatus('succeeded')(doc),
    DeliveryFailed: (_event, doc) => lastStatus('failed')(doc),
  },
});

/** Each delivery with its attempts and its schedule. */
const deliveriesProjection = documentProjection({
  source: ownLog<DeliveryEvent>(),
  collection: deliveries,
  stream: 'webhookDelivery',
  on: {
    DeliveryQueued: ({ data }) => ({ ...data, status: 'pending' as const, attempts: [], reason: '' }),
    AttemptRecorded: ({ data: { at, statusCode, error, durationMs, nextAttemptAt } }, doc) =>
      doc && {
        ...doc,
        status: 'retrying' as const,
        attempts: [...doc.attempts, { at, statusCode, error, durationMs }],
        nextAttemptAt,
      },
    DeliverySucceeded: (_event, doc) => doc && { ...doc, status: 'succeeded' as const, nextAttemptAt: 0 },
    DeliveryFailed: ({ data }, doc) =>
      doc && { ...doc, status: 'failed' as const, nextAttemptAt: 0, reason: data.reason },
  },
});

/** The webhooks read models of this service's own log (docs/api/messaging.md). */
export const webhooksProjections: Projection[] = [webhooksProjection, deliveriesProjection];
