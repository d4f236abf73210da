import { type Caller, nextNumericId } from '@pmbok/infra';
import type { ChangeProjectStatus } from '../domain/taskProject/businessLogic.js';
import type { FlowData, ProjectFields } from '../domain/taskProject/taskProject.js';
import { taskProjects } from '../projections/taskProjects/index.js';
import type { TaskContext } from './context.js';
import { projectView } from './views.js';

/** The flows of a blank project. */
export const DEFAULT_FLOWS = ['待处理', '进行中', '已完成'];

/** Task projects: create, change, star, change state, and the lists and details members see. */
export function createProjects(context: TaskContext) {
  const { readStore, now, runProject, memberView } = context;
  const act = (caller: Caller) => ({ metadata: { actorId: caller.userId } });

  /** Creates a project owned by `ownerId` in `teamId`; used for blank projects, copies and template copies. */
  async function createProject(
    input: {
      teamId: number;
      ownerId: number;
      fields: ProjectFields;
      flowNames: Pick<FlowData, 'name' | 'sort'>[];
      sourceTaskProjectId: number;
      taskProjectId?: number;
    },
    caller: Partial<Caller>,
    commandId?: string,
  ) {
    const taskProjectId = input.taskProjectId ?? nextNumericId(now());
    const flows = input.flowNames.map((flow) => ({ ...flow, flowId: nextNumericId(now()) }));
    const data = {
      ...input.fields,
      taskProjectId,
      teamId: input.teamId,
      ownerId: input.ownerId,
      sourceTaskProjectId: input.sourceTaskProjectId,
      flows,
    };
    await runProject(taskProjectId, { type: 'CreateTaskProject', data }, caller, { teamId: input.teamId, commandId });
    return { taskProjectId };
  }

  const changeStatus = (taskProjectId: number, action: ChangeProjectStatus['data']['action'], caller: Caller) =>
    runProject(taskProjectId, { type: 'ChangeProjectStatus', data: { action }, ...act(caller) }, caller);

  return {
    createProject,

    /** A blank project; a negative `poster` picks one of the nine. */
    async create(input: ProjectFields, caller: Caller) {
      const teamId = await context.currentTeam(caller);
      const taskProjectId = nextNumericId(now());
      const poster = input.poster >= 0 ? input.poster : taskProjectId % 9;
      return createProject(
        {
          teamId,
          ownerId: caller.userId,
          fields: { ...input, poster },
          flowNames: DEFAULT_FLOWS.map((name, index) => ({ name, sort: index + 1 })),
          sourceTaskProjectId: 0,
          taskProjectId,
        },
        caller,
      );
    },

    async update(taskProjectId: number, changes: Partial<ProjectFields>, caller: Caller) {
      const doc = await memberView(taskProjectId, caller);
      const fields: ProjectFields = {
        name: changes.name ?? doc.name,
        description: changes.description ?? doc.description,
        logo: changes.logo ?? doc.logo,
        poster: changes.poster ?? doc.poster,
        beginTime: changes.beginTime ?? doc.beginTime,
        endTime: changes.endTime ?? doc.endTime,
        isTemplate: changes.isTemplate ?? doc.isTemplate,
      };
      await runProject(taskProjectId, { type: 'UpdateTaskProject', data: fields, ...act(caller) }, caller);
    },

    async detail(taskProjectId: number, caller: Caller) {
      return projectView(readStore, await memberView(taskProjectId, caller), caller.userId);
    },

    /** The caller's projects in the current team: starred first, then the most recently changed. */
    async mine(caller: Caller) {
      if (!caller.teamId) return [];
      const teamId = await context.currentTeam(caller);
      const docs = await taskProjects(readStore).find({ teamId, 'members.userId': caller.userId });
      const views = await Promise.all(docs.map((doc) => projectView(readStore, doc, caller.userId)));
      return views.sort((a, b) => Number(b.isStar) - Number(a.isStar) || b.updatedAt - a.updatedAt);
    },

    star: (taskProjectId: number, starred: boolean, caller: Caller) =>
      runProject(taskProjectId, { type: 'StarTaskProject', data: { starred }, ...act(caller) }, caller),

    stop: (taskProjectId: number, caller: Caller) => changeStatus(taskProjectId, 'stop', caller),
    finish: (taskProjectId: number, caller: Caller) => changeStatus(taskProjectId, 'finish', caller),
    close: (taskProjectId: number, caller: Caller) => changeStatus(taskProjectId, 'close', caller),
    reopen: (taskProjectId: number, caller: Caller) => changeStatus(taskProjectId, 'reopen', caller),
  };
}

export type Projects = ReturnType<typeof createProjects>;
