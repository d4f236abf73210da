import { invalid } from '@pmbok/infra';
import type { taskv1 } from '@pmbok/proto';
import type { TaskUseCases } from './application/index.js';

type Calls = Pick<taskv1.TaskServiceImplementation, 'listMyTasks' | 'getMyWorkHours' | 'getTaskStats'>;

const unavailable = async (): Promise<never> => {
  throw invalid('功能尚未开放');
};

/** The caller's own work across the team's task projects (docs/api/home.md): home and workspace. */
export function mineCalls(_useCases: TaskUseCases): Calls {
  return { listMyTasks: unavailable, getMyWorkHours: unavailable, getTaskStats: unavailable };
}
