import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveMessages } from '../live/LiveProvider';
import type { LiveMessage } from '../live/liveConnection';
import { useSessionUser } from '../session/session';
import { taskKeys } from './taskApi';

/** The task service's push for a change in a project (services/task/README.md, "Live pushes"). */
export const TASK_CHANGED = 200300;

/** Whether a push is another member's change to this project (one's own changes are already on screen). */
export function isOthersChange(message: LiveMessage, projectId: number, userId: number | string | undefined): boolean {
  if (message.code !== TASK_CHANGED) return false;
  const data = message.data as { taskProjectId?: number; actorId?: number } | undefined;
  return data?.taskProjectId === projectId && String(data.actorId) !== String(userId);
}

/** Refreshes the project's board, list, drawer and members when another member changes something in it. */
export function useLiveRefresh(projectId: number): void {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?.userId;
  const listener = useCallback(
    (message: LiveMessage) => {
      if (isOthersChange(message, projectId, userId))
        void queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    },
    [queryClient, projectId, userId],
  );
  useLiveMessages(listener);
}
