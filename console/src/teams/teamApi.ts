import { useQuery } from '@tanstack/react-query';
import { request } from '../api/request';
import type { TeamRole } from '../auth/session';

export type { TeamRole } from '../auth/session';

/** team/teamInfo */
export interface TeamInfo {
  teamId: number;
  name: string;
  poster: number;
  ownerId: number;
  ownerName: string;
  memberCount: number;
  myRole: TeamRole;
  createdAt: number;
}

/** A member as the team service lists it (also the `teamUsers` react-admin record, with `id`). */
export interface TeamMember {
  id?: number;
  userId: number;
  nickname: string;
  trueName: string;
  telephone: string;
  avatar: string;
  role: TeamRole;
  joinedAt: number;
}

/** A knowledge template (projectId) or a task-project template (taskProjectId). */
export interface TemplateItem {
  projectId?: number;
  taskProjectId?: number;
  id?: number;
  name: string;
  description?: string;
}

/** userInfo/teamInitCheck */
export interface TeamInitCheck {
  isEmptyTeam: boolean;
  teamName: string;
  teamUserList: TeamMember[];
  templateProjectList: TemplateItem[];
  templateTaskProjectList: TemplateItem[];
}

export interface Invitation {
  teamId: number;
  teamName: string;
  poster: number;
  memberCount: number;
  inviterName: string;
  alreadyMember: boolean;
}

/** team/myInvitations: an invitation waiting for the signed-in user's telephone. */
export interface MyInvitation {
  teamId: number;
  teamName: string;
  poster: number;
  inviterName: string;
  invitedAt: number;
}

/** team/pendingInvitations: what the team typed and when; nothing about the invitee before they accept. */
export interface PendingInvitation {
  telephone: string;
  inviterName: string;
  invitedAt: number;
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
    queryFn: () => request<{ shareCode: string; teamName: string }>('team/shareInfo', { teamId }),
    enabled: Boolean(teamId),
  });
}
