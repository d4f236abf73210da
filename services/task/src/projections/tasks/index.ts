import { type Doc, documentProjection, type IndexSpec, ownLog, type Recorded, readModel } from '@pmbok/infra';
import { type ExistingTask, evolve, type TaskEvent } from '../../domain/task/task.js';

export interface TaskDoc extends Doc, ExistingTask {
  commentCount: number;
  createdAt: number;
  updatedAt: number;
}

const indexes: IndexSpec[] = [
  { fields: { projectId: 1, flowId: 1 } },
  { fields: { projectId: 1, assigneeId: 1 } },
  // The task list's page in its default order (newest first), read in index order on MongoDB: no sort in memory.
  { fields: { projectId: 1, createdAt: -1, taskId: -1 } },
];
export const tasks = readModel<TaskDoc>('tasks', indexes);

/** Time spent on a task, including a running period up to `now`. */
export const spentMsOf = (task: Pick<ExistingTask, 'spentMs' | 'runningSince'>, now: number) =>
  task.spentMs + (task.runningSince ? Math.max(0, now - task.runningSince) : 0);

/** The document is the aggregate's own state plus what lists show: the domain's evolve keeps both in step. */
const apply = (event: Recorded<TaskEvent>, doc: TaskDoc | null): TaskDoc | null => {
  const state = evolve(doc ?? { status: 'none' }, event);
  if (state.status === 'none') return null;
  return {
    ...(state as ExistingTask),
    _id: String(state.taskId),
    commentCount: (doc?.commentCount ?? 0) + (event.type === 'TaskCommented' ? 1 : 0),
    createdAt: doc?.createdAt ?? event.metadata.at,
    updatedAt: event.metadata.at,
  };
};

export const tasksProjection = documentProjection({
  source: ownLog<TaskEvent>(),
  collection: tasks,
  stream: 'task',
  on: {
    TaskCreated: apply,
    TaskRenamed: apply,
    TaskContentUpdated: apply,
    TaskWorkHourEstimated: apply,
    TaskUrgencyChanged: apply,
    TaskScheduled: apply,
    TaskMovedToFlow: apply,
    TaskTransferred: apply,
    TaskStarted: apply,
    TaskStopped: apply,
    TaskFinished: apply,
    TaskCancelled: apply,
    TaskClosed: apply,
    TaskCommented: apply,
  },
});
