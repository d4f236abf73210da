import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { request } from '../api/request';
import { loadUser } from '../auth/userInfo';
import { setTeamId } from '../session/session';

/**
 * SPEC §4 team switching (also after creating or joining a team): store the team, tell the server it is the
 * active one, drop what was cached for the previous team and go to /index.
 */
export function useSwitchTeam() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (teamId: number, { reloadUser = false } = {}) => {
      setTeamId(teamId);
      await request('userInfo/setTeamActive', { teamId }).catch(() => undefined);
      if (reloadUser) await loadUser();
      queryClient.removeQueries({ queryKey: ['teamUsers'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
      navigate(`/index?t=${Date.now()}`);
    },
    [navigate, queryClient],
  );
}

/** After leaving a team or losing it: reload the user, let SPEC §4 pick the next team, and go to /index. */
export function useLeaveTeam() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    setTeamId(null);
    await loadUser();
    queryClient.removeQueries({ queryKey: ['teamUsers'] });
    await queryClient.invalidateQueries({ queryKey: ['team'] });
    navigate(`/index?t=${Date.now()}`);
  }, [navigate, queryClient]);
}
