import { ownLog, type Projection, projection } from '@pmbok/infra';
import { type ActivityRecorded, NOTIFICATION_KINDS, notificationIdOf } from '../../domain/activity.js';
import type { FollowEvent } from '../../domain/follows.js';
import type { InboxEvent } from '../../domain/inbox.js';
import type { NotificationSettingsSaved } from '../../domain/preferences.js';
import { follows, notificationSettings, notifications } from './models.js';
import { notificationsApplied } from './progress.js';

export * from './models.js';
export { notificationsReached } from './progress.js';

type Own = ActivityRecorded | InboxEvent | NotificationSettingsSaved | FollowEvent;

/**
 * The inbox (one notification per recipient of each activity, read marks), preferences and follows: read models of
 * this service's own log, rebuilt from it at start.
 */
const inboxProjection = projection({
  name: 'msgNotifications',
  source: ownLog<Own>(),
  on: {
    ActivityRecorded: async (event, store) => {
      const { recipients, ...activity } = event.data;
      const position = event.metadata.globalPosition;
      for (const recipient of recipients) {
        const notificationId = notificationIdOf(activity.activityId, recipient.userId);
        await notifications(store).put({
          _id: String(notificationId),
          notificationId,
          activityId: activity.activityId,
          userId: recipient.userId,
          teamId: recipient.accountWide ? 0 : activity.teamId,
          kind: activity.kind,
          group: NOTIFICATION_KINDS[activity.kind],
          projectId: activity.projectId,
          projectKind: activity.projectKind,
          projectName: activity.projectName,
          actorId: activity.actorId,
          actorName: activity.actorName,
          title: recipient.title,
          // The recipient's own sentence, else the activity's (older records have neither).
          phrase: recipient.phrase ?? activity.phrase ?? '',
          args: recipient.args ?? activity.args ?? {},
          summary: activity.summary,
          link: activity.link,
          targetKind: activity.targetKind,
          targetId: activity.targetId,
          changes: activity.changes,
          read: recipient.read,
          createdAt: activity.at,
          position,
        });
      }
      notificationsApplied(store, position);
    },
    NotificationsRead: async ({ data }, store) => {
      await notifications(store).updateMany(
        { userId: data.userId, notificationId: { $in: data.notificationIds } },
        { $set: { read: true } },
      );
    },
    AllNotificationsRead: async ({ data }, store) => {
      await notifications(store).updateMany(
        { userId: data.userId, teamId: { $in: [data.teamId, 0] }, position: { $lte: data.upToPosition }, read: false },
        { $set: { read: true } },
      );
    },
    NotificationSettingsSaved: async ({ data }, store) => {
      await notificationSettings(store).put({ _id: String(data.userId), ...data });
    },
    TargetFollowed: async ({ data }, store) => {
      const { kind, id, at, ...rest } = data;
      const _id = `${data.userId}-${data.teamId}-${kind}-${id}`;
      await follows(store).put({ _id, ...rest, kind, targetId: id, createdAt: at });
    },
    TargetUnfollowed: async ({ data }, store) => {
      await follows(store).deleteOne({ _id: `${data.userId}-${data.teamId}-${data.kind}-${data.id}` });
    },
  },
});

/** The notifications read models of this service's own log (docs/api/messaging.md). */
export const notificationsProjections: Projection[] = [inboxProjection];
