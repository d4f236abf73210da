import { type Logger, ownLog, reaction, type ServiceRuntime, teamMembers } from '@pmbok/infra';
import type { Unread } from '../application/unread.js';
import type { ActivityRecorded } from '../domain/activity.js';
import { notificationIdOf } from '../domain/activity.js';
import { activitiesReached, inTeamFeed } from '../projections/activity/index.js';
import { type NotificationDoc, notifications, notificationsReached } from '../projections/notifications/index.js';

export const NOTIFICATION_PUSH = 200202;
/** An activity recorded in the team (docs/api/home.md): no text, so nobody learns of a project they may not see. */
export const ACTIVITY_PUSH = 200203;

/** A notification as the inbox shows it (the 200202 push's and `message/list`'s record). */
export const notificationView = (doc: NotificationDoc) => ({
  notificationId: doc.notificationId,
  kind: doc.kind,
  projectId: doc.projectId,
  projectKind: doc.projectKind,
  projectName: doc.projectName,
  actorId: doc.actorId,
  actorName: doc.actorName,
  title: doc.title,
  // '' in notifications recorded before phrases: the title stands.
  phrase: doc.phrase ?? '',
  args: doc.args ?? {},
  summary: doc.summary,
  link: doc.link,
  targetKind: doc.targetKind,
  targetId: doc.targetId,
  changes: doc.changes,
  read: doc.read,
  createdAt: doc.createdAt,
});

/**
 * Pushes each new activity to its team (200203) once the team's feed shows it, then each new notification (200202)
 * and the recipient's badge (200201) once the inbox shows it. A notification, not a record: it starts at the log's
 * head, so a restart replays no pushes (a tab that missed one reads the inbox).
 */
export function notificationPushes(deps: { runtime: ServiceRuntime; logger: Logger; unread: Unread }) {
  const { readStore, realtime } = deps.runtime;
  return reaction({
    name: 'messaging-notification-pushes',
    source: ownLog<ActivityRecorded>(),
    start: 'head',
    on: {
      ActivityRecorded: async (event) => {
        const { activityId, recipients, teamId } = event.data;
        if (inTeamFeed(event.data)) {
          // Beside the notifications, not before them: the feed's read model is not the inbox's and may lag.
          const data = { teamId, activityId, kind: event.data.kind, projectId: event.data.projectId };
          void activitiesReached(readStore, event.metadata.globalPosition)
            .then(() => realtime.publish({ teamId }, { code: ACTIVITY_PUSH, msg: 'success', data }))
            .catch((error) => deps.logger.warn({ err: error }, 'activity push not sent'));
        }
        if (recipients.length === 0) return;
        await notificationsReached(readStore, event.metadata.globalPosition);
        for (const recipient of recipients) {
          const doc = await notifications(readStore).findOne({
            _id: String(notificationIdOf(activityId, recipient.userId)),
          });
          if (!doc) continue;
          // Account-wide ones count in every team of the user.
          const teams = recipient.accountWide
            ? (await teamMembers(readStore).find({ 'members.userId': recipient.userId })).map((team) => team.teamId)
            : [teamId];
          try {
            await realtime.publish(
              { userId: recipient.userId },
              {
                code: NOTIFICATION_PUSH,
                msg: 'success',
                data: { teamId: doc.teamId, notification: notificationView(doc) },
              },
            );
            for (const team of teams) await deps.unread.push(recipient.userId, team);
          } catch (error) {
            deps.logger.warn({ err: error }, 'notification push not sent');
          }
        }
      },
    },
  });
}
