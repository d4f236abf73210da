import { Type } from '@sinclair/typebox';
import { ApiError, defineCall } from '../../plugins/api.js';
import { id, idListText, integer, optionalId, parseIdList, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/team.js';
import { Nothing } from '../../schemas/wire.js';
import { nameOf, teamRoles } from './enums.js';

/** Parses `sourceProject` / `sourceTaskProject`: JSON text of a list of ids, or empty. */
export const idList = (value: string | undefined): number[] =>
  value?.trim() ? parseIdList(value, () => new ApiError(400, '模板参数格式错误')) : [];

/** SPEC §7 Team calls. The team is the `teamId` field every call carries. */
export const teamCalls = [
  defineCall({
    module: 'team',
    call: 'create',
    access: 'user',
    response: answers.TeamJoined,
    fields: { teamName: text(60), sourceProject: idListText, sourceTaskProject: idListText },
    handle: (body, { services, metadata }) =>
      services.team.createTeam(
        {
          name: body.teamName,
          sourceProjectIds: idList(body.sourceProject),
          sourceTaskProjectIds: idList(body.sourceTaskProject),
        },
        { metadata },
      ),
  }),
  defineCall({
    module: 'team',
    call: 'initTeam',
    access: 'user',
    response: Nothing,
    fields: { teamId: id, teamName: text(60), sourceProject: idListText, sourceTaskProject: idListText },
    async handle(body, { services, metadata }) {
      await services.team.initTeam(
        {
          teamId: Number(body.teamId),
          name: body.teamName,
          sourceProjectIds: idList(body.sourceProject),
          sourceTaskProjectIds: idList(body.sourceTaskProject),
        },
        { metadata },
      );
      return null;
    },
  }),
  defineCall({
    module: 'team',
    call: 'teamInfo',
    access: 'user',
    response: answers.TeamInfo,
    fields: { teamId: id },
    async handle(body, { services, metadata }) {
      const { team } = await services.team.getTeam({ teamId: Number(body.teamId) }, { metadata });
      return team && { ...team, myRole: nameOf(teamRoles, team.myRole, 'TeamRole') };
    },
  }),
  defineCall({
    module: 'team',
    call: 'update',
    access: 'user',
    response: Nothing,
    fields: { teamId: id, name: text(60), poster: Type.Optional(integer(0, 8)) },
    async handle(body, { services, metadata }) {
      await services.team.updateTeam(
        { teamId: Number(body.teamId), name: body.name, poster: body.poster ?? -1 },
        { metadata },
      );
      return null;
    },
  }),
  defineCall({
    module: 'team',
    call: 'shareInfo',
    access: 'user',
    response: answers.ShareInfo,
    fields: { teamId: id },
    handle: (body, { services, metadata }) => services.team.getShareInfo({ teamId: Number(body.teamId) }, { metadata }),
  }),
  defineCall({
    module: 'team',
    call: 'refreshShareCode',
    access: 'user',
    response: answers.ShareCode,
    fields: { teamId: id },
    handle: (body, { services, metadata }) =>
      services.team.refreshShareCode({ teamId: Number(body.teamId) }, { metadata }),
  }),
  defineCall({
    module: 'team',
    call: 'shareIndex',
    access: 'optional',
    response: answers.Invitation,
    fields: { shareCode: text(32), userId: optionalId },
    handle: (body, { services, metadata }) =>
      services.team.getInvitation({ shareCode: body.shareCode, inviterId: Number(body.userId || 0) }, { metadata }),
  }),
  defineCall({
    module: 'team',
    call: 'shareJoin',
    access: 'user',
    response: answers.TeamJoined,
    fields: { shareCode: text(32), userId: optionalId },
    handle: (body, { services, metadata }) =>
      services.team.joinByShareCode({ shareCode: body.shareCode, inviterId: Number(body.userId || 0) }, { metadata }),
  }),
  defineCall({
    module: 'team',
    call: 'inviteByTelephone',
    access: 'user',
    response: answers.Invited,
    fields: { teamId: id, telephone: text(32) },
    handle: (body, { services, metadata }) =>
      services.team.inviteByTelephone({ teamId: Number(body.teamId), telephone: body.telephone.trim() }, { metadata }),
  }),
  defineCall({
    module: 'team',
    call: 'pendingInvitations',
    access: 'user',
    response: Type.Array(answers.PendingInvitation),
    fields: { teamId: id },
    async handle(body, { services, metadata }) {
      return (await services.team.listPendingInvitations({ teamId: Number(body.teamId) }, { metadata })).invitations;
    },
  }),
  defineCall({
    module: 'team',
    call: 'revokeInvitation',
    access: 'user',
    response: Nothing,
    fields: { teamId: id, telephone: text(32) },
    async handle(body, { services, metadata }) {
      await services.team.revokeInvitation(
        { teamId: Number(body.teamId), telephone: body.telephone.trim() },
        { metadata },
      );
      return null;
    },
  }),
  defineCall({
    module: 'team',
    call: 'myInvitations',
    access: 'user',
    response: Type.Array(answers.MyInvitation),
    fields: {},
    async handle(_body, { services, metadata }) {
      return (await services.team.listMyInvitations({}, { metadata })).invitations;
    },
  }),
  defineCall({
    module: 'team',
    call: 'acceptInvitation',
    access: 'user',
    response: answers.TeamJoined,
    fields: { teamId: id },
    handle: (body, { services, metadata }) =>
      services.team.acceptInvitation({ teamId: Number(body.teamId) }, { metadata }),
  }),
  defineCall({
    module: 'team',
    call: 'declineInvitation',
    access: 'user',
    response: Nothing,
    fields: { teamId: id },
    async handle(body, { services, metadata }) {
      await services.team.declineInvitation({ teamId: Number(body.teamId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'team',
    call: 'deleteTeamUser',
    access: 'user',
    response: Nothing,
    fields: { teamId: id, userId: id },
    async handle(body, { services, metadata }) {
      await services.team.removeMember({ teamId: Number(body.teamId), userId: Number(body.userId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'team',
    call: 'changeOwner',
    access: 'user',
    response: Nothing,
    fields: { teamId: id, userId: id },
    async handle(body, { services, metadata }) {
      await services.team.transferOwnership({ teamId: Number(body.teamId), userId: Number(body.userId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'team',
    call: 'updateTeamUser',
    access: 'user',
    response: Nothing,
    fields: { teamId: id, userId: id, role: Type.Union([Type.Literal('administrator'), Type.Literal('member')]) },
    async handle(body, { services, metadata }) {
      await services.team.changeMemberRole(
        { teamId: Number(body.teamId), userId: Number(body.userId), role: teamRoles.toProto(body.role) },
        { metadata },
      );
      return null;
    },
  }),
];
