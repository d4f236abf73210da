import { Type } from '@sinclair/typebox';
import { id, integer, optionalText, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/project.js';
import { Nothing } from '../../schemas/wire.js';
import {
  candidateView,
  givenRole,
  inProject,
  knowledgeCall,
  knowledgeRoles,
  membershipView,
  memberView,
  ok,
  optionalName,
  projectId,
  userIdList,
} from './project-common.js';

type Role = 'administrator' | 'editor' | 'viewer';
const roleOf = (role: string | undefined) => (role ? knowledgeRoles.toProto(role as Role) : 0);
const ofMember = (b: { projectId: string; userId: string }) => ({ ...inProject(b), userId: Number(b.userId) });
const member = { ...projectId, userId: id };

/** `project/…` member calls: the members of a project, adding, roles, removing. */
export function projectMemberCalls() {
  const call = knowledgeCall('project');
  return [
    call('projectUser', projectId, Type.Array(answers.KnowledgeMember), async (b, { services, metadata }) => {
      return (await services.project.listMembers(inProject(b), { metadata })).members.map(memberView);
    }),
    call(
      'batchCreateProjectUser',
      { ...projectId, userIds: text(2000), role: optionalName(['administrator', 'editor', 'viewer']) },
      Nothing,
      (b, { services, metadata }) => {
        const request = { ...inProject(b), userIds: userIdList(b.userIds), role: roleOf(b.role) };
        return ok(services.project.addMembers(request, { metadata }));
      },
    ),
    call('updateProjectUser', { ...member, role: givenRole }, Nothing, (b, { services, metadata }) => {
      return ok(services.project.changeMemberRole({ ...ofMember(b), role: roleOf(b.role) }, { metadata }));
    }),
    call('deleteOtherProjectUser', member, Nothing, (b, { services, metadata }) => {
      return ok(services.project.removeMember(ofMember(b), { metadata }));
    }),
  ];
}

/** `projectUser/…`: the members screen of the project settings, on the generic list (SPEC §2.5). */
export function projectUserCalls() {
  const call = knowledgeCall('projectUser');
  return [
    call(
      'index',
      {
        ...projectId,
        page: Type.Optional(integer(1, 1_000_000)),
        // The generic list sends pageSize; the contract's `size` is the same.
        size: Type.Optional(integer(1, 100)),
        pageSize: Type.Optional(integer(1, 100)),
        keyword: optionalText(100),
      },
      answers.MemberListPage,
      async (b, { services, metadata }) => {
        const { members } = await services.project.listMembers(inProject(b), { metadata });
        const keyword = (b.keyword ?? '').trim().toLowerCase();
        const found = keyword
          ? members.filter((m) => `${m.nickname}\n${m.trueName}`.toLowerCase().includes(keyword))
          : members;
        const size = b.pageSize ?? b.size ?? 20;
        const page = b.page ?? 1;
        const lists = found.slice((page - 1) * size, page * size).map((m) => ({ ...memberView(m), id: m.userId }));
        return { status: 200, lists, pages: Math.ceil(found.length / size), count: found.length };
      },
    ),
    call('save', { ...member, role: givenRole }, Nothing, (b, { services, metadata }) => {
      return ok(services.project.saveMember({ ...ofMember(b), role: roleOf(b.role) }, { metadata }));
    }),
    call(
      'saveBatch',
      { ...projectId, userIds: text(2000), role: optionalName(['administrator', 'editor', 'viewer']) },
      Nothing,
      (b, { services, metadata }) => {
        const request = { ...inProject(b), userIds: userIdList(b.userIds), role: roleOf(b.role) };
        return ok(services.project.addMembers(request, { metadata }));
      },
    ),
    call('delete', member, Nothing, (b, { services, metadata }) => {
      return ok(services.project.removeMember(ofMember(b), { metadata }));
    }),
    call('teamInfo', projectId, Type.Array(answers.TeamCandidate), async (b, { services, metadata }) => {
      return (await services.project.listTeamCandidates(inProject(b), { metadata })).candidates.map(candidateView);
    }),
    call('projectUserInfo', projectId, answers.ProjectUserInfo, async (b, { services, metadata }) => {
      return membershipView(await services.project.getMyMembership(inProject(b), { metadata }));
    }),
  ];
}
