import { ownLog, reaction, type ServiceContext, type Stop, startReactions } from '@pmbok/infra';
import { createWebhookSender, type WebhookSettings, webhookSettingsOf } from '../application/webhooks/send.js';
import type { ActivityRecorded } from '../domain/activity.js';
import { deliveryDecider } from '../domain/webhookDelivery/businessLogic.js';
import { type DeliveryMessage, deliveryIdFor, deliveryStreamId } from '../domain/webhookDelivery/delivery.js';
import { deliveries, webhooks } from '../projections/webhooks/index.js';

type Service = Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'>;

/** A delivery the worker will send: what it says, and when it is due. */
interface Scheduled {
  deliveryId: number;
  webhookId: number;
  teamId: number;
  message: DeliveryMessage;
  dueAt: number;
}

export const cancelReasons = { deleted: 'Webhook 已删除，未发送', disabled: 'Webhook 已停用，未发送' } as const;

/**
 * The webhook worker (docs/api/messaging.md "Deliveries"). A durable subscription of its own to this service's log
 * turns each `ActivityRecorded` into one delivery per enabled matching webhook (its id derived from the activity
 * and the webhook, so a redelivered activity queues nothing new). A scheduler sends the due ones, at most
 * `concurrency` at once and one at a time per webhook, so a hanging target holds one slot and slows nobody else.
 * The schedule lives in the deliveries read model: on start every delivery still due is picked up again.
 */
