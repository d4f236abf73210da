import type { ServiceContext } from '@pmbok/infra';
import {
  type Activity,
  type ActivityRecipient,
  activityDecider,
  activityIdOf,
  activityStreamId,
  PERSONAL_KINDS,
} from '../../domain/activity.js';
import { type ActivityPhrase, type PhraseArgs, wordActivity } from '../../domain/phrases.js';
import { notificationSettings } from '../../projections/notifications/index.js';
import type { WorkDirectory } from '../../projections/work/types.js';

/** An activity as a reaction (or the chat's @mention) describes it, before preferences are applied. */
export type ActivityDraft = Omit<
  Activity,
  'activityId' | 'recipients' | 'actorName' | 'changes' | 'title' | 'phrase' | 'args'
> & {
  /** The event it tells of: with the kind, it makes the activity's id (a redelivered event records nothing). */
  sourceEventId: string;
  actorName?: string;
  changes?: string[];
  /** The sentence for everyone, as a phrase: the Chinese title is worded from it (wordActivity). */
  phrase: ActivityPhrase;
  args: PhraseArgs;
  /** Candidates in order; the first sentence given to a user is theirs (the activity's phrase unless one is given). */
  recipients: RecipientDraft[];
};

export interface RecipientDraft {
  userId: number;
  phrase?: ActivityPhrase;
  /** When not the activity's. */
  args?: PhraseArgs;
  accountWide?: boolean;
}

export type RecordDeps = Pick<ServiceContext, 'runtime' | 'runCommand'> & { work: Pick<WorkDirectory, 'userName'> };

/** Someone's name (actorName); a person the service does not know yet is 有人. */
export const nameIn = async (work: Pick<WorkDirectory, 'userName'>, userId: number) =>
  (userId > 0 && (await work.userName(userId))) || '有人';

/** Someone's name as a phrase's argument: '' for a person not known yet (each reader words it: 有人, Someone). */
export const nameArg = async (work: Pick<WorkDirectory, 'userName'>, userId: number) =>
  (userId > 0 && (await work.userName(userId))) || '';

/**
 * Records an activity once (`activity-<id>`, command id `activity:<sourceEventId>:<kind>`), its recipients with their
 * preferences applied: the actor is never told of their own action, a muted kind leaves the user out, quiet mode
 * records it read unless it is personal. Recorded even with nobody to tell: the team's webhooks follow every activity.
 */
export async function recordActivity(deps: RecordDeps, draft: ActivityDraft): Promise<Activity> {
  const { sourceEventId, recipients: candidates, phrase, args, ...rest } = draft;
  const activityId = activityIdOf(sourceEventId, draft.kind);
  const seen = new Set<number>();
  const unique = candidates.filter((recipient) => {
    if (recipient.userId <= 0 || recipient.userId === draft.actorId || seen.has(recipient.userId)) return false;
    seen.add(recipient.userId);
    return true;
  });
  // By `_id` (the user id): lookups, not a scan of every user's settings, on each notice to each recipient.
  const ids = [...seen].map(String);
  const settings = await notificationSettings(deps.runtime.readStore).view({ _id: { $in: ids } });
  const byUser = new Map(settings.map((doc) => [doc.userId, doc]));
  const personal = PERSONAL_KINDS.includes(draft.kind);
  const recipients: ActivityRecipient[] = [];
  for (const recipient of unique) {
    const preferences = byUser.get(recipient.userId);
    if (preferences?.mutedKinds.includes(draft.kind)) continue;
    // A recipient reading the activity's own sentence carries no phrase of their own.
    recipients.push({
      userId: recipient.userId,
      title: wordActivity(recipient.phrase ?? phrase, recipient.args ?? args),
      ...(recipient.phrase && recipient.phrase !== phrase ? { phrase: recipient.phrase } : {}),
      ...(recipient.args ? { args: recipient.args } : {}),
      read: Boolean(preferences?.quiet) && !personal,
      ...(recipient.accountWide ? { accountWide: true } : {}),
    });
  }
  const activity: Activity = {
    ...rest,
    title: wordActivity(phrase, args),
    phrase,
    args,
    activityId,
    actorName: draft.actorName ?? (draft.actorId > 0 ? await nameIn(deps.work, draft.actorId) : ''),
    changes: draft.changes ?? [],
    recipients,
  };
  const { events } = await deps.runCommand(
    activityStreamId(activityId),
    activityDecider,
    { type: 'RecordActivity', data: activity },
    { userId: draft.actorId > 0 ? draft.actorId : undefined },
    { commandId: `activity:${sourceEventId}:${draft.kind}`, teamId: draft.teamId },
  );
  return events[0]?.data ?? activity;
}
