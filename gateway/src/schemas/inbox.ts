import { type Static, Type } from '@sinclair/typebox';

/**
 * Answers of the notification and follow calls (`message/*`, `follow/*`, docs/api/messaging.md); the live pushes
 * 200201 and 200202 carry the same records. (`schemas/messages.ts` holds the validation messages.)
 */

/** One notification of the caller: who did what to what, a console route to it, read or not. */
export const Notification = Type.Object({
  notificationId: Type.Integer(),
  kind: Type.String(),
  projectId: Type.Integer(),
  projectKind: Type.String(),
  projectName: Type.String(),
  actorId: Type.Integer(),
  actorName: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  link: Type.String(),
  targetKind: Type.String(),
  targetId: Type.Integer(),
  changes: Type.Array(Type.String()),
  read: Type.Boolean(),
  createdAt: Type.Integer(),
  /** The sentence as a key the console words in the user's language ('' in older records: show `title`). */
  phrase: Type.String(),
  /** The phrase's arguments (actor, target, project, other, count, role, team). */
  args: Type.Record(Type.String(), Type.String()),
});
export type Notification = Static<typeof Notification>;

/** `message/list`: newest first; `unReadCount` is the badge (notifications and conversations). */
export const NotificationPage = Type.Object({
  list: Type.Array(Notification),
  total: Type.Integer(),
  unReadCount: Type.Integer(),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** `message/read`: the badge after the change. */
export const NotificationsReadAnswer = Type.Object({ unReadCount: Type.Integer() });
export type NotificationsReadAnswer = Static<typeof NotificationsReadAnswer>;

/** `message/unread`: the badge and its two parts. */
export const UnreadCounts = Type.Object({
  unReadCount: Type.Integer(),
  notifications: Type.Integer(),
  conversations: Type.Integer(),
});
export type UnreadCounts = Static<typeof UnreadCounts>;

/** `message/settings`: the caller's preferences and every kind with its group (for the settings screen). */
export const NotificationSettings = Type.Object({
  mutedKinds: Type.Array(Type.String()),
  quiet: Type.Boolean(),
  kinds: Type.Array(Type.Object({ kind: Type.String(), group: Type.String() })),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

export const FollowTarget = Type.Object({ kind: Type.String(), id: Type.Integer() });
export type FollowTarget = Static<typeof FollowTarget>;

/** Something the caller follows, named as the inbox shows it. */
export const Follow = Type.Object({
  target: FollowTarget,
  name: Type.String(),
  projectId: Type.Integer(),
  projectName: Type.String(),
  link: Type.String(),
  createdAt: Type.Integer(),
});
export type Follow = Static<typeof Follow>;
export const Follows = Type.Array(Follow);

/** `follow/state`: whether the caller follows it, and how many people do. */
export const FollowState = Type.Object({ following: Type.Boolean(), followers: Type.Integer() });
export type FollowState = Static<typeof FollowState>;

/** Live 200201: the badge changed (a tab of another team ignores it). */
export type UnreadPush = { unReadCount: number; teamId: number };
/** Live 200202: a new notification (teamId 0: account-wide, shown in any team). */
export type NotificationPush = { teamId: number; notification: Notification };
