import type { messagingv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { type ApiCall, ApiError, defineCall } from '../../plugins/api.js';
import { id, optionalId, paging, parseIdList } from '../../schemas/fields.js';
import * as answers from '../../schemas/inbox.js';
import { Nothing } from '../../schemas/wire.js';

const flag = Type.Optional(Type.String({ pattern: '^(true|false|1|0)?$' }));
const isSet = (value: string | undefined) => value === 'true' || value === '1';
const group = Type.Optional(
  Type.Union(['', 'task', 'team', 'project', 'doc', 'test', 'chat'].map((g) => Type.Literal(g))),
);
const followKind = Type.Union(['doc', 'folder', 'project', 'taskProject', 'task'].map((k) => Type.Literal(k)));
const target = (body: { kind: string; id: string }) => ({ target: { kind: body.kind, id: Number(body.id) } });

/** Muted kinds as JSON text of a list of kind names. */
function kindsOf(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.length <= 50 && parsed.every((kind) => typeof kind === 'string')) return parsed;
  } catch {
    // reported below
  }
  throw new ApiError(400, '通知类型格式错误');
}

const settingsAnswer = (settings: messagingv1.NotificationSettings | undefined): answers.NotificationSettings => ({
  mutedKinds: settings?.mutedKinds ?? [],
  quiet: settings?.quiet ?? false,
  // the service's list: the one place kinds are named
  kinds: settings?.kinds ?? [],
});
const followAnswer = (follow: messagingv1.Follow | undefined): answers.Follow => {
  if (!follow?.target) throw new Error('the messaging service answered no follow');
  return { ...follow, target: follow.target };
};

/** The schemas name every field of the proto's records (a field added there and not here fails to compile). */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const schemasMatch: [
  SameKeys<answers.Notification, messagingv1.Notification>,
  SameKeys<answers.Follow, messagingv1.Follow>,
  SameKeys<answers.FollowState, messagingv1.GetFollowStateResponse>,
] = [true, true, true];
void schemasMatch;

/** docs/api/messaging.md: the notification and follow calls, served by the messaging service. */
export const messageCalls: ApiCall[] = [
  defineCall({
    module: 'message',
    call: 'list',
    access: 'user',
    response: answers.NotificationPage,
    fields: { ...paging, group, projectId: optionalId, unreadOnly: flag },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.listNotifications(
        {
          page: body.page ?? 0,
          pageSize: body.pageSize ?? 0,
          group: body.group ?? '',
          projectId: Number(body.projectId ?? 0),
          unreadOnly: isSet(body.unreadOnly),
        },
        { metadata },
      );
      return { list: answer.notifications, total: answer.total, unReadCount: answer.unreadCount };
    },
  }),
  defineCall({
    module: 'message',
    call: 'read',
    access: 'user',
    response: answers.NotificationsReadAnswer,
    fields: { ids: Type.Optional(Type.String({ maxLength: 2000 })), all: flag },
    async handle(body, { services, metadata }) {
      const all = isSet(body.all);
      const notificationIds =
        all || !body.ids ? [] : parseIdList(body.ids, () => new ApiError(400, '通知编号格式错误'));
      const answer = await services.messaging.markNotificationsRead({ notificationIds, all }, { metadata });
      return { unReadCount: answer.unreadCount };
    },
  }),
  defineCall({
    module: 'message',
    call: 'unread',
    access: 'user',
    response: answers.UnreadCounts,
    fields: {},
    async handle(_body, { services, metadata }) {
      const answer = await services.messaging.getUnreadCount({}, { metadata });
      return {
        unReadCount: answer.unreadCount,
        notifications: answer.notifications,
        conversations: answer.conversations,
      };
    },
  }),
  defineCall({
    module: 'message',
    call: 'settings',
    access: 'user',
    response: answers.NotificationSettings,
    fields: {},
    async handle(_body, { services, metadata }) {
      return settingsAnswer((await services.messaging.getNotificationSettings({}, { metadata })).settings);
    },
  }),
  defineCall({
    module: 'message',
    call: 'saveSettings',
    access: 'user',
    response: answers.NotificationSettings,
    fields: { mutedKinds: Type.Optional(Type.String({ maxLength: 2000 })), quiet: flag },
    async handle(body, { services, metadata }) {
      const settings = { mutedKinds: kindsOf(body.mutedKinds), quiet: isSet(body.quiet) };
      return settingsAnswer((await services.messaging.saveNotificationSettings({ settings }, { metadata })).settings);
    },
  }),
  defineCall({
    module: 'follow',
    call: 'add',
    access: 'user',
    response: answers.Follow,
    fields: { kind: followKind, id },
    async handle(body, { services, metadata }) {
      return followAnswer((await services.messaging.follow(target(body), { metadata })).follow);
    },
  }),
  defineCall({
    module: 'follow',
    call: 'remove',
    access: 'user',
    response: Nothing,
    fields: { kind: followKind, id },
    async handle(body, { services, metadata }) {
      await services.messaging.unfollow(target(body), { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'follow',
    call: 'state',
    access: 'user',
    response: answers.FollowState,
    fields: { kind: followKind, id },
    async handle(body, { services, metadata }) {
      return services.messaging.getFollowState(target(body), { metadata });
    },
  }),
  defineCall({
    module: 'follow',
    call: 'list',
    access: 'user',
    response: answers.Follows,
    fields: {},
    async handle(_body, { services, metadata }) {
      return (await services.messaging.listFollows({}, { metadata })).follows.map(followAnswer);
    },
  }),
];
