import type { BoardColumn, ProjectMember, TaskProject } from '@pmbok/api-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** The board is fresh for a moment: its prefetch (below) is not fetched again by the board that mounts right after. */
const BOARD_FRESH_MS = 2_000;

export function useBoard(projectId: number) {
  return useQuery({
    queryKey: taskKeys.board(projectId),
    queryFn: () => taskCall<BoardColumn[]>('projectTask', { projectId }),
    staleTime: BOARD_FRESH_MS,
  });
}

/**
 * Asks for the board together with the project, not once the project has answered and the page has rendered
 * (issue 24: the board's first screen). Quietly: a refusal (not a member) is the page's to show.
 */
export function usePrefetchBoard(projectId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!Number.isSafeInteger(projectId) || projectId <= 0) return;
    queryClient
      .prefetchQuery({
        queryKey: taskKeys.board(projectId),
        queryFn: () => taskCall<BoardColumn[]>('projectTask', { projectId }, false),
        staleTime: BOARD_FRESH_MS,
      })
      .catch(() => undefined);
  }, [queryClient, projectId]);
}

export function useProjectMembers(projectId: number) {
  return useQuery({
    queryKey: taskKeys.members(projectId),
    queryFn: () => taskCall<ProjectMember[]>('projectUser', { projectId }),
  });
}
