import type { Profile } from '@pmbok/api-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../api/request';
import { loadUser } from '../auth/userInfo';

/** userInfo/getUser: the signed-in user's own account (telephone masked), as the gateway's schema types it. */
export type { Profile } from '@pmbok/api-types';

const PROFILE_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => request<Profile>('userInfo/getUser') });
}

/** After a change the server answers with the new profile: show it here and in the navbar. */
export function useProfileChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (profile: Profile | null) => {
      if (profile) queryClient.setQueryData(PROFILE_KEY, profile);
      else await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      await loadUser().catch(() => undefined);
    },
    [queryClient],
  );
}
