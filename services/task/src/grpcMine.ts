import { enumCodec, signedInCaller } from '@pmbok/infra';
import { taskv1 } from '@pmbok/proto';
import type { TaskUseCases } from './application/index.js';

type Calls = Pick<taskv1.TaskServiceImplementation, 'listMyTasks' | 'getMyWorkHours' | 'getTaskStats'>;

const taskStatuses = enumCodec(taskv1.TaskStatus, 'TASK_STATUS_');

/** The caller's own work across the team's task projects (docs/api/home.md): home and workspace. */
export function mineCalls({ mine }: TaskUseCases): Calls {
  const who = signedInCaller;
  return {
    listMyTasks: async (r, c) => {
      const answer = await mine.tasks(r, who(c));
      return {
        total: answer.total,
        tasks: answer.tasks.map(({ task, projectName }) => ({
          task: { ...task, status: taskStatuses.toProto(task.status) },
          projectName,
        })),
      };
    },
    getMyWorkHours: (r, c) => mine.workHours(r.from, r.to, who(c)),
    getTaskStats: (r, c) => mine.stats(r.since, who(c)),
  };
}
