import { type Caller, type Filter, invalid, teamMembers } from '@pmbok/infra';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '../../domain/activity.js';
import { type TeamActivityDoc, teamActivities } from '../../projections/activity/index.js';
import { readsProject } from '../../projections/work/directory.js';
import { workProjects, workTaskProjects } from '../../projections/work/models.js';
import type { MessagingPartDeps } from '../deps.js';
import { notificationMessages, teamOfCaller } from '../notifications/index.js';

export interface ActivityFilter {
  page: number;
  pageSize: number;
  actorId: number;
  group: string;
  projectId: number;
}

/** An activity as the home page shows it (the `ActivityItem` of the proto). */
export const activityView = (doc: TeamActivityDoc) => ({
  activityId: doc.activityId,
  kind: doc.kind,
  projectId: doc.projectId,
  projectKind: doc.projectKind,
  projectName: doc.projectName,
  actorId: doc.actorId,
  actorName: doc.actorName,
  title: doc.title,
  // '' in activities recorded before phrases: the title stands.
  phrase: doc.phrase ?? '',
  args: doc.args ?? {},
  summary: doc.summary,
  link: doc.link,
  targetKind: doc.targetKind,
  targetId: doc.targetId,
  changes: doc.changes,
  at: doc.at,
});

/**
 * The team's activity (docs/api/home.md): what happened in the caller's current team that they may see — the team's
 * own activities, and those of the knowledge projects they may read and the task projects they are a member of.
 */
export function createActivity(deps: Pick<MessagingPartDeps, 'runtime' | 'work' | 'logger'>) {
  const store = deps.runtime.readStore;
  const currentTeam = teamOfCaller(deps);

  /** The filter of what the caller may see in their current team, which they must belong to. */
  async function visible(caller: Caller): Promise<Filter> {
    const teamId = await currentTeam(caller);
    const roster = await teamMembers(store).findOne({ _id: String(teamId) });
    const [projects, taskProjects] = await Promise.all([
      workProjects(store).find({ teamId, deleted: false }),
      workTaskProjects(store).find({ teamId, 'members.userId': caller.userId }),
    ]);
    const readable = projects.filter((p) => readsProject(p, caller.userId, roster)).map((p) => p.projectId);
    return {
      teamId,
      $or: [
        { projectId: 0 },
        { projectKind: 'api', projectId: { $in: readable } },
        { projectKind: 'task', projectId: { $in: taskProjects.map((p) => p.taskProjectId) } },
      ],
    };
  }

  return {
    async list(filter: ActivityFilter, caller: Caller) {
      const pageSize = Math.min(Math.max(Math.trunc(filter.pageSize) || 20, 1), 100);
      const page = Math.max(Math.trunc(filter.page) || 1, 1);
      if (filter.group && !NOTIFICATION_GROUPS.includes(filter.group as NotificationGroup)) {
        throw invalid(notificationMessages.unknownGroup);
      }
      const query: Filter = { ...(await visible(caller)) };
      if (filter.actorId) query.actorId = filter.actorId;
      if (filter.group) query.group = filter.group;
      if (filter.projectId) query.projectId = filter.projectId;
      const [total, docs] = await Promise.all([
        teamActivities(store).count(query),
        teamActivities(store).find(query, {
          sort: { at: -1, activityId: -1 },
          skip: (page - 1) * pageSize,
          limit: pageSize,
        }),
      ]);
      return { activities: docs.map(activityView), total };
    },

    /** Activities by kind since a time, with the distinct targets (documents changed, not saves). */
    async count(since: number, caller: Caller) {
      const docs = await teamActivities(store).find({ ...(await visible(caller)), at: { $gte: Math.max(0, since) } });
      const kinds = new Map<string, { count: number; targets: Set<string> }>();
      for (const doc of docs) {
        const entry = kinds.get(doc.kind) ?? { count: 0, targets: new Set<string>() };
        entry.count += 1;
        entry.targets.add(`${doc.targetKind}:${doc.targetId}`);
        kinds.set(doc.kind, entry);
      }
      return [...kinds]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([kind, { count, targets }]) => ({ kind, count, targets: targets.size }));
    },
  };
}

export type ActivityUseCases = ReturnType<typeof createActivity>;
