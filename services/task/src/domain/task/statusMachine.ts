import { conflict } from '@pmbok/infra';
import type { ChangeTaskStatus } from './businessLogic.js';
import { checkLength, existingTask, NOTE_MAX, openProjectFor, statusPhrase, taskMessages } from './rules.js';
import type { Task, TaskEvent, TaskStatus } from './task.js';

export type TaskAction = 'start' | 'stop' | 'finish' | 'cancel' | 'close';

/** The task state machine (services/task/README.md): where each action may start and the status it leads to. */
const transitions: Record<TaskAction, { from: TaskStatus[]; to: TaskStatus; verb: string }> = {
  start: { from: ['todo', 'paused'], to: 'in_progress', verb: '开始' },
  stop: { from: ['in_progress'], to: 'paused', verb: '暂停' },
  finish: { from: ['todo', 'in_progress', 'paused'], to: 'finished', verb: '完成' },
  cancel: { from: ['todo', 'in_progress', 'paused'], to: 'cancelled', verb: '取消' },
  close: { from: ['todo', 'in_progress', 'paused', 'finished', 'cancelled'], to: 'closed', verb: '关闭' },
};

export function changeStatus(command: ChangeTaskStatus, state: Task): TaskEvent[] {
  const task = existingTask(state, openProjectFor(command.metadata));
  const { action } = command.data;
  const rule = transitions[action];
  const from = task.status;
  if (!rule.from.includes(from)) {
    throw conflict(from === rule.to ? `任务${statusPhrase[from]}` : `任务${statusPhrase[from]}，不能${rule.verb}`);
  }
  const content = checkLength(command.data.content, NOTE_MAX, taskMessages.noteTooLong);
  const { now } = command.metadata;
  if (action === 'start') return [{ type: 'TaskStarted', data: { content, from, startedAt: now } }];
  const workedMs = from === 'in_progress' ? Math.max(0, now - task.runningSince) : 0;
  const data = { content, from, workedMs };
  switch (action) {
    case 'stop':
      return [{ type: 'TaskStopped', data }];
    case 'finish':
      return [{ type: 'TaskFinished', data }];
    case 'cancel':
      return [{ type: 'TaskCancelled', data }];
    case 'close':
      return [{ type: 'TaskClosed', data }];
  }
}
