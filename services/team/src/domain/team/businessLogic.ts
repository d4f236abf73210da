import { conflict, type Decider, forbidden, invalid, notFound } from '@pmbok/infra';
import {
  evolve,
  initialState,
  type MemberJoined,
  type Team,
  type TeamCreated,
  type TeamEvent,
  type TeamRole,
} from './team.js';

export const messages = {
  notMember: '你不是该团队的成员',
  noPermission: '没有权限执行此操作',
  teamNameRequired: '请输入团队名称',
  teamNameTooLong: '团队名称最多30个字符',
  shareCodeInvalid: '邀请链接已失效，请联系团队管理员获取新的链接',
  alreadyMember: '该用户已是团队成员',
  notAMember: '该用户不是团队成员',
  ownerCannotLeave: '团队所有者不能退出团队，请先转让团队',
  cannotRemoveSelf: '不能移除自己，请使用退出团队',
  alreadyOwner: '该用户已是团队所有者',
  roleInvalid: '角色只能是管理员或成员',
  alreadyInvited: '已向该手机号发送过邀请，请等待对方接受',
  invitationNotFound: '邀请不存在或已失效',
} as const;

type Meta = { metadata: { actorId: number } };
export type CreateTeam = { type: 'CreateTeam'; data: TeamCreated['data'] };
export type InitTeam = {
  type: 'InitTeam';
  data: { name: string; sourceProjectIds: number[]; sourceTaskProjectIds: number[] };
} & Meta;
export type UpdateTeam = { type: 'UpdateTeam'; data: { name: string; poster: number } } & Meta;
export type RefreshShareCode = { type: 'RefreshShareCode'; data: { shareCode: string } } & Meta;
export type JoinByShareCode = { type: 'JoinByShareCode'; data: { shareCode: string; inviterId: number } } & Meta;
export type InviteByTelephone = {
  type: 'InviteByTelephone';
  /**
   * `userId` of the account owning the number, or 0: only to refuse inviting someone already in the team (whose
   * telephone the managers see anyway). Whether the number has an account changes nothing else.
   */
  data: { telephone: string; userId: number };
} & Meta;
/** The actor answers an invitation to `telephone`, their current verified telephone. */
export type AcceptInvitation = { type: 'AcceptInvitation'; data: { telephone: string } } & Meta;
export type DeclineInvitation = { type: 'DeclineInvitation'; data: { telephone: string } } & Meta;
export type RevokeInvitation = { type: 'RevokeInvitation'; data: { telephone: string } } & Meta;
export type ChangeMemberRole = { type: 'ChangeMemberRole'; data: { userId: number; role: TeamRole } } & Meta;
export type RemoveMember = { type: 'RemoveMember'; data: { userId: number } } & Meta;
export type TransferOwnership = { type: 'TransferOwnership'; data: { userId: number } } & Meta;
export type LeaveTeam = { type: 'LeaveTeam'; data: Record<string, never> } & Meta;

export type TeamCommand =
  | CreateTeam
  | InitTeam
  | UpdateTeam
  | RefreshShareCode
  | JoinByShareCode
  | InviteByTelephone
  | AcceptInvitation
  | DeclineInvitation
  | RevokeInvitation
  | ChangeMemberRole
  | RemoveMember
  | TransferOwnership
  | LeaveTeam;

type ActiveTeam = Extract<Team, { status: 'active' }>;

/** The team as the actor may see it: a non-member learns nothing, not even whether it exists. */
function asMember(state: Team, actorId: number): { team: ActiveTeam; role: TeamRole } {
  const role = state.status === 'active' ? state.members.get(actorId) : undefined;
  if (state.status !== 'active' || !role) throw forbidden(messages.notMember);
  return { team: state, role };
}

function asManager(state: Team, actorId: number, allowed: TeamRole[] = ['owner', 'administrator']) {
  const member = asMember(state, actorId);
  if (!allowed.includes(member.role)) throw forbidden(messages.noPermission);
  return member;
}

export function checkTeamName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(messages.teamNameRequired);
  if ([...trimmed].length > 30) throw invalid(messages.teamNameTooLong);
  return trimmed;
}

/** Who invited `telephone`; an invitation that is not pending is as good as one that never existed. */
function pendingInviter(state: Team, telephone: string): number {
  const inviterId = state.status === 'active' ? state.pendingTelephones.get(telephone) : undefined;
  if (inviterId === undefined) throw notFound(messages.invitationNotFound);
  return inviterId;
}

const joined = (data: MemberJoined['data']): MemberJoined => ({ type: 'MemberJoined', data });

