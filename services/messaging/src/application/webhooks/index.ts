import { type Caller, newEventId, nextNumericId, sha256 } from '@pmbok/infra';
import { checkInput, checkScope, type WebhookInput, webhookDecider } from '../../domain/webhook/businessLogic.js';
import { webhookStreamId } from '../../domain/webhook/webhook.js';
import { deliveryDecider } from '../../domain/webhookDelivery/businessLogic.js';
import { deliveryStreamId } from '../../domain/webhookDelivery/delivery.js';
import { type DeliveryDoc, deliveries, type WebhookDoc, webhooks } from '../../projections/webhooks/index.js';
import type { MessagingPartDeps } from '../deps.js';
import { createWebhookAccess } from './access.js';
import { checkTargetAddress, createWebhookSender, webhookSettingsOf } from './send.js';

export interface WebhookScopeQuery {
  scope: string;
  projectId: number;
  projectKind: string;
}

export interface SaveWebhookRequest extends WebhookScopeQuery, WebhookInput {
  webhookId: number;
}

const idFor = (userId: number, commandId: string) =>
  Number.parseInt(sha256(`webhook:${userId}:${commandId}`).slice(0, 13), 16);

function paging(page: number, pageSize: number) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 20, 1), 100);
  const current = Math.max(Math.trunc(page) || 1, 1);
  return { pageSize: size, skip: (current - 1) * size };
}

/** The webhooks use cases (docs/api/messaging.md "Webhooks"); the worker that sends deliveries is in reactions/. */
export function createWebhooks(deps: MessagingPartDeps) {
  const { now, runCommand } = deps;
  const { readStore } = deps.runtime;
  const settings = webhookSettingsOf(deps.env);
  const { requireManager, managedWebhook } = createWebhookAccess(deps);
  const byId = async (webhookId: number) => (await webhooks(readStore).findOne({ _id: String(webhookId) }))!;
  const deliveryById = async (deliveryId: number) =>
    (await deliveries(readStore).findOne({ _id: String(deliveryId) }))!;

  return {
    async list(query: WebhookScopeQuery, caller: Caller): Promise<WebhookDoc[]> {
      const place = checkScope(query.scope, query.projectId, query.projectKind);
      await requireManager(place, caller);
      const filter = { teamId: caller.teamId, scope: place.scope, projectId: place.projectId };
      const found = await webhooks(readStore).find(filter, { sort: { createdAt: 1, webhookId: 1 } });
      // A knowledge project and a task project may share a number: the kind tells them apart.
      return found.filter((doc) => doc.projectKind === place.projectKind);
    },

    async save(request: SaveWebhookRequest, caller: Caller, commandId?: string): Promise<WebhookDoc> {
      const existing = request.webhookId > 0 ? await managedWebhook(request.webhookId, caller) : null;
      const place = existing ?? checkScope(request.scope, request.projectId, request.projectKind);
      if (!existing) await requireManager(place, caller);
      const checked = checkInput(request);
      await checkTargetAddress(checked.url, settings);
      // A retried creation (same command id) lands on the first one's stream, where handleCommand finds it.
      const webhookId = existing?.webhookId ?? (commandId ? idFor(caller.userId, commandId) : nextNumericId(now()));
      const { scope, projectId, projectKind } = place;
      const handled = await runCommand(
        webhookStreamId(webhookId),
        webhookDecider,
        {
          type: 'SaveWebhook',
          data: {
            webhookId,
            teamId: caller.teamId,
            scope,
            projectId,
            projectKind,
            ...checked,
            url: checked.url.href,
          },
          metadata: { now: now() },
        },
        caller,
        { commandId: commandId ?? newEventId(), teamId: caller.teamId },
      );
      const saved = handled.events[0]?.data.webhookId ?? webhookId;
      return byId(saved);
    },

    async delete(webhookId: number, caller: Caller, commandId?: string): Promise<void> {
      const doc = await managedWebhook(webhookId, caller);
      await runCommand(
        webhookStreamId(doc.webhookId),
        webhookDecider,
        { type: 'DeleteWebhook', data: { webhookId: doc.webhookId }, metadata: { now: now() } },
        caller,
        { commandId: commandId ?? newEventId(), teamId: caller.teamId },
      );
    },

    /** Sends `{event: 'test'}` now, records it as a delivery of one attempt and answers it. */
    async test(webhookId: number, caller: Caller): Promise<DeliveryDoc> {
      const doc = await managedWebhook(webhookId, caller);
      const deliveryId = nextNumericId(now());
      const message = {
        event: 'test',
        title: `pmbok Webhook 测试：${doc.name}`,
        summary: '这是一条测试消息，收到即表示 Webhook 配置正确。',
        link: '',
        teamId: doc.teamId,
        projectId: doc.projectId,
        actor: { id: caller.userId, name: await deps.work.userName(caller.userId) },
        at: now(),
      };
      const stream = deliveryStreamId(deliveryId);
      const options = { teamId: doc.teamId };
      await runCommand(
        stream,
        deliveryDecider,
        {
          type: 'QueueDelivery',
          data: { ...message, deliveryId, webhookId, activityId: 0, test: true, createdAt: now(), nextAttemptAt: 0 },
        },
        caller,
        { ...options, commandId: `queue:${deliveryId}` },
      );
      const sender = createWebhookSender(settings, now);
      try {
        const { attempt, delivered } = await sender.send({
          deliveryId,
          kind: doc.kind,
          url: doc.url,
          secret: doc.secret,
          message,
          publicUrl: settings.publicUrl,
        });
        await runCommand(
          stream,
          deliveryDecider,
          { type: 'RecordAttempt', data: { attempt, delivered, retryDelaysMs: [] } },
          caller,
          { ...options, commandId: `attempt:${deliveryId}:1` },
        );
      } finally {
        await sender.close();
      }
      return deliveryById(deliveryId);
    },

    /** A webhook's deliveries, newest first, each with its attempts. */
    async deliveries(query: { webhookId: number; page: number; pageSize: number }, caller: Caller) {
      const doc = await managedWebhook(query.webhookId, caller);
      const { pageSize, skip } = paging(query.page, query.pageSize);
      const filter = { webhookId: doc.webhookId };
      const [total, list] = await Promise.all([
        deliveries(readStore).count(filter),
        deliveries(readStore).find(filter, { sort: { createdAt: -1, deliveryId: -1 }, skip, limit: pageSize }),
      ]);
      return { list, total };
    },
  };
}

export type WebhooksUseCases = ReturnType<typeof createWebhooks>;
