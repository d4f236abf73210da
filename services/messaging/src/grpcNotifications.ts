import { invalid } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';

type Calls = Pick<
  messagingv1.MessagingServiceImplementation,
  | 'listNotifications'
  | 'markNotificationsRead'
  | 'getUnreadCount'
  | 'getNotificationSettings'
  | 'saveNotificationSettings'
  | 'follow'
  | 'unfollow'
  | 'getFollowState'
  | 'listFollows'
>;

const unavailable = async (): Promise<never> => {
  throw invalid('功能尚未开放');
};

/** Notifications: requests in, use cases called, responses out (docs/api/messaging.md). */
export function notificationsCalls(_useCases: MessagingUseCases): Calls {
  return {
    listNotifications: unavailable,
    markNotificationsRead: unavailable,
    getUnreadCount: unavailable,
    getNotificationSettings: unavailable,
    saveNotificationSettings: unavailable,
    follow: unavailable,
    unfollow: unavailable,
    getFollowState: unavailable,
    listFollows: unavailable,
  };
}
