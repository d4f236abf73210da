import { conflict, type Decider, invalid } from '@pmbok/infra';
import { flowOf, orderedFlowsOf } from '../taskProject/rules.js';
import {
  CONTENT_MAX,
  checkAssignee,
  checkLength,
  checkTaskName,
  checkTaskTimes,
  checkUrgentLevel,
  checkWorkHour,
  editableTask,
  existingTask,
  NOTE_MAX,
  openProjectFor,
  type TaskCommandMeta,
  taskMessages,
} from './rules.js';
import { changeStatus, type TaskAction } from './statusMachine.js';
import { evolve, initialState, type Task, type TaskEvent } from './task.js';

export type { TaskAction } from './statusMachine.js';

type Meta = { metadata: TaskCommandMeta };
export type CreateTask = {
  type: 'CreateTask';
  /** `flowId` 0 puts the task in the first flow; `assigneeId` 0 assigns the creator. */
  data: {
    taskId: number;
    name: string;
    flowId: number;
    assigneeId: number;
    workHour: number;
    urgentLevel: number;
    startTime: number;
    endTime: number;
    content: string;
  };
} & Meta;
export type RenameTask = { type: 'RenameTask'; data: { name: string } } & Meta;
export type UpdateTaskContent = { type: 'UpdateTaskContent'; data: { content: string } } & Meta;
export type UpdateTaskWorkHour = { type: 'UpdateTaskWorkHour'; data: { workHour: number } } & Meta;
export type UpdateTaskUrgentLevel = { type: 'UpdateTaskUrgentLevel'; data: { urgentLevel: number } } & Meta;
export type UpdateTaskPreTime = { type: 'UpdateTaskPreTime'; data: { startTime: number; endTime: number } } & Meta;
export type MoveTask = { type: 'MoveTask'; data: { flowId: number } } & Meta;
export type TransferTask = { type: 'TransferTask'; data: { userId: number } } & Meta;
export type ChangeTaskStatus = { type: 'ChangeTaskStatus'; data: { action: TaskAction; content: string } } & Meta;
export type CommentOnTask = { type: 'CommentOnTask'; data: { commentId: number; content: string } } & Meta;

export type TaskCommand =
  | CreateTask
  | RenameTask
  | UpdateTaskContent
  | UpdateTaskWorkHour
  | UpdateTaskUrgentLevel
  | UpdateTaskPreTime
  | MoveTask
  | TransferTask
  | ChangeTaskStatus
  | CommentOnTask;

export function decide(command: TaskCommand, state: Task): TaskEvent[] {
  switch (command.type) {
    case 'CreateTask':
      return createTask(command, state);
    case 'RenameTask': {
      const { task } = editableTask(state, command.metadata);
      const name = checkTaskName(command.data.name);
      return name === task.name ? [] : [{ type: 'TaskRenamed', data: { name } }];
    }
    case 'UpdateTaskContent': {
      const { task } = editableTask(state, command.metadata);
      const content = checkLength(command.data.content, CONTENT_MAX, taskMessages.contentTooLong);
      return content === task.content ? [] : [{ type: 'TaskContentUpdated', data: { content } }];
    }
    case 'UpdateTaskWorkHour': {
      const { task } = editableTask(state, command.metadata);
      const workHour = checkWorkHour(command.data.workHour);
      return workHour === task.workHour ? [] : [{ type: 'TaskWorkHourEstimated', data: { workHour } }];
    }
    case 'UpdateTaskUrgentLevel': {
      const { task } = editableTask(state, command.metadata);
      const urgentLevel = checkUrgentLevel(command.data.urgentLevel);
      return urgentLevel === task.urgentLevel ? [] : [{ type: 'TaskUrgencyChanged', data: { urgentLevel } }];
    }
    case 'UpdateTaskPreTime': {
      const { task } = editableTask(state, command.metadata);
      const { startTime, endTime } = command.data;
      checkTaskTimes(startTime, endTime);
      if (startTime === task.startTime && endTime === task.endTime) return [];
      return [{ type: 'TaskScheduled', data: { startTime, endTime } }];
    }
    case 'MoveTask': {
      const { task, project } = editableTask(state, command.metadata);
      const flow = flowOf(project, command.data.flowId);
      if (flow.flowId === task.flowId) return [];
      const fromFlowName = project.flows.get(task.flowId)?.name ?? '';
      const data = { fromFlowId: task.flowId, flowId: flow.flowId, fromFlowName, flowName: flow.name };
      return [{ type: 'TaskMovedToFlow', data }];
    }
    case 'TransferTask': {
      const { task, project } = editableTask(state, command.metadata);
      const toUserId = checkAssignee(project, command.data.userId);
      if (toUserId === task.assigneeId) return [];
      return [{ type: 'TaskTransferred', data: { fromUserId: task.assigneeId, toUserId } }];
    }
    case 'ChangeTaskStatus':
      return changeStatus(command, state);
    case 'CommentOnTask': {
      // Comments stay open on closed tasks (a discussion outlives the work); the project must be open.
      const project = openProjectFor(command.metadata);
      existingTask(state, project);
      const content = checkLength(command.data.content, NOTE_MAX, taskMessages.commentTooLong);
      if (!content.trim()) throw invalid(taskMessages.commentRequired);
      const mentionIds = mentionedMembers(content, project, command.metadata.actorId);
      const data = { commentId: command.data.commentId, content, ...(mentionIds.length > 0 ? { mentionIds } : {}) };
      return [{ type: 'TaskCommented', data }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

/**
 * The members a comment @mentions: its `<span data-mention-id="…">` marks (the rich text keeps no other attribute on a
 * span), members of the project only, the author left out, each once; the messaging service tells them.
 */
export function mentionedMembers(
  content: string,
  project: { members: ReadonlyMap<number, unknown> },
  authorId: number,
) {
  const ids = [...content.matchAll(/<span\b[^>]*\bdata-mention-id="(\d{1,16})"/g)].map((match) => Number(match[1]));
  return [...new Set(ids)].filter((id) => id !== authorId && project.members.has(id));
}

function createTask(command: CreateTask, state: Task): TaskEvent[] {
  if (state.status !== 'none') throw conflict('任务已存在');
  const project = openProjectFor(command.metadata);
  const { data } = command;
  const flow = data.flowId ? flowOf(project, data.flowId) : orderedFlowsOf(project)[0]!;
  checkTaskTimes(data.startTime, data.endTime);
  return [
    {
      type: 'TaskCreated',
      data: {
        taskId: data.taskId,
        projectId: project.taskProjectId,
        name: checkTaskName(data.name),
        flowId: flow.flowId,
        flowName: flow.name,
        assigneeId: checkAssignee(project, data.assigneeId || command.metadata.actorId),
        creatorId: command.metadata.actorId,
        workHour: checkWorkHour(data.workHour),
        urgentLevel: checkUrgentLevel(data.urgentLevel),
        startTime: data.startTime,
        endTime: data.endTime,
        content: checkLength(data.content, CONTENT_MAX, taskMessages.contentTooLong),
      },
    },
  ];
}

export const taskDecider: Decider<Task, TaskCommand, TaskEvent> = { decide, evolve, initialState };
