import type { Caller } from '@pmbok/infra';
import type { ProjectRole } from '../domain/project/project.js';
import { peopleOf } from '../projections/people/index.js';
import type { ProjectContext } from './context.js';
import { memberViews } from './views.js';

/** Project members: whoever sees the project sees them; owners and administrators manage them (the decider checks). */
export function createMembers(context: ProjectContext) {
  const { readStore, runProject, readable, metadataFor } = context;

  return {
    async list(projectId: number, caller: Caller) {
      return memberViews(readStore, (await readable(projectId, caller)).project);
    },

    /** Adds members of the project's team with one role; returns how many were new. */
    async add(projectId: number, userIds: number[], role: ProjectRole, caller: Caller) {
      const meta = await metadataFor(projectId, caller);
      const project = await context.findProject(projectId);
      const teamMemberIds = project ? await context.teamMemberIds(project.teamId, userIds) : [];
      const events = await runProject(
        projectId,
        { type: 'AddMembers', data: { userIds, role, teamMemberIds }, ...meta },
        caller,
      );
      return { added: events.length };
    },

    /** Adds a team member with the role, or changes a member's role. */
    async save(projectId: number, userId: number, role: ProjectRole, caller: Caller) {
      const meta = await metadataFor(projectId, caller);
      const project = await context.findProject(projectId);
      const teamMemberIds = project ? await context.teamMemberIds(project.teamId, [userId]) : [];
      await runProject(projectId, { type: 'SaveMember', data: { userId, role, teamMemberIds }, ...meta }, caller);
    },

    changeRole: async (projectId: number, userId: number, role: ProjectRole, caller: Caller) =>
      runProject(
        projectId,
        { type: 'ChangeMemberRole', data: { userId, role }, ...(await metadataFor(projectId, caller)) },
        caller,
      ),

    remove: async (projectId: number, userId: number, caller: Caller) =>
      runProject(
        projectId,
        { type: 'RemoveMember', data: { userId }, ...(await metadataFor(projectId, caller)) },
        caller,
      ),

    /** The members of the project's team, each with their role in the project or '' (to pick new members). */
    async candidates(projectId: number, caller: Caller) {
      const { project } = await readable(projectId, caller);
      const ids = await context.teamMemberIds(project.teamId);
      const found = await peopleOf(readStore, ids);
      return ids.map((userId) => {
        const person = found.get(userId);
        return {
          userId,
          nickname: person?.nickname ?? '',
          trueName: person?.trueName ?? '',
          avatar: person?.avatar ?? '',
          role: (project.members.find((m) => m.userId === userId)?.role ?? '') as ProjectRole | '',
        };
      });
    },

    /** The caller in the project: role ('' for a team reader), star and rights. */
    async mine(projectId: number, caller: Caller) {
      const access = await readable(projectId, caller);
      return {
        projectId,
        role: access.role,
        isStar: access.project.stars.includes(caller.userId),
        canWrite: access.canWrite,
        canManage: access.canManage,
      };
    },
  };
}

export type Members = ReturnType<typeof createMembers>;
