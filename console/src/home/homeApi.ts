import type { Task } from '@pmbok/api-types';
import { request } from '../api/request';

/**
 * The home and workspace calls (docs/api/home.md). Typed here from the contract until the gateway exports their
 * answers; ids are numbers and times epoch milliseconds.
 */

/** A task as task/taskList answers it, with its project's name. */
export type MyTask = Task & { projectName: string };

export interface MyTaskPage {
  list: MyTask[];
  total: number;
}

export interface MyTaskQuery {
  endFrom?: number;
  endTo?: number;
  includeDone?: boolean;
  projectId?: number;
  page?: number;
  pageSize?: number;
}

export interface WorkHours {
  days: { date: string; hours: number }[];
  projects: { projectId: number; projectName: string; hours: number }[];
  total: number;
}

export interface TaskStats {
  openByStage: { name: string; count: number }[];
  openTotal: number;
  overdue: number;
  finishedSince: number;
  mineOpen: number;
}

export interface Activity {
  activityId: number;
  kind: string;
  projectId: number;
  projectKind: string;
  projectName: string;
  actorId: number;
  actorName: string;
  title: string;
  summary: string;
  link: string;
  targetKind: string;
  targetId: number;
  changes: string[];
  at: number;
}

export interface ActivityPage {
  list: Activity[];
  total: number;
}

export interface ActivityQuery {
  page?: number;
  pageSize?: number;
  actorId?: number;
  group?: string;
  projectId?: number;
}

export interface KindCount {
  kind: string;
  count: number;
  targets: number;
}

// the screens show a refusal in place (before the calls land they answer 功能尚未开放), not as a toast
const quiet = { notify: false };

export const homeApi = {
  myTasks: ({ includeDone, ...query }: MyTaskQuery) =>
    request<MyTaskPage>('task/myTasks', { ...query, includeDone: includeDone ? '1' : '' }, quiet),
  myWorkHours: (from: number, to: number) => request<WorkHours>('task/myWorkHours', { from, to }, quiet),
  stats: (since: number) => request<TaskStats>('task/stats', { since }, quiet),
  activity: (query: ActivityQuery) => request<ActivityPage>('activity/list', { ...query }, quiet),
  activityCount: (since: number) => request<KindCount[]>('activity/count', { since }, quiet),
};

/** Everything of home and workspace sits under ['home', teamId] and refreshes together on a push. */
export const homeKeys = {
  all: (teamId: number) => ['home', teamId] as const,
  tasks: (teamId: number, query: MyTaskQuery) => ['home', teamId, 'tasks', query] as const,
  stats: (teamId: number, since: number) => ['home', teamId, 'stats', since] as const,
  activity: (teamId: number, query: ActivityQuery) => ['home', teamId, 'activity', query] as const,
  counts: (teamId: number, since: number) => ['home', teamId, 'counts', since] as const,
  hours: (teamId: number, from: number) => ['home', teamId, 'hours', from] as const,
  follows: (teamId: number) => ['home', teamId, 'follows'] as const,
};

/** The messaging service's push for a new activity (docs/api/home.md "Live"). */
export const ACTIVITY_RECORDED = 200203;
/** The task service's push for a change in a task project. */
export const TASK_CHANGED = 200300;
