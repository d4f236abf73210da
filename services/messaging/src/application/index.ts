import type { ServiceContext } from '@pmbok/infra';
import type { WorkDirectory } from '../projections/work/types.js';
import { createActivity } from './activity/index.js';
import { createChat, unreadConversations } from './chat/index.js';
import { createFeedback, type FeedbackDeps } from './feedback.js';
import { createNotifications, unreadNotifications } from './notifications/index.js';
import { createUnread } from './unread.js';
import { createWebhooks } from './webhooks/index.js';

export interface MessagingDeps extends FeedbackDeps, Pick<ServiceContext, 'runtime'> {
  work: WorkDirectory;
  env: Record<string, string | undefined>;
}

/** The messaging service's use cases: feedback, and team messages (notifications, conversations, webhooks). */
export function createMessagingUseCases(deps: MessagingDeps) {
  const base = { runtime: deps.runtime, logger: deps.logger, now: deps.now, runCommand: deps.runCommand };
  const unread = createUnread(deps.runtime, {
    notifications: (userId, teamId) => unreadNotifications(base, userId, teamId),
    conversations: (userId, teamId) => unreadConversations({ ...base, work: deps.work }, userId, teamId),
  });
  const parts = { ...base, work: deps.work, unread, env: deps.env };
  return {
    feedback: createFeedback(deps),
    unread,
    notifications: createNotifications(parts),
    chat: createChat(parts),
    webhooks: createWebhooks(parts),
    activity: createActivity(parts),
  };
}

export type MessagingUseCases = ReturnType<typeof createMessagingUseCases>;
