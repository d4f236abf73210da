import { type Caller, type Filter, forbidden, invalid } from '@pmbok/infra';
import { messages } from '../domain/taskProject/rules.js';
import { orderedFlows } from '../domain/taskProject/taskProject.js';
import { type TaskProjectDoc, taskProjects } from '../projections/taskProjects/index.js';
import { type TaskDoc, tasks } from '../projections/tasks/index.js';
import { taskPeriods, type WorkPeriod } from '../projections/workPeriods/index.js';
import type { TaskContext } from './context.js';
import { hours, type TaskView, taskViews } from './views.js';

const OPEN = ['todo', 'in_progress', 'paused'];
const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;
const MAX_PERIOD_DAYS = 62;

/** The day in China (UTC+8, no daylight saving) of an epoch time. */
export const chinaDay = (at: number) => new Date(at + CHINA_MS).toISOString().slice(0, 10);
/** The start (epoch ms) of the China day that holds `at`. */
const chinaDayStart = (at: number) => Math.floor((at + CHINA_MS) / DAY_MS) * DAY_MS - CHINA_MS;

export interface MyTasksFilter {
  endFrom: number;
  endTo: number;
  includeDone: boolean;
  projectId: number;
  page: number;
  pageSize: number;
}

/** By end time with tasks without one last, then by creation. */
export const byEndTime = (a: TaskDoc, b: TaskDoc) =>
  (a.endTime || Number.MAX_SAFE_INTEGER) - (b.endTime || Number.MAX_SAFE_INTEGER) ||
  a.createdAt - b.createdAt ||
  a.taskId - b.taskId;

/**
 * Milliseconds worked per China day and per project in [from, to), from the periods of the work-hour record;
 * a period crossing midnight is split between its days.
 */
export function spreadPeriods(
  periods: Array<WorkPeriod & { projectId: number }>,
  from: number,
  to: number,
): { days: Map<string, number>; projects: Map<number, number> } {
  const days = new Map<string, number>();
  for (let day = chinaDayStart(from); day < to; day += DAY_MS) days.set(chinaDay(day), 0);
  const projects = new Map<number, number>();
  for (const period of periods) {
    let start = Math.max(period.from, from);
    const stop = Math.min(period.to, to);
    while (start < stop) {
      const cut = Math.min(chinaDayStart(start) + DAY_MS, stop);
      const day = chinaDay(start);
      days.set(day, (days.get(day) ?? 0) + cut - start);
      projects.set(period.projectId, (projects.get(period.projectId) ?? 0) + cut - start);
      start = cut;
    }
  }
  return { days, projects };
}

