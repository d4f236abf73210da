import type { BoardColumn, ProjectMember, TaskProject } from '@pmbok/api-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Body, request } from '../api/request';
import { BOARD_FRESH_MS, taskKeys } from './taskKeys';

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

export { BOARD_FRESH_MS, taskKeys };

export function useProjectDetail(projectId: number) {
  return useQuery({
    queryKey: taskKeys.detail(projectId),
    // a refusal (not a member) is the page's to show, not a toast
    queryFn: () => taskCall<TaskProject>('projectDetail', { projectId }, false),
    retry: false,
    staleTime: BOARD_FRESH_MS, // asked for ahead of the page on a first visit (signedInShell.ts)
  });
}

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