export async function startWebhookDeliveries(
  service: Service,
  env: Record<string, string | undefined>,
  overrides: Partial<WebhookSettings> = {},
): Promise<{ stops: Stop[] }> {
  const { runtime, logger, now, runCommand } = service;
  const { readStore } = runtime;
  const settings = { ...webhookSettingsOf(env), ...overrides };
  const sender = createWebhookSender(settings, now);
  const schedule = new Map<number, Scheduled>();
  const sending = new Map<number, Promise<void>>();
  const busyWebhooks = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function pump() {
    if (stopped) return;
    clearTimeout(timer);
    timer = undefined;
    const at = now();
    const waiting = [...schedule.values()].sort((a, b) => a.dueAt - b.dueAt || a.deliveryId - b.deliveryId);
    for (const entry of waiting) {
      if (sending.size >= settings.concurrency) return;
      if (entry.dueAt > at) break;
      if (busyWebhooks.has(entry.webhookId)) continue;
      schedule.delete(entry.deliveryId);
      busyWebhooks.add(entry.webhookId);
      const sent = attempt(entry)
        .catch((error) => {
          logger.error({ err: error, deliveryId: entry.deliveryId }, 'webhook delivery failed; retried later');
          // Recording failed (the log is closing, a bug): try again at the next start or in a minute.
          if (!stopped) schedule.set(entry.deliveryId, { ...entry, dueAt: now() + 60_000 });
        })
        .finally(() => {
          sending.delete(entry.deliveryId);
          busyWebhooks.delete(entry.webhookId);
          pump();
        });
      sending.set(entry.deliveryId, sent);
    }
    const next = [...schedule.values()].reduce((min, entry) => Math.min(min, entry.dueAt), Number.POSITIVE_INFINITY);
    if (Number.isFinite(next) && sending.size < settings.concurrency) {
      timer = setTimeout(pump, Math.max(0, next - at));
    }
  }

  async function attempt(entry: Scheduled) {
    const stream = deliveryStreamId(entry.deliveryId);
    const options = { teamId: entry.teamId };
    const webhook = await webhooks(readStore).findOne({ _id: String(entry.webhookId) });
    if (!webhook?.enabled) {
      const reason = webhook ? cancelReasons.disabled : cancelReasons.deleted;
      await runCommand(stream, deliveryDecider, { type: 'CancelDelivery', data: { at: now(), reason } }, {}, options);
      return;
    }
    const outcome = await sender.send({
      deliveryId: entry.deliveryId,
      kind: webhook.kind,
      url: webhook.url,
      secret: webhook.secret,
      message: entry.message,
      publicUrl: settings.publicUrl,
    });
    // Stopping mid-send: nothing is recorded, so the delivery is still due in the read model and goes after the start.
    if (stopped) return;
    const { events } = await runCommand(
      stream,
      deliveryDecider,
      { type: 'RecordAttempt', data: { ...outcome, retryDelaysMs: settings.retryDelaysMs } },
      {},
      options,
    );
    const recorded = events.find((event) => event.type === 'AttemptRecorded');
    const nextAt = recorded?.type === 'AttemptRecorded' ? recorded.data.nextAttemptAt : 0;
    if (nextAt > 0) schedule.set(entry.deliveryId, { ...entry, dueAt: nextAt });
  }

  async function queue(activity: ActivityRecorded['data'], recordedAt: number) {
    const matching = await webhooks(readStore).find({
      teamId: activity.teamId,
      enabled: true,
      events: activity.kind,
      // A webhook hears of what happened after it was made, even when the worker catches up later.
      createdAt: { $lte: recordedAt },
      $or: [{ scope: 'team' }, { scope: 'project', projectId: activity.projectId, projectKind: activity.projectKind }],
    });
    for (const webhook of matching) {
      if (webhook.scope === 'project' && !activity.projectId) continue;
      const deliveryId = deliveryIdFor(activity.activityId, webhook.webhookId);
      const message: DeliveryMessage = {
        event: activity.kind,
        title: activity.title,
        summary: activity.summary,
        link: activity.link,
        teamId: activity.teamId,
        projectId: activity.projectId,
        actor: { id: activity.actorId, name: activity.actorName },
        at: activity.at,
      };
      const queuedAt = now();
      const handled = await runCommand(
        deliveryStreamId(deliveryId),
        deliveryDecider,
        {
          type: 'QueueDelivery',
          data: {
            ...message,
            deliveryId,
            webhookId: webhook.webhookId,
            activityId: activity.activityId,
            test: false,
            createdAt: queuedAt,
            nextAttemptAt: queuedAt,
          },
        },
        {},
        { commandId: `queue:${activity.activityId}:${webhook.webhookId}`, teamId: activity.teamId },
      );
      // Queued before (a redelivered activity): the read model's schedule already has it.
      if (handled.events.length === 0 || handled.result.alreadyApplied) continue;
      schedule.set(deliveryId, {
        deliveryId,
        webhookId: webhook.webhookId,
        teamId: activity.teamId,
        message,
        dueAt: queuedAt,
      });
    }
  }

  // What was due when the service stopped (or is due later) goes on: the schedule is in the read model.
  for (const doc of await deliveries(readStore).find({ nextAttemptAt: { $gt: 0 }, test: false })) {
    if (doc.status !== 'pending' && doc.status !== 'retrying') continue;
    const { deliveryId, webhookId, teamId, event, title, summary, link, projectId, actor, at } = doc;
    const message = { event, title, summary, link, teamId, projectId, actor, at };
    schedule.set(deliveryId, { deliveryId, webhookId, teamId, message, dueAt: doc.nextAttemptAt });
  }

  const { stops } = await startReactions(runtime, {
    activities: reaction({
      name: 'messaging-webhook-deliveries',
      source: ownLog<ActivityRecorded>(),
      on: { ActivityRecorded: async ({ data, metadata }) => queue(data, metadata.at) },
      afterBatch: async () => pump(),
    }),
  });
  pump();

  const stop: Stop = async () => {
    for (const stopReaction of stops) await stopReaction();
    stopped = true;
    clearTimeout(timer);
    // In-flight sends end at once (their sockets destroyed) and record nothing; they are still due after a start.
    await sender.close();
    await Promise.allSettled(sending.values());
  };
  return { stops: [stop] };
}
