import { type Doc, readModel } from '@pmbok/infra';
import type { NotificationKind, TargetKind } from '../../domain/activity.js';
import type { FollowKind } from '../../domain/follows.js';

/** One notification of one recipient (from an `ActivityRecorded`); teamId 0 is account-wide (read in any team). */
export interface NotificationDoc extends Doc {
  notificationId: number;
  activityId: number;
  userId: number;
  teamId: number;
  kind: NotificationKind;
  group: string;
  projectId: number;
  projectKind: string;
  projectName: string;
  actorId: number;
  actorName: string;
  title: string;
  /** The title as a phrase and its arguments (docs/api/messaging.md "Phrases"); absent in older records. */
  phrase?: string;
  args?: Record<string, string>;
  summary: string;
  link: string;
  targetKind: TargetKind;
  targetId: number;
  changes: string[];
  read: boolean;
  createdAt: number;
  /** Position of the activity in this service's log (mark-all-read is a watermark over it). */
  position: number;
}

export interface SettingsDoc extends Doc {
  userId: number;
  mutedKinds: NotificationKind[];
  quiet: boolean;
}

export interface FollowDoc extends Doc {
  userId: number;
  teamId: number;
  kind: FollowKind;
  targetId: number;
  name: string;
  projectId: number;
  projectName: string;
  link: string;
  createdAt: number;
}

export const notifications = readModel<NotificationDoc>('msgNotifications', [
  { fields: { userId: 1, teamId: 1, read: 1 } },
  { fields: { activityId: 1 } },
]);
export const notificationSettings = readModel<SettingsDoc>('msgNotificationSettings');
export const follows = readModel<FollowDoc>('msgFollows', [
  { fields: { userId: 1, teamId: 1 } },
  { fields: { kind: 1, targetId: 1 } },
]);