export function decide(command: TeamCommand, state: Team): TeamEvent[] {
  switch (command.type) {
    case 'CreateTeam': {
      if (state.status !== 'none') throw conflict('团队已存在');
      const data = { ...command.data, name: checkTeamName(command.data.name) };
      return [
        { type: 'TeamCreated', data },
        joined({ userId: data.ownerId, role: 'owner', via: 'created', inviterId: 0 }),
      ];
    }
    case 'InitTeam': {
      asManager(state, command.metadata.actorId);
      return [{ type: 'TeamInitialized', data: { ...command.data, name: checkTeamName(command.data.name) } }];
    }
    case 'UpdateTeam': {
      asManager(state, command.metadata.actorId);
      const poster = command.data.poster;
      if (!Number.isInteger(poster) || poster < 0 || poster > 8) throw invalid('海报只能是 0 到 8');
      return [{ type: 'TeamUpdated', data: { name: checkTeamName(command.data.name), poster } }];
    }
    case 'RefreshShareCode':
      asManager(state, command.metadata.actorId);
      return [{ type: 'ShareCodeRefreshed', data: command.data }];
    case 'JoinByShareCode': {
      if (state.status !== 'active' || state.shareCode !== command.data.shareCode)
        throw notFound(messages.shareCodeInvalid);
      if (state.members.has(command.metadata.actorId)) return [];
      const inviterId = state.members.has(command.data.inviterId) ? command.data.inviterId : 0;
      return [joined({ userId: command.metadata.actorId, role: 'member', via: 'shareCode', inviterId })];
    }
    case 'InviteByTelephone': {
      const { team } = asManager(state, command.metadata.actorId);
      const { telephone, userId } = command.data;
      if (userId && team.members.has(userId)) throw conflict(messages.alreadyMember);
      if (team.pendingTelephones.has(telephone)) throw conflict(messages.alreadyInvited);
      return [{ type: 'TelephoneInvited', data: { telephone, inviterId: command.metadata.actorId } }];
    }
    case 'AcceptInvitation': {
      const userId = command.metadata.actorId;
      const { telephone } = command.data;
      // Accepting again (a retried request) changes nothing; the invitation was already used.
      if (state.status === 'active' && state.members.has(userId)) return [];
      const inviterId = pendingInviter(state, telephone);
      return [joined({ userId, role: 'member', via: 'invitation', inviterId, telephone })];
    }
    case 'DeclineInvitation': {
      pendingInviter(state, command.data.telephone);
      return [
        { type: 'InvitationDeclined', data: { telephone: command.data.telephone, userId: command.metadata.actorId } },
      ];
    }
    case 'RevokeInvitation': {
      asManager(state, command.metadata.actorId);
      pendingInviter(state, command.data.telephone);
      return [
        {
          type: 'InvitationRevoked',
          data: { telephone: command.data.telephone, revokedBy: command.metadata.actorId },
        },
      ];
    }
    case 'ChangeMemberRole': {
      const { team } = asManager(state, command.metadata.actorId, ['owner']);
      const current = team.members.get(command.data.userId);
      if (!current) throw notFound(messages.notAMember);
      if (current === 'owner') throw conflict('请通过转让团队更换所有者');
      if (command.data.role === 'owner') throw invalid(messages.roleInvalid);
      if (current === command.data.role) return [];
      return [{ type: 'MemberRoleChanged', data: command.data }];
    }
    case 'RemoveMember': {
      const { team, role } = asManager(state, command.metadata.actorId);
      const target = team.members.get(command.data.userId);
      if (command.data.userId === command.metadata.actorId) throw conflict(messages.cannotRemoveSelf);
      if (!target) throw notFound(messages.notAMember);
      // Administrators manage plain members; only the owner removes administrators.
      if (target === 'owner' || (role === 'administrator' && target !== 'member'))
        throw forbidden(messages.noPermission);
      return [{ type: 'MemberRemoved', data: command.data }];
    }
    case 'TransferOwnership': {
      const { team } = asManager(state, command.metadata.actorId, ['owner']);
      if (command.data.userId === command.metadata.actorId) throw conflict(messages.alreadyOwner);
      if (!team.members.has(command.data.userId)) throw notFound(messages.notAMember);
      return [{ type: 'OwnershipTransferred', data: { from: command.metadata.actorId, to: command.data.userId } }];
    }
    case 'LeaveTeam': {
      const { role } = asMember(state, command.metadata.actorId);
      if (role === 'owner') throw conflict(messages.ownerCannotLeave);
      return [{ type: 'MemberLeft', data: { userId: command.metadata.actorId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const teamDecider: Decider<Team, TeamCommand, TeamEvent> = { decide, evolve, initialState };