/** The caller's own work across the task projects of the current team they are a member of (docs/api/home.md). */
export function createMine(context: TaskContext) {
  const { readStore, now, currentTeam } = context;

  /** The projects the caller may read here: of the current team, with the caller as a member. */
  async function myProjects(caller: Caller, projectId = 0): Promise<TaskProjectDoc[]> {
    const teamId = await currentTeam(caller);
    const query: Filter = { teamId, 'members.userId': caller.userId };
    const docs = await taskProjects(readStore).find(query, { sort: { taskProjectId: 1 } });
    // A template's tasks are examples to copy, nobody's work (unless the template is asked for by its id).
    if (!projectId) return docs.filter((p) => !p.isTemplate);
    const one = docs.filter((p) => p.taskProjectId === projectId);
    if (!one.length) throw forbidden(messages.notMember);
    return one;
  }

  return {
    async tasks(filter: MyTasksFilter, caller: Caller) {
      const projects = await myProjects(caller, filter.projectId);
      const pageSize = Math.min(Math.max(Math.trunc(filter.pageSize) || 100, 1), 500);
      const page = Math.max(Math.trunc(filter.page) || 1, 1);
      const query: Filter = { projectId: { $in: projects.map((p) => p.taskProjectId) }, assigneeId: caller.userId };
      if (!filter.includeDone) query.status = { $in: OPEN };
      if (filter.endFrom || filter.endTo) {
        const range: Record<string, number> = { $gt: 0 };
        if (filter.endFrom) range.$gte = filter.endFrom;
        if (filter.endTo) range.$lt = filter.endTo;
        query.endTime = range;
      }
      const docs = projects.length ? (await tasks(readStore).find(query)).sort(byEndTime) : [];
      const slice = docs.slice((page - 1) * pageSize, page * pageSize);
      // One view per project (its flows' names, one lookup of names), then back in the page's order.
      const at = now();
      const viewed = new Map<number, { task: TaskView; projectName: string }>();
      for (const project of projects) {
        const own = slice.filter((doc) => doc.projectId === project.taskProjectId);
        if (own.length === 0) continue;
        for (const task of await taskViews(readStore, project, own, at)) {
          viewed.set(task.taskId, { task, projectName: project.name });
        }
      }
      return { tasks: slice.map((doc) => viewed.get(doc.taskId)!), total: docs.length };
    },

    async workHours(from: number, to: number, caller: Caller) {
      if (!(from > 0 && to > from)) throw invalid('时间段无效');
      if (to - from > MAX_PERIOD_DAYS * DAY_MS) throw invalid(`时间段最长 ${MAX_PERIOD_DAYS} 天`);
      const projects = await myProjects(caller);
      const ids = projects.map((p) => p.taskProjectId);
      const at = now();
      const [done, running] = await Promise.all([
        taskPeriods(readStore).find({ workers: caller.userId, projectId: { $in: ids } }),
        taskPeriods(readStore).find({ assigneeId: caller.userId, projectId: { $in: ids }, runningSince: { $gt: 0 } }),
      ]);
      const periods = [
        ...done.flatMap((doc) =>
          doc.periods.filter((p) => p.userId === caller.userId).map((p) => ({ ...p, projectId: doc.projectId })),
        ),
        // The running period counts up to now, as the task's spent hours do.
        ...running.map((doc) => ({ from: doc.runningSince, to: at, userId: caller.userId, projectId: doc.projectId })),
      ];
      const spread = spreadPeriods(periods, from, to);
      const names = new Map(projects.map((p) => [p.taskProjectId, p.name]));
      const total = [...spread.days.values()].reduce((sum, ms) => sum + ms, 0);
      return {
        days: [...spread.days].map(([date, ms]) => ({ date, hours: hours(ms) })),
        projects: [...spread.projects]
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .map(([projectId, ms]) => ({ projectId, projectName: names.get(projectId) ?? '', hours: hours(ms) })),
        total: hours(total),
      };
    },

    async stats(since: number, caller: Caller) {
      const projects = await myProjects(caller);
      const ids = projects.map((p) => p.taskProjectId);
      const at = now();
      const [open, finished] = ids.length
        ? await Promise.all([
            tasks(readStore).find({ projectId: { $in: ids }, status: { $in: OPEN } }),
            taskPeriods(readStore).count({ projectId: { $in: ids }, finishedAt: { $gte: Math.max(since, 1) } }),
          ])
        : [[], 0];
      // Stages of the same name are one row, placed where they first appear in a board's order.
      const stages = new Map<string, { order: number; count: number }>();
      const flowNames = new Map<number, string>();
      for (const project of projects) {
        orderedFlows(project.flows).forEach((flow, index) => {
          flowNames.set(flow.flowId, flow.name);
          const stage = stages.get(flow.name);
          if (!stage) stages.set(flow.name, { order: index, count: 0 });
          else stage.order = Math.min(stage.order, index);
        });
      }
      for (const task of open) {
        const stage = stages.get(flowNames.get(task.flowId) ?? '');
        if (stage) stage.count += 1;
      }
      return {
        openByStage: [...stages].sort((a, b) => a[1].order - b[1].order).map(([name, { count }]) => ({ name, count })),
        openTotal: open.length,
        overdue: open.filter((t) => t.endTime > 0 && t.endTime < at).length,
        finishedSince: finished,
        mineOpen: open.filter((t) => t.assigneeId === caller.userId).length,
      };
    },
  };
}

export type Mine = ReturnType<typeof createMine>;
