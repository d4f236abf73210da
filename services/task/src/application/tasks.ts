import { type Caller, nextNumericId } from '@pmbok/infra';
import type { TaskAction, TaskCommand } from '../domain/task/businessLogic.js';
import type { TaskCommandMeta } from '../domain/task/rules.js';
import type { TaskContext } from './context.js';
import { hasVisibleContent, sanitizeRichText } from './richText.js';

export interface NewTaskInput {
  name: string;
  flowId: number;
  userId: number;
  workHour: number;
  urgentLevel: number;
  startTime: number;
  endTime: number;
  content: string;
}

/** Rich text is sanitised here, before the decider bounds it; a text with nothing visible left is empty. */
const richText = (html: string) => {
  const clean = sanitizeRichText(html);
  return hasVisibleContent(clean) ? clean : '';
};

/** Changes to tasks. The decider checks membership, the project's state and the task state machine. */
export function createTasks(context: TaskContext) {
  const { now, runTask } = context;

  /** Runs one command on an existing task of the project. */
  const run = (
    projectId: number,
    taskId: number,
    caller: Caller,
    command: (metadata: TaskCommandMeta) => TaskCommand,
  ) => runTask(projectId, taskId, command, caller);

  return {
    async create(projectId: number, input: NewTaskInput, caller: Caller) {
      const taskId = nextNumericId(now());
      const { userId, ...rest } = input;
      const data = { ...rest, taskId, assigneeId: userId, content: richText(input.content) };
      await run(projectId, taskId, caller, (metadata) => ({ type: 'CreateTask', data, metadata }));
      return { taskId };
    },

    rename: (projectId: number, taskId: number, name: string, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({ type: 'RenameTask', data: { name }, metadata })),

    updateContent: (projectId: number, taskId: number, content: string, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({
        type: 'UpdateTaskContent',
        data: { content: richText(content) },
        metadata,
      })),

    updateWorkHour: (projectId: number, taskId: number, workHour: number, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({ type: 'UpdateTaskWorkHour', data: { workHour }, metadata })),

    updateUrgentLevel: (projectId: number, taskId: number, urgentLevel: number, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({
        type: 'UpdateTaskUrgentLevel',
        data: { urgentLevel },
        metadata,
      })),

    updatePreTime: (projectId: number, taskId: number, startTime: number, endTime: number, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({
        type: 'UpdateTaskPreTime',
        data: { startTime, endTime },
        metadata,
      })),

    move: (projectId: number, taskId: number, flowId: number, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({ type: 'MoveTask', data: { flowId }, metadata })),

    transfer: (projectId: number, taskId: number, userId: number, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({ type: 'TransferTask', data: { userId }, metadata })),

    /** start, stop, finish, cancel or close, with an optional note kept in the event. */
    changeStatus: (projectId: number, taskId: number, action: TaskAction, note: string, caller: Caller) =>
      run(projectId, taskId, caller, (metadata) => ({
        type: 'ChangeTaskStatus',
        data: { action, content: richText(note) },
        metadata,
      })),

    async comment(projectId: number, taskId: number, content: string, caller: Caller) {
      const commentId = nextNumericId(now());
      await run(projectId, taskId, caller, (metadata) => ({
        type: 'CommentOnTask',
        data: { commentId, content: richText(content) },
        metadata,
      }));
      return { commentId };
    },
  };
}

export type Tasks = ReturnType<typeof createTasks>;
