import { type Decider, sha256 } from '@pmbok/infra';
import type { ActivityPhrase, PhraseArgs } from './phrases.js';

export type { ActivityPhrase, PhraseArgs } from './phrases.js';
export { ACTIVITY_PHRASES, wordActivity } from './phrases.js';

/**
 * What happened in the team, as the messaging service tells it (docs/api/messaging.md "Notifications"): made by the
 * reactions from other services' events and recorded in this service's log (`activity-<id>`, `ActivityRecorded`), so
 * the inbox (notifications per recipient) and the webhooks (deliveries per matching webhook) both follow one record.
 */

export const NOTIFICATION_KINDS = {
  'task.assigned': 'task',
  'task.transferred': 'task',
  'task.commented': 'task',
  'task.mentioned': 'task',
  'task.status': 'task',
  'task.overdue': 'task',
  'team.invited': 'team',
  'team.joined': 'team',
  'team.left': 'team',
  'team.role': 'team',
  'team.owner': 'team',
  'project.member': 'project',
  'doc.changed': 'doc',
  'version.saved': 'project',
  'test.failed': 'test',
  'chat.mention': 'chat',
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export type NotificationGroup = (typeof NOTIFICATION_KINDS)[NotificationKind];
export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = ['task', 'team', 'project', 'doc', 'test', 'chat'];

/** Kinds that still count as unread in quiet mode (they are addressed to the user personally). */
export const PERSONAL_KINDS: readonly NotificationKind[] = [
  'task.assigned',
  'task.transferred',
  'task.mentioned',
  'chat.mention',
];

export const isNotificationKind = (value: string): value is NotificationKind =>
  Object.hasOwn(NOTIFICATION_KINDS, value);

export type TargetKind = 'task' | 'doc' | 'folder' | 'project' | 'taskProject' | 'team' | 'testScenario' | 'version';

/** One recipient of an activity, with their preferences already applied when it was recorded. */
export interface ActivityRecipient {
  userId: number;
  /** The sentence as this recipient reads it (把任务「登录页」转交给你 / 转交给了李四). */
  title: string;
  /**
   * The phrase of the title (phrases.ts) and its arguments when they are not the activity's (task.transferred.you);
   * absent in activities recorded before phrases, and when the recipient reads the activity's own sentence.
   */
  phrase?: ActivityPhrase;
  args?: PhraseArgs;
  /** Quiet mode: recorded as read. */
  read: boolean;
  /** Filed outside the team's inbox, read in any team: an invitation, or being removed from the team. */
  accountWide?: boolean;
}

export interface Activity {
  /** Derived from the source event's id and the kind, so a redelivered event records nothing new. */
  activityId: number;
  kind: NotificationKind;
  teamId: number;
  projectId: number;
  projectKind: 'api' | 'task' | '';
  projectName: string;
  actorId: number;
  actorName: string;
  /** The sentence for everyone else (webhooks): 张三 把任务「登录页」转交给了李四, `wordActivity(phrase, args)`. */
  title: string;
  /** The title as a key and arguments the console words in the user's language; absent in older records. */
  phrase?: ActivityPhrase;
  args?: PhraseArgs;
  summary: string;
  link: string;
  targetKind: TargetKind;
  targetId: number;
  changes: string[];
  recipients: ActivityRecipient[];
  /** Epoch ms of the source event. */
  at: number;
}

/** Stream of one activity; the id is derived from the source event, so recording it twice appends nothing. */
export const activityStreamId = (activityId: number) => `activity-${activityId}`;

/**
 * The event this service's own log carries for each activity. The notifications projection makes one notification
 * per recipient from it; the webhook worker queues one delivery per matching webhook.
 */
export interface ActivityRecorded {
  type: 'ActivityRecorded';
  data: Activity;
}

/** A number of 52 bits from a text (safe in JSON and as an int64 on the wire). */
const idFrom = (text: string) => Number.parseInt(sha256(text).slice(0, 13), 16);

/** An activity's id, from the source event's id and the kind: the same event told twice is the same activity. */
export const activityIdOf = (sourceEventId: string, kind: NotificationKind) => idFrom(`${sourceEventId}:${kind}`);
/** A recipient's notification of an activity. */
export const notificationIdOf = (activityId: number, userId: number) => idFrom(`${activityId}:${userId}`);

export type RecordActivity = { type: 'RecordActivity'; data: Activity };

/** An activity is recorded once; recording it again (another delivery of its source event) appends nothing. */
export const activityDecider: Decider<{ recorded: boolean }, RecordActivity, ActivityRecorded> = {
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide: (command, state) => (state.recorded ? [] : [{ type: 'ActivityRecorded', data: command.data }]),
};
