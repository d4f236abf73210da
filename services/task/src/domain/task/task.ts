import { type DomainEvent, streamId } from '@pmbok/infra';

export type TaskStatus = 'todo' | 'in_progress' | 'paused' | 'finished' | 'cancelled' | 'closed';
/** 0 normal, 1 urgent, 2 very urgent. */
export type UrgentLevel = 0 | 1 | 2;

/** A status action's optional note (sanitised rich text) and, when the task was running, the time just worked. */
type Transition = { content: string; from: TaskStatus; workedMs: number };

export type TaskCreated = DomainEvent<
  'TaskCreated',
  {
    taskId: number;
    projectId: number;
    name: string;
    flowId: number;
    /** The flow's name when the task was created, for the activity log. */
    flowName: string;
    assigneeId: number;
    creatorId: number;
    workHour: number;
    urgentLevel: UrgentLevel;
    startTime: number;
    endTime: number;
    content: string;
  }
>;
export type TaskRenamed = DomainEvent<'TaskRenamed', { name: string }>;
export type TaskContentUpdated = DomainEvent<'TaskContentUpdated', { content: string }>;
export type TaskWorkHourEstimated = DomainEvent<'TaskWorkHourEstimated', { workHour: number }>;
export type TaskUrgencyChanged = DomainEvent<'TaskUrgencyChanged', { urgentLevel: UrgentLevel }>;
export type TaskScheduled = DomainEvent<'TaskScheduled', { startTime: number; endTime: number }>;
export type TaskMovedToFlow = DomainEvent<
  'TaskMovedToFlow',
  { fromFlowId: number; flowId: number; fromFlowName: string; flowName: string }
>;
export type TaskTransferred = DomainEvent<'TaskTransferred', { fromUserId: number; toUserId: number }>;
export type TaskStarted = DomainEvent<'TaskStarted', { content: string; from: TaskStatus; startedAt: number }>;
export type TaskStopped = DomainEvent<'TaskStopped', Transition>;
export type TaskFinished = DomainEvent<'TaskFinished', Transition>;
export type TaskCancelled = DomainEvent<'TaskCancelled', Transition>;
export type TaskClosed = DomainEvent<'TaskClosed', Transition>;
/** `mentionIds`: the project members the comment @mentions (absent when none). */
export type TaskCommented = DomainEvent<'TaskCommented', { commentId: number; content: string; mentionIds?: number[] }>;

export type TaskEvent =
  | TaskCreated
  | TaskRenamed
  | TaskContentUpdated
  | TaskWorkHourEstimated
  | TaskUrgencyChanged
  | TaskScheduled
  | TaskMovedToFlow
  | TaskTransferred
  | TaskStarted
  | TaskStopped
  | TaskFinished
  | TaskCancelled
  | TaskClosed
  | TaskCommented;

export type ExistingTask = Omit<TaskCreated['data'], 'flowName'> & {
  status: TaskStatus;
  /** When the running period began (metadata time of the start); 0 when the task is not in progress. */
  runningSince: number;
  /** Time worked in finished periods. */
  spentMs: number;
};
export type Task = { status: 'none' } | ExistingTask;

export const initialState = (): Task => ({ status: 'none' });
export const taskStreamId = (taskId: number) => streamId('task', taskId);

/** Each transition event and the status it leads to. */
export const statusAfter = {
  TaskStarted: 'in_progress',
  TaskStopped: 'paused',
  TaskFinished: 'finished',
  TaskCancelled: 'cancelled',
  TaskClosed: 'closed',
} as const satisfies Record<string, TaskStatus>;

export function evolve(state: Task, event: TaskEvent): Task {
  if (event.type === 'TaskCreated') {
    const { flowName: _flowName, ...data } = event.data;
    return { ...data, status: 'todo', runningSince: 0, spentMs: 0 };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'TaskRenamed':
    case 'TaskContentUpdated':
    case 'TaskWorkHourEstimated':
    case 'TaskUrgencyChanged':
    case 'TaskScheduled':
      return { ...state, ...event.data };
    case 'TaskMovedToFlow':
      return { ...state, flowId: event.data.flowId };
    case 'TaskTransferred':
      return { ...state, assigneeId: event.data.toUserId };
    case 'TaskStarted':
      return { ...state, status: 'in_progress', runningSince: event.data.startedAt };
    case 'TaskStopped':
    case 'TaskFinished':
    case 'TaskCancelled':
    case 'TaskClosed':
      return {
        ...state,
        status: statusAfter[event.type],
        runningSince: 0,
        spentMs: state.spentMs + event.data.workedMs,
      };
    case 'TaskCommented':
      return state;
  }
}
