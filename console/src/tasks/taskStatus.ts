import type { ProjectRole, ProjectStatus, TaskStatus } from './taskApi';

export type TaskAction = 'start' | 'stop' | 'finish' | 'cancel' | 'close';

/** README's status machine: the actions each status accepts (every other one the server refuses). */
const TASK_ACTIONS: Record<TaskStatus, TaskAction[]> = {
  todo: ['start', 'finish', 'cancel', 'close'],
  in_progress: ['stop', 'finish', 'cancel', 'close'],
  paused: ['start', 'finish', 'cancel', 'close'],
  finished: ['close'],
  cancelled: ['close'],
  closed: [],
};

export const taskActions = (status: TaskStatus): TaskAction[] => TASK_ACTIONS[status] ?? [];

/** The gateway call of each action. */
export const taskActionCall: Record<TaskAction, string> = {
  start: 'startTask',
  stop: 'stopTask',
  finish: 'finishTask',
  cancel: 'cancelTask',
  close: 'closeTask',
};

/** A closed task is read-only, except for comments. */
export const isTaskEditable = (status: TaskStatus) => status !== 'closed';

export type ProjectAction = 'stop' | 'finish' | 'close' | 'reopen';

export const projectActionCall: Record<ProjectAction, string> = {
  stop: 'stopTaskProject',
  finish: 'finishTaskProject',
  close: 'closeTaskProject',
  reopen: 'reopenTaskProject',
};

/** README's project table: stop, finish and close for the owner and administrators; reopen for the owner. */
export function projectActions(status: ProjectStatus, role: ProjectRole): ProjectAction[] {
  const manager = role === 'owner' || role === 'administrator';
  const actions: ProjectAction[] = [];
  if (manager && status === 'active') actions.push('stop', 'finish');
  if (manager && status !== 'closed') actions.push('close');
  if (role === 'owner' && status !== 'active') actions.push('reopen');
  return actions;
}
