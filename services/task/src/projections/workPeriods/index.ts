import { type Doc, documentProjection, type IndexSpec, ownLog, type Recorded, readModel } from '@pmbok/infra';
import type { TaskEvent } from '../../domain/task/task.js';

/** One stretch of work on a task: from a start to the stop (or finish, cancel, close) that ended it. */
export interface WorkPeriod {
  from: number;
  to: number;
  /** The task's assignee when the period ended: spent time belongs to the assignee, as the work-hour report says. */
  userId: number;
}

/** The work-hour record of a task: its finished periods and the running one, for hours per day and per person. */
export interface TaskPeriodsDoc extends Doc {
  taskId: number;
  projectId: number;
  assigneeId: number;
  /** Start of the running period; 0 when the task is not in progress. */
  runningSince: number;
  periods: WorkPeriod[];
  /** When the task was finished (0 if it was not): the tasks finished this week. */
  finishedAt: number;
  /** Every user with a period, for finding a person's records without reading every task. */
  workers: number[];
}

// Not indexed on `workers`: the memory store's field index skips array values, so an equality on it finds nothing.
const indexes: IndexSpec[] = [{ fields: { projectId: 1 } }];
export const taskPeriods = readModel<TaskPeriodsDoc>('taskWorkPeriods', indexes);

type Ended = Recorded<Extract<TaskEvent, { type: 'TaskStopped' | 'TaskFinished' | 'TaskCancelled' | 'TaskClosed' }>>;

/** Closes the running period; the event says how long it lasted (the decider measured it). */
const end = ({ data }: Ended, doc: TaskPeriodsDoc | null): TaskPeriodsDoc | null => {
  if (!doc?.runningSince) return doc && { ...doc, runningSince: 0 };
  if (data.workedMs <= 0) return { ...doc, runningSince: 0 };
  const period = { from: doc.runningSince, to: doc.runningSince + data.workedMs, userId: doc.assigneeId };
  const workers = doc.workers.includes(doc.assigneeId) ? doc.workers : [...doc.workers, doc.assigneeId];
  return { ...doc, runningSince: 0, periods: [...doc.periods, period], workers };
};

export const taskPeriodsProjection = documentProjection({
  source: ownLog<TaskEvent>(),
  collection: taskPeriods,
  stream: 'task',
  on: {
    TaskCreated: ({ data }) => ({
      taskId: data.taskId,
      projectId: data.projectId,
      assigneeId: data.assigneeId,
      runningSince: 0,
      periods: [],
      workers: [],
      finishedAt: 0,
    }),
    TaskTransferred: ({ data }, doc) => doc && { ...doc, assigneeId: data.toUserId },
    TaskStarted: ({ data }, doc) => doc && { ...doc, runningSince: data.startedAt },
    TaskStopped: end,
    TaskFinished: (event, doc) => {
      const next = end(event, doc);
      return next && { ...next, finishedAt: event.metadata.at };
    },
    TaskCancelled: end,
    TaskClosed: end,
  },
});
