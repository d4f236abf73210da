import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import type { Body } from '../api/request';
import { taskCall, taskKeys } from './taskApi';

/**
 * A change to one task: sends the call with the project and task ids, then refreshes everything of the project
 * (board, list, record, the task, its log). Resolves false when refused; the request client shows why.
 */
export function useTaskCall(projectId: number, taskId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const send = useCallback(
    async (call: string, body: Body = {}, done?: string) => {
      setPending(true);
      try {
        await taskCall(call, { projectId, taskId, ...body });
        if (done) notify(done, { type: 'success' });
        return true;
      } catch {
        return false;
      } finally {
        setPending(false);
        await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
      }
    },
    [projectId, taskId, queryClient, notify],
  );
  return { send, pending };
}
