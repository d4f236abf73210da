import type {
  TeamMember as MemberAnswer,
  MyInvitation,
  PendingInvitation,
  ShareInfo,
  TeamInfo,
  TeamInitCheck,
  TeamRole,
} from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/request';

// The answers' types are the gateway's response schemas (type-only: nothing of the gateway is bundled).
export type {
  Invitation,
  MyInvitation,
  PendingInvitation,
  ShareInfo,
  TeamInfo,
  TeamInitCheck,
  TeamRole,
} from '@pmbok/api-types';

/** A member as the team service lists it (also the `teamUsers` react-admin record, with `id`). */
export type TeamMember = MemberAnswer & { id?: number };

/** A knowledge template (projectId) or a task-project template (taskProjectId). */
export interface TemplateItem {
  projectId?: number;
  taskProjectId?: number;
  id?: number;
  name: string;
  description?: string;
}

export const canManage = (role: TeamRole | undefined) => role === 'owner' || role === 'administrator';

export const memberName = (member: Pick<TeamMember, 'trueName' | 'nickname'>) => member.trueName || member.nickname;

/** Query keys of one team's data: switching team or changing it refreshes them together. */
export const teamKeys = {
  all: (teamId: number | null) => ['team', teamId] as const,
  info: (teamId: number | null) => ['team', teamId, 'info'] as const,
  initCheck: (teamId: number | null) => ['team', teamId, 'initCheck'] as const,
  shareInfo: (teamId: number | null) => ['team', teamId, 'shareInfo'] as const,
  pendingInvitations: (teamId: number | null) => ['team', teamId, 'pendingInvitations'] as const,
};

/** The signed-in user's invitations belong to no team: switching team keeps them. */
export const myInvitationsKey = ['myInvitations'] as const;

export function useMyInvitations(enabled = true) {
  return useQuery({
    queryKey: myInvitationsKey,
    queryFn: () => request<MyInvitation[]>('team/myInvitations', {}, { notify: false }),
    enabled,
  });
}

export function usePendingInvitations(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.pendingInvitations(teamId),
    queryFn: () => request<PendingInvitation[]>('team/pendingInvitations', { teamId }, { notify: false }),
    enabled,
  });
}

export function useTeamInfo(teamId: number | null) {
  return useQuery({
    queryKey: teamKeys.info(teamId),
    queryFn: () => request<TeamInfo>('team/teamInfo', { teamId }),
    enabled: Boolean(teamId),
  });
}

export function useTeamInitCheck(teamId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.initCheck(teamId),
    queryFn: () => request<TeamInitCheck>('userInfo/teamInitCheck', {}, { notify: false }),
    enabled,
    staleTime: 60_000,
  });
}

export function useShareInfo(teamId: number | null) {
  return useQuery({
    queryKey: teamKeys.shareInfo(teamId),
    queryFn: () => request<ShareInfo>('team/shareInfo', { teamId }),
    enabled: Boolean(teamId),
  });
}
