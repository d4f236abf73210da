import { type Doc, documentProjection, type IndexSpec, ownLog, type ReadStore, readModel } from '@pmbok/infra';
import {
  type Activity,
  type ActivityRecorded,
  NOTIFICATION_KINDS,
  type NotificationGroup,
} from '../../domain/activity.js';

/**
 * The team's activity feed (home and workspace, docs/api/home.md): every activity recorded in this service's log as
 * everyone may read it (the sentence for everyone, no recipients and their personal titles), per team.
 */
export interface TeamActivityDoc extends Doc, Omit<Activity, 'recipients'> {
  group: NotificationGroup;
}

const indexes: IndexSpec[] = [{ fields: { teamId: 1, at: -1 } }];
export const teamActivities = readModel<TeamActivityDoc>('msgTeamActivities', indexes);

/**
 * Not for the team's feed: an invitation is someone's own business (the invitee reads it in their inbox), and a
 * mention in a direct conversation belongs to the two people talking.
 */
export const inTeamFeed = (activity: Pick<Activity, 'kind' | 'link' | 'teamId'>) =>
  activity.teamId > 0 && activity.kind !== 'team.invited' && !activity.link.startsWith('/chat?c=direct-');

const progress = new WeakMap<ReadStore, { position: number; waiters: Set<() => void> }>();
const progressOf = (store: ReadStore) => {
  const entry = progress.get(store) ?? { position: 0, waiters: new Set<() => void>() };
  progress.set(store, entry);
  return entry;
};

/** Resolves once the feed has applied this service's log up to `position` (or after `timeoutMs`): pushes wait on it. */
export function activitiesReached(store: ReadStore, position: number, timeoutMs = 5_000): Promise<boolean> {
  const entry = progressOf(store);
  if (entry.position >= position) return Promise.resolve(true);
  return new Promise((resolve) => {
    const check = () => {
      if (entry.position < position) return;
      done(true);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
    const done = (reached: boolean) => {
      clearTimeout(timer);
      entry.waiters.delete(check);
      resolve(reached);
    };
    entry.waiters.add(check);
  });
}

const applied = (store: ReadStore, position: number) => {
  const entry = progressOf(store);
  entry.position = Math.max(entry.position, position);
  for (const check of [...entry.waiters]) check();
};

const feed = documentProjection({
  source: ownLog<ActivityRecorded>(),
  collection: teamActivities,
  stream: 'activity',
  on: {
    ActivityRecorded: ({ data }) => {
      if (!inTeamFeed(data)) return null;
      const { recipients: _recipients, ...activity } = data;
      return { ...activity, group: NOTIFICATION_KINDS[data.kind] };
    },
  },
});

/** The feed's projection; it tells `activitiesReached` how far it got (an event it skipped counts as applied). */
export const activityProjection = {
  ...feed,
  handle: async (event: Parameters<typeof feed.handle>[0], store: ReadStore) => {
    await feed.handle(event, store);
    applied(store, event.metadata.globalPosition);
  },
};
