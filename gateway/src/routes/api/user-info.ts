import { callerMetadata } from '@pmbok/infra';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Metadata } from 'nice-grpc';
import { defineCall } from '../../plugins/api.js';
import { id, integer, optionalText, text } from '../../schemas/fields.js';
import * as userAnswers from '../../schemas/user.js';
import * as answers from '../../schemas/user-info.js';
import { Nothing } from '../../schemas/wire.js';
import { nameOf, teamRoles } from './enums.js';
import { projectView } from './project-common.js';
import { project as taskProjectView } from './task.js';

/** SPEC §3 userTeamList entries: the team, its poster and the user's station (role) in it. */
async function userTeams(services: FastifyInstance['services'], metadata: Metadata) {
  const { teams, activeTeamId } = await services.team.listMyTeams({}, { metadata });
  return {
    activeTeamId,
    list: teams.map((t) => ({
      teamId: t.teamId,
      team: { name: t.name, poster: t.poster },
      station: nameOf(teamRoles, t.role, 'TeamRole'),
      joinedAt: t.joinedAt,
    })),
  };
}

/** The signed-in user's own account and teams (SPEC §7 User info). */
export const userInfoCalls = [
  defineCall({
    module: 'userInfo',
    call: 'getUserInfo',
    access: 'user',
    response: answers.UserInfo,
    fields: {},
    async handle(_body, { services, metadata }) {
      const [{ user }, teams] = await Promise.all([
        services.auth.getUserInfo({}, { metadata }),
        userTeams(services, metadata),
      ]);
      if (!user) throw new Error('auth service answered without a user');
      // The answer's own copy of the profile gets the fields the console reads beside it. Not a spread with them:
      // V8 then stored each of the four into the spread's copy slowly, 4 % of this call's CPU (issue 24).
      return Object.assign(user, {
        name: user.nickname,
        // SPEC §6: every signed-in user gets the admin route set; team roles are checked by the services.
        roles: ['admin'],
        userTeam: teams.list,
        activeTeamId: teams.activeTeamId,
      });
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'logout',
    access: 'user',
    response: Nothing,
    fields: {},
    async handle(_body, { services, metadata }) {
      await services.auth.logout({}, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'getUser',
    access: 'user',
    response: userAnswers.Profile,
    fields: {},
    handle: async (_body, { services, metadata }) => (await services.auth.getUserInfo({}, { metadata })).user,
  }),
  defineCall({
    module: 'userInfo',
    call: 'update',
    access: 'user',
    response: userAnswers.Profile,
    fields: {
      nickname: optionalText(40),
      trueName: optionalText(40),
      avatar: optionalText(500),
      introduction: optionalText(400),
      sex: Type.Optional(integer(0, 2)),
    },
    async handle(body, { services, metadata }) {
      const { nickname, trueName, avatar, introduction, sex } = body;
      return (await services.auth.updateProfile({ nickname, trueName, avatar, introduction, sex }, { metadata })).user;
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'resetPassword',
    access: 'user',
    response: Nothing,
    fields: { oldPassword: text(128), password: text(128), repeatPassword: text(128) },
    async handle(body, { services, metadata }) {
      await services.auth.changePassword(body, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'sendChangeTelephoneCode',
    access: 'user',
    response: userAnswers.SmsSent,
    fields: { telephone: text(32), smsType: Type.Optional(integer(1, 4)) },
    handle: ({ telephone }, { services, metadata }) =>
      services.auth.sendSmsCode({ telephone: telephone.trim(), smsType: 4 }, { metadata }),
  }),
  defineCall({
    module: 'userInfo',
    call: 'changeTelephone',
    access: 'user',
    response: userAnswers.Profile,
    fields: { telephone: text(32), code: text(16) },
    handle: async (body, { services, metadata }) =>
      (await services.auth.changeTelephone({ telephone: body.telephone.trim(), code: body.code.trim() }, { metadata }))
        .user,
  }),
  defineCall({
    module: 'userInfo',
    call: 'sendDestroyCode',
    access: 'user',
    response: userAnswers.SmsSent,
    fields: {},
    handle: (_body, { services, metadata }) => services.auth.sendDestroyCode({}, { metadata }),
  }),
  defineCall({
    module: 'userInfo',
    call: 'destroy',
    access: 'user',
    response: Nothing,
    fields: { code: text(16) },
    async handle(body, { services, metadata }) {
      await services.auth.closeAccount({ code: body.code }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'getInviteList',
    access: 'user',
    response: Type.Array(answers.Invitee),
    fields: {},
    handle: async (_body, { services, metadata }) => (await services.auth.listInvitees({}, { metadata })).invitees,
  }),
  defineCall({
    module: 'userInfo',
    call: 'getInviteMessage',
    access: 'user',
    response: answers.InviteMessage,
    fields: {},
    async handle(_body, { services, metadata }) {
      const { invitees, shareCode } = await services.auth.listInvitees({}, { metadata });
      return { shareCode, inviteCount: invitees.length, invitePath: `/system/#/invite/${shareCode}` };
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'userTeam',
    access: 'user',
    response: Type.Array(answers.UserTeam),
    fields: {},
    handle: async (_body, { services, metadata }) => (await userTeams(services, metadata)).list,
  }),
  defineCall({
    module: 'userInfo',
    call: 'teamInitCheck',
    access: 'user',
    response: answers.TeamInitCheck,
    fields: {},
    async handle(_body, { services, metadata, caller }) {
      const { list } = await userTeams(services, metadata);
      const selected = list.find((t) => t.teamId === caller.teamId) ?? list[0];
      const inSelectedTeam = callerMetadata({ ...caller, teamId: selected?.teamId ?? 0 });
      const noTemplates = { projects: [] };
      const [templates, knowledgeTemplates] = await Promise.all([
        selected ? services.task.listTemplates({ exceptTaskProjectId: 0 }, { metadata: inSelectedTeam }) : noTemplates,
        selected ? services.project.listTemplates({}, { metadata: inSelectedTeam }) : noTemplates,
      ]);
      const members = selected
        ? (
            await services.team.listMembers(
              {
                teamId: selected.teamId,
                query: '',
                role: 0,
                sortField: 'joinedAt',
                sortDescending: false,
                offset: 0,
                limit: 100,
              },
              { metadata },
            )
          ).members
        : [];
      return {
        isEmptyTeam: list.length === 0,
        teamName: selected?.team.name ?? '',
        teamUserList: members.map((m) => ({ ...m, role: nameOf(teamRoles, m.role, 'TeamRole') })),
        templateProjectList: knowledgeTemplates.projects.map(projectView),
        templateTaskProjectList: templates.projects.map(taskProjectView),
      };
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'quitTeam',
    access: 'user',
    response: Nothing,
    fields: { teamId: id },
    async handle(body, { services, metadata }) {
      await services.team.leaveTeam({ teamId: Number(body.teamId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'setTeamActive',
    access: 'user',
    response: Nothing,
    fields: { teamId: id },
    async handle(body, { services, metadata }) {
      await services.team.setActiveTeam({ teamId: Number(body.teamId) }, { metadata });
      return null;
    },
  }),
];
