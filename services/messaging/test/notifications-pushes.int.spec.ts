import type { PublishedEvent, Recorded } from '@pmbok/infra';
import type { TaskEvents } from '@pmbok/task-service/events';
import { afterEach, describe, expect, it } from 'vitest';
import { unreadNotifications } from '../src/application/notifications/index.js';
import { createUnread } from '../src/application/unread.js';
import { onTaskEvent } from '../src/reactions/activities/task.js';
import { notificationPushes } from '../src/reactions/pushes.js';
import { notificationsLog } from './notificationsLog.js';

const A = 11;
const B = 12;
const asTask = (event: unknown) => event as Recorded<PublishedEvent<TaskEvents>>;

let current: ReturnType<typeof notificationsLog> | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

describe('live pushes of notifications', () => {
  it('pushes a new notification and the badge once it is in the inbox, and nothing of what came before a (re)start', async () => {
    const log = notificationsLog();
    current = log;
    await log.user(A, '张三');
    await log.user(B, '李四');
    const teamId = await log.team(A, [B]);
    const taskProjectId = await log.taskProject(teamId, A, [B]);
    const { runtime } = log.context;
    const transfer = async (name: string) => {
      const { taskId } = await log.task(taskProjectId, A, A, 0, name);
      const event = await log.emit('task', `task-${taskId}`, 'TaskTransferred', { fromUserId: A, toUserId: B }, A);
      await onTaskEvent(log.context, asTask(event));
    };
    // Recorded before the pushes start (an earlier run of the service): never pushed again.
    await transfer('旧任务');
    await log.sync();

    const pushes: { code: number; data: any }[] = [];
    const unsubscribe = await runtime.realtime.subscribe({ userId: B }, (payload) => {
      pushes.push(payload as { code: number; data: any });
    });
    const unread = createUnread(runtime, {
      notifications: (userId, team) => unreadNotifications({ runtime }, userId, team),
      conversations: async () => 0,
    });
    const reaction = notificationPushes({ runtime, logger: log.context.logger, unread });
    const subscription = await reaction.start(runtime);
    try {
      await transfer('新任务');
      // The push waits for the inbox: applying this service's log lets it through.
      const pushed = subscription.catchUp(5_000);
      await log.sync();
      await pushed;
      expect(pushes.map((push) => push.code)).toEqual([200202, 200201]);
      expect(pushes[0]?.data).toMatchObject({
        teamId,
        notification: { kind: 'task.transferred', title: '张三 把任务「新任务」转交给你', read: false },
      });
      expect(pushes[1]?.data).toEqual({ unReadCount: 2, teamId });
    } finally {
      await subscription.stop();
      await unsubscribe();
    }
  });
});
