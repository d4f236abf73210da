import type { BoardColumn, ProjectMember, TaskProject } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { type Body, request } from '../api/request';

// The answers' types are the gateway's response schemas (type-only: nothing of the gateway is bundled).
export type {
  BoardColumn,
  Comment,
  Flow,
  MemberWorkHours,
  Page,
  ProjectMember,
  ProjectStatus,
  Task,
  TaskLog,
  TaskProject,
  TaskStatus,
  WorkHourReport,
} from '@pmbok/api-types';

/** The caller's role in a project; empty when they are no member (a template of the team). */
export type ProjectRole = TaskProject['myRole'];

/** POST /pmbok/api/task/{call}. */
export const taskCall = <T = unknown>(call: string, body: Body = {}, notify = true) =>
  request<T>(`task/${call}`, body, { notify });

export const canManageProject = (role: ProjectRole | undefined) => role === 'owner' || role === 'administrator';

/** Query keys: everything of one project sits under ['taskProject', id] and refreshes together. */
export const taskKeys = {
  mine: (teamId: number | null) => ['taskProjects', teamId] as const,
  templates: (teamId: number | null) => ['taskProjects', teamId, 'templates'] as const,
  project: (projectId: number) => ['taskProject', projectId] as const,
  detail: (projectId: number) => ['taskProject', projectId, 'detail'] as const,
  board: (projectId: number) => ['taskProject', projectId, 'board'] as const,
  members: (projectId: number) => ['taskProject', projectId, 'members'] as const,
  report: (projectId: number) => ['taskProject', projectId, 'report'] as const,
  task: (projectId: number, taskId: number) => ['taskProject', projectId, 'task', taskId] as const,
};

export function useProjectDetail(projectId: number) {
  return useQuery({
    queryKey: taskKeys.detail(projectId),
    // a refusal (not a member) is the page's to show, not a toast
    queryFn: () => taskCall<TaskProject>('projectDetail', { projectId }, false),
    retry: false,
  });
}

export function useBoard(projectId: number) {
  return useQuery({
    queryKey: taskKeys.board(projectId),
    queryFn: () => taskCall<BoardColumn[]>('projectTask', { projectId }),
  });
}

export function useProjectMembers(projectId: number) {
  return useQuery({
    queryKey: taskKeys.members(projectId),
    queryFn: () => taskCall<ProjectMember[]>('projectUser', { projectId }),
  });
}
