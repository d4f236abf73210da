import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLogger,
  type EventStore,
  loadRuntimeConfig,
  openSqliteEventStore,
  type RecordedEvent,
  type RunningService,
} from '@pmbok/infra';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveryIdFor } from '../src/domain/webhookDelivery/delivery.js';
import { startMessagingService } from '../src/index.js';

/** The messaging service alone, on a data directory of its own; its clock can be moved forward. */
const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-webhook-restart-'));
let offset = 0;
const options = {
  config: loadRuntimeConfig({ ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', DATA_DIR: dataDir }),
  logger: createLogger('test', 'silent'),
  host: '127.0.0.1',
  port: 0,
  clock: () => Date.now() + offset,
  env: { PMBOK_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', PMBOK_WEBHOOK_RETRY_MS: '60000' },
};

const requests: string[] = [];
const receiver = createServer((request, response) => {
  requests.push(request.url ?? '');
  request.resume();
  // The first attempt fails, the retry succeeds.
  response.writeHead(requests.length === 1 ? 500 : 200).end('{}');
});
let service: RunningService | undefined;
let log: EventStore;

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  log = openSqliteEventStore({ file: join(dataDir, 'messaging.db'), sync: 'normal' });
});
afterAll(async () => {
  await service?.stop();
  await log.close();
  receiver.close();
});

/** The stream's events once one of `type` is among them (woken by every append to the log). */
async function eventOf(stream: string, type: string): Promise<RecordedEvent[]> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const events = await log.readStream(stream);
    if (events.some((event) => event.type === type)) return events;
    await new Promise<void>((resolve) => {
      const stop = log.onAppend(() => {
        stop();
        resolve();
      });
      setTimeout(() => {
        stop();
        resolve();
      }, 100);
    });
  }
  throw new Error(`${stream} has no ${type}`);
}

it('sends a retry that was due while the service was stopped once it starts again, and queues nothing twice', async () => {
  service = await startMessagingService(options);
  const webhookId = 101;
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await log.append(
    `webhook-${webhookId}`,
    [
      {
        type: 'WebhookCreated',
        data: {
          webhookId,
          teamId: 7,
          scope: 'team',
          projectId: 0,
          projectKind: '',
          name: '研发群',
          kind: 'generic',
          url,
          secret: '',
          events: ['task.assigned'],
          enabled: true,
          createdAt: Date.now() - 1000,
        },
      },
    ],
    0,
  );
  const activityId = 555;
  const activity = {
    activityId,
    kind: 'task.assigned',
    teamId: 7,
    projectId: 0,
    projectKind: '',
    projectName: '',
    actorId: 1,
    actorName: '张三',
    title: '张三 给李四分配了任务「登录页」',
    summary: '',
    link: '/task/1/2',
    targetKind: 'task',
    targetId: 2,
    changes: [],
    recipients: [],
    at: Date.now(),
  };
  await log.append(`activity-${activityId}`, [{ type: 'ActivityRecorded', data: activity }], 'any');
  const stream = `webhookDelivery-${deliveryIdFor(activityId, webhookId)}`;
  const first = await eventOf(stream, 'AttemptRecorded');
  const attempt = first.find((event) => event.type === 'AttemptRecorded')!.data as { nextAttemptAt: number };
  expect(attempt.nextAttemptAt).toBeGreaterThan(Date.now() + 50_000);
  await service.stop();
  service = undefined;

  // A minute later (by the service's clock) the retry is due: the new process finds it in its read model.
  offset += 61_000;
  service = await startMessagingService(options);
  const events = await eventOf(stream, 'DeliverySucceeded');
  expect(events.map((event) => event.type)).toEqual([
    'DeliveryQueued',
    'AttemptRecorded',
    'AttemptRecorded',
    'DeliverySucceeded',
  ]);
  expect(requests).toEqual(['/hook', '/hook']);
  // The activity was not queued again by the restarted worker (its subscription resumed after it).
  const all = await log.readAll(0, 1000);
  expect(all.filter((event) => event.type === 'DeliveryQueued')).toHaveLength(1);
});
