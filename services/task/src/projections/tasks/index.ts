import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
import { type ExistingTask, evolve, type TaskEvent } from '../../domain/task/task.js';

export interface TaskDoc extends Doc, ExistingTask {
  commentCount: number;
  createdAt: number;
  updatedAt: number;
}

const COLLECTION = 'tasks';
const indexes: IndexSpec[] = [{ fields: { projectId: 1, flowId: 1 } }, { fields: { projectId: 1, assigneeId: 1 } }];

export const tasks = (store: ReadStore): Collection<TaskDoc> => store.collection<TaskDoc>(COLLECTION, indexes);

/** Time spent on a task, including a running period up to `now`. */
export const spentMsOf = (task: Pick<ExistingTask, 'spentMs' | 'runningSince'>, now: number) =>
  task.spentMs + (task.runningSince ? Math.max(0, now - task.runningSince) : 0);

export const tasksProjection = documentProjection<TaskDoc>({
  name: 'tasks',
  collection: COLLECTION,
  indexes,
  canHandle: [
    'TaskCreated',
    'TaskRenamed',
    'TaskContentUpdated',
    'TaskWorkHourEstimated',
    'TaskUrgencyChanged',
    'TaskScheduled',
    'TaskMovedToFlow',
    'TaskTransferred',
    'TaskStarted',
    'TaskStopped',
    'TaskFinished',
    'TaskCancelled',
    'TaskClosed',
    'TaskCommented',
  ],
  documentId: (event) => event.metadata.streamId.slice('task-'.length),
  // The document is the aggregate's own state plus what lists show: the domain's evolve keeps both in step.
  evolve(doc, recorded) {
    const event = recorded as unknown as TaskEvent;
    const at = recorded.metadata.at;
    const state = evolve(doc ?? { status: 'none' }, event);
    if (state.status === 'none') return null;
    return {
      ...(state as ExistingTask),
      _id: String(state.taskId),
      commentCount: (doc?.commentCount ?? 0) + (event.type === 'TaskCommented' ? 1 : 0),
      createdAt: doc?.createdAt ?? at,
      updatedAt: at,
    };
  },
});
