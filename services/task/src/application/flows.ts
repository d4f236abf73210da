import { type Caller, nextNumericId } from '@pmbok/infra';
import { tasks } from '../projections/tasks/index.js';
import type { TaskContext } from './context.js';
import { projectView } from './views.js';

/** Flows, the board's columns: any member sees them; the owner and administrators manage them. */
export function createFlows(context: TaskContext) {
  const { readStore, now, runProject, memberView } = context;
  const act = (caller: Caller) => ({ metadata: { actorId: caller.userId } });

  return {
    async list(taskProjectId: number, caller: Caller) {
      return (await projectView(readStore, await memberView(taskProjectId, caller), caller.userId)).flows;
    },

    async create(taskProjectId: number, name: string, caller: Caller) {
      const flowId = nextNumericId(now());
      await runProject(taskProjectId, { type: 'CreateFlow', data: { flowId, name }, ...act(caller) }, caller);
      return { flowId };
    },

    update: (taskProjectId: number, flowId: number, name: string, sort: number | undefined, caller: Caller) =>
      runProject(taskProjectId, { type: 'UpdateFlow', data: { flowId, name, sort }, ...act(caller) }, caller),

    /** Refused while tasks are in the flow: the decider is told how many there are. */
    async remove(taskProjectId: number, flowId: number, caller: Caller) {
      const taskCount = await tasks(readStore).count({ projectId: taskProjectId, flowId });
      await runProject(taskProjectId, { type: 'DeleteFlow', data: { flowId, taskCount }, ...act(caller) }, caller);
    },
  };
}

export type Flows = ReturnType<typeof createFlows>;
