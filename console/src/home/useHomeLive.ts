import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveMessages, useLiveOpen } from '../live/LiveProvider';
import type { LiveMessage } from '../live/liveConnection';
import { ACTIVITY_RECORDED, homeKeys, TASK_CHANGED } from './homeApi';

/** Whether a push changes what home and workspace show: a new activity of this team, or a task change. */
export function isHomeChange(message: LiveMessage, teamId: number): boolean {
  if (message.code === TASK_CHANGED) return true;
  if (message.code !== ACTIVITY_RECORDED) return false;
  const data = message.data as { teamId?: number | string } | undefined;
  return data?.teamId === undefined || String(data.teamId) === String(teamId);
}

/**
 * Reads home and workspace again on each push that changes them (the pushes carry no text, docs/api/home.md) and
 * after a reconnection (what happened while the socket was closed was not pushed).
 */
export function useHomeLive(teamId: number): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: homeKeys.all(teamId) });
    void queryClient.invalidateQueries({ queryKey: ['taskProjects', teamId] });
  }, [queryClient, teamId]);
  const onMessage = useCallback(
    (message: LiveMessage) => {
      if (isHomeChange(message, teamId)) refresh();
    },
    [teamId, refresh],
  );
  const onOpen = useCallback(
    (reconnected: boolean) => {
      if (reconnected) refresh();
    },
    [refresh],
  );
  useLiveMessages(onMessage);
  useLiveOpen(onOpen);
}
