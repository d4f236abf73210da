import { signedInCaller } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';
import { NOTIFICATION_KINDS } from './domain/activity.js';

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

/** Every kind with its group, answered with the settings: the gateway and the console keep no list of their own. */
const KINDS = Object.entries(NOTIFICATION_KINDS).map(([kind, group]) => ({ kind, group }));

const targetOf = (target: messagingv1.FollowTarget | undefined) => ({ kind: target?.kind ?? '', id: target?.id ?? 0 });

/** Notifications and follows: requests in, use cases called, responses out (docs/api/messaging.md). */
export function notificationsCalls({ notifications }: MessagingUseCases): Calls {
  return {
    listNotifications: (request, context) => notifications.list(request, signedInCaller(context)),
    markNotificationsRead: (request, context) => notifications.read(request, signedInCaller(context)),
    getUnreadCount: (_request, context) => notifications.unread(signedInCaller(context)),
    async getNotificationSettings(_request, context) {
      return { settings: { ...(await notifications.settings(signedInCaller(context))), kinds: KINDS } };
    },
    async saveNotificationSettings(request, context) {
      const settings = { mutedKinds: request.settings?.mutedKinds ?? [], quiet: request.settings?.quiet ?? false };
      return { settings: { ...(await notifications.saveSettings(settings, signedInCaller(context))), kinds: KINDS } };
    },
    async follow(request, context) {
      return { follow: await notifications.follow(targetOf(request.target), signedInCaller(context)) };
    },
    unfollow: (request, context) => notifications.unfollow(targetOf(request.target), signedInCaller(context)),
    getFollowState: (request, context) => notifications.followState(targetOf(request.target), signedInCaller(context)),
    async listFollows(_request, context) {
      return { follows: await notifications.listFollows(signedInCaller(context)) };
    },
  };
}
