import type { Caller } from '@pmbok/infra';
import type { ProjectRole } from '../domain/taskProject/taskProject.js';
import { namesOf } from '../projections/people/index.js';
import type { TaskContext } from './context.js';
import { membersView } from './views.js';

/** Project members: any member sees them; the owner and administrators manage them (checked by the decider). */
export function createMembers(context: TaskContext) {
  const { readStore, runProject, memberView } = context;
  const act = (caller: Caller) => ({ metadata: { actorId: caller.userId } });

  return {
    async list(taskProjectId: number, caller: Caller) {
      const doc = await memberView(taskProjectId, caller);
      return membersView(
        doc,
        await namesOf(
          readStore,
          doc.members.map((m) => m.userId),
        ),
      );
    },

    /** Adds members of the project's team; returns how many were new. */
    async add(taskProjectId: number, userIds: number[], caller: Caller) {
      const doc = await memberView(taskProjectId, caller);
      const teamMemberIds = await context.teamMemberIds(doc.teamId, userIds);
      const events = await runProject(
        taskProjectId,
        { type: 'AddProjectMembers', data: { userIds, teamMemberIds }, ...act(caller) },
        caller,
      );
      return { added: events.length };
    },

    changeRole: (taskProjectId: number, userId: number, role: ProjectRole, caller: Caller) =>
      runProject(taskProjectId, { type: 'ChangeProjectMemberRole', data: { userId, role }, ...act(caller) }, caller),

    remove: (taskProjectId: number, userId: number, caller: Caller) =>
      runProject(taskProjectId, { type: 'RemoveProjectMember', data: { userId }, ...act(caller) }, caller),
  };
}

export type Members = ReturnType<typeof createMembers>;
