import type {
  Activity,
  ActivityCount,
  ActivityPage,
  MyTask,
  MyTaskPage,
  MyWorkHours,
  TaskStats,
} from '@pmbok/api-types';
import { request } from '../api/request';

/** The home and workspace calls (docs/api/home.md); their answers are the gateway's schemas (type-only). */
export type { Activity, ActivityPage, MyTask, MyTaskPage, TaskStats };
export type WorkHours = MyWorkHours;
export type KindCount = ActivityCount;

export interface MyTaskQuery {
  endFrom?: number;
  endTo?: number;
  includeDone?: boolean;
  projectId?: number;
  page?: number;
  pageSize?: number;
}

export interface ActivityQuery {
  page?: number;
  pageSize?: number;
  actorId?: number;
  group?: string;
  projectId?: number;
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
