import { callerOf, enumCodec, invalid, signedInCaller } from '@pmbok/infra';
import { teamv1 } from '@pmbok/proto';
import type { TeamUseCases } from './application/index.js';
import type { MemberSort } from './application/members.js';

const roles = enumCodec(teamv1.TeamRole, 'TEAM_ROLE_');

const sortFields: MemberSort[] = ['nickname', 'trueName', 'role', 'joinedAt'];

/** Requests in, use cases called, responses out. */
export function teamServiceImplementation({
  teams,
  shareCodes,
  members,
  myTeams,
  invitations,
}: TeamUseCases): Omit<teamv1.TeamServiceImplementation, 'getStatus'> {
  return {
    async createTeam(request, context) {
      const { name, sourceProjectIds, sourceTaskProjectIds } = request;
      return teams.create({ name, sourceProjectIds, sourceTaskProjectIds }, signedInCaller(context));
    },
    async initTeam(request, context) {
      const { name, sourceProjectIds, sourceTaskProjectIds } = request;
      await teams.init(request.teamId, { name, sourceProjectIds, sourceTaskProjectIds }, signedInCaller(context));
      return {};
    },
    async getTeam(request, context) {
      const team = await teams.get(request.teamId, signedInCaller(context));
      return { team: { ...team, myRole: roles.toProto(team.myRole) } };
    },
    async updateTeam(request, context) {
      const caller = signedInCaller(context);
      const poster = request.poster >= 0 ? request.poster : (await teams.get(request.teamId, caller)).poster;
      await teams.update(request.teamId, { name: request.name, poster }, caller);
      return {};
    },
    async getShareInfo(request, context) {
      return shareCodes.shareInfo(request.teamId, signedInCaller(context));
    },
    async refreshShareCode(request, context) {
      return shareCodes.refreshShareCode(request.teamId, signedInCaller(context));
    },
    async getInvitation(request, context) {
      return shareCodes.invitation(request.shareCode, request.inviterId, callerOf(context));
    },
    async joinByShareCode(request, context) {
      return shareCodes.join(request.shareCode, request.inviterId, signedInCaller(context));
    },
    async inviteByTelephone(request, context) {
      return invitations.invite(request.teamId, request.telephone, signedInCaller(context));
    },
    async listPendingInvitations(request, context) {
      return { invitations: await invitations.pending(request.teamId, signedInCaller(context)) };
    },
    async revokeInvitation(request, context) {
      await invitations.revoke(request.teamId, request.telephone, signedInCaller(context));
      return {};
    },
    async listMyInvitations(_request, context) {
      return { invitations: await invitations.mine(signedInCaller(context)) };
    },
    async acceptInvitation(request, context) {
      return invitations.accept(request.teamId, signedInCaller(context));
    },
    async declineInvitation(request, context) {
      await invitations.decline(request.teamId, signedInCaller(context));
      return {};
    },
    async changeMemberRole(request, context) {
      const role = roles.fromProto(request.role);
      if (role !== 'administrator' && role !== 'member') throw invalid('角色只能是管理员或成员');
      await members.changeRole(request.teamId, request.userId, role, signedInCaller(context));
      return {};
    },
    async removeMember(request, context) {
      await members.remove(request.teamId, request.userId, signedInCaller(context));
      return {};
    },
    async transferOwnership(request, context) {
      await members.transferOwnership(request.teamId, request.userId, signedInCaller(context));
      return {};
    },
    async leaveTeam(request, context) {
      await members.leave(request.teamId, signedInCaller(context));
      return {};
    },
    async listMyTeams(_request, context) {
      const { teams: list, activeTeamId } = await myTeams.list(signedInCaller(context));
      return { teams: list.map((t) => ({ ...t, role: roles.toProto(t.role) })), activeTeamId };
    },
    async setActiveTeam(request, context) {
      await myTeams.setActive(request.teamId, signedInCaller(context));
      return {};
    },
    async listMembers(request, context) {
      const sort = sortFields.includes(request.sortField as MemberSort)
        ? (request.sortField as MemberSort)
        : 'joinedAt';
      const { members: page, total } = await members.list(
        request.teamId,
        {
          text: request.query,
          role: roles.fromProto(request.role),
          sort,
          descending: request.sortDescending,
          offset: request.offset,
          limit: request.limit,
        },
        signedInCaller(context),
      );
      return { total, members: page.map((m) => ({ ...m, role: roles.toProto(m.role) })) };
    },
    async getMembership(request) {
      return { role: roles.toProto(await members.membership(request.teamId, request.userId)) };
    },
  };
}
