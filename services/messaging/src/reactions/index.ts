import { type ServiceContext, type Stop, startReactions } from '@pmbok/infra';
import { unreadConversations } from '../application/chat/index.js';
import { unreadNotifications } from '../application/notifications/index.js';
import { createUnread } from '../application/unread.js';
import { startWork } from '../projections/work/index.js';
import type { ActivityContext } from './activities/context.js';
import { startOverdueChecks } from './activities/overdue.js';
import { projectActivityReaction } from './activities/project.js';
import { taskActivityReaction } from './activities/task.js';
import { teamActivityReaction } from './activities/team.js';
import { startAuthReactions } from './authEvents.js';
import { notificationPushes } from './pushes.js';
import { startWebhookDeliveries } from './webhookDeliveries.js';

const DAY = 86_400_000;
const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

/**
 * Everything the messaging service follows: the auth users (feedback's names), the other services' world (work),
 * the activities made of their events, the overdue check, and the workers of its own log (pushes of notifications,
 * webhook deliveries).
 */
export async function startMessagingReactions(
  service: Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'>,
  settings: { env: Record<string, string | undefined> },
) {
  const stops: Stop[] = [];
  const auth = await startAuthReactions(service.runtime);
  stops.push(...auth.stops);
  const { work, feeds, stops: workStops } = await startWork(service.runtime, { users: auth.directory });
  stops.push(...workStops);

  const activities: ActivityContext = {
    ...service,
    work,
    feeds,
    maxAgeMs: positive(settings.env.PMBOK_NOTIFY_MAX_AGE_MS, DAY),
  };
  const unread = createUnread(service.runtime, {
    notifications: (userId, teamId) => unreadNotifications(service, userId, teamId),
    conversations: (userId, teamId) => unreadConversations({ runtime: service.runtime, work }, userId, teamId),
  });
  const started = await startReactions(service.runtime, {
    pushes: notificationPushes({ ...service, unread }),
    team: teamActivityReaction(activities),
    project: projectActivityReaction(activities),
    task: taskActivityReaction(activities),
  });
  stops.push(...started.stops);
  stops.push(startOverdueChecks(activities, positive(settings.env.PMBOK_NOTIFY_OVERDUE_MS, 60_000)));
  stops.push(...(await startWebhookDeliveries(service, settings.env)).stops);
  return { directory: auth.directory, work, stops };
}
