import { conflict, invalid, notFound } from '@pmbok/infra';
import { asMember, assertOpen, chars, checkTimes } from '../taskProject/rules.js';
import type { ExistingProject, TaskProject } from '../taskProject/taskProject.js';
import type { ExistingTask, Task, TaskStatus, UrgentLevel } from './task.js';

export const taskMessages = {
  notFound: '任务不存在',
  nameRequired: '请输入任务名称',
  nameTooLong: '任务名称最多100个字符',
  contentTooLong: '任务描述过长',
  noteTooLong: '备注最多2000个字符',
  commentRequired: '请输入评论内容',
  commentTooLong: '评论最多2000个字符',
  workHourInvalid: '预估工时必须在 0 到 10000 小时之间',
  urgentLevelInvalid: '紧急程度只能是普通、紧急或非常紧急',
  timeInvalid: '开始时间不能晚于结束时间',
  assigneeNotMember: '执行者必须是项目成员',
  closed: '任务已关闭，不能修改',
} as const;

/** Task descriptions, and comments and action notes, after sanitising. */
export const CONTENT_MAX = 20_000;
export const NOTE_MAX = 2_000;

/** How a status reads in a sentence: 任务已完成，不能开始. */
export const statusPhrase: Record<TaskStatus, string> = {
  todo: '未开始',
  in_progress: '正在进行中',
  paused: '已暂停',
  finished: '已完成',
  cancelled: '已取消',
  closed: '已关闭',
};

export interface TaskCommandMeta {
  actorId: number;
  /** The command's time (never the clock): running periods are measured with it. */
  now: number;
  /** The task's project as its own stream folds, so membership, flows and the project's state are current. */
  project: TaskProject;
}

/** The project a member may change, refusing when it is stopped, finished or closed. */
export function openProjectFor(meta: TaskCommandMeta): ExistingProject {
  const { project } = asMember(meta.project, meta.actorId);
  assertOpen(project);
  return project;
}

/** The existing task of this project; a task of another project is as good as missing. */
export function existingTask(state: Task, project: ExistingProject): ExistingTask {
  if (state.status === 'none' || state.projectId !== project.taskProjectId) throw notFound(taskMessages.notFound);
  return state;
}

/** A task that may still be edited: everything but a closed one. */
export function editableTask(state: Task, meta: TaskCommandMeta): { task: ExistingTask; project: ExistingProject } {
  const project = openProjectFor(meta);
  const task = existingTask(state, project);
  if (task.status === 'closed') throw conflict(taskMessages.closed);
  return { task, project };
}

export function checkTaskName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(taskMessages.nameRequired);
  if (chars(trimmed) > 100) throw invalid(taskMessages.nameTooLong);
  return trimmed;
}

export function checkWorkHour(workHour: number): number {
  if (!Number.isFinite(workHour) || workHour < 0 || workHour > 10_000) throw invalid(taskMessages.workHourInvalid);
  return Math.round(workHour * 100) / 100;
}

export function checkUrgentLevel(level: number): UrgentLevel {
  if (level !== 0 && level !== 1 && level !== 2) throw invalid(taskMessages.urgentLevelInvalid);
  return level;
}

export const checkTaskTimes = (startTime: number, endTime: number) =>
  checkTimes(startTime, endTime, taskMessages.timeInvalid);

/** Rich text arrives sanitised by the use case; the decider only bounds it. */
export function checkLength(text: string, max: number, message: string): string {
  if (chars(text) > max) throw invalid(message);
  return text;
}

export function checkAssignee(project: ExistingProject, userId: number): number {
  if (!project.members.has(userId)) throw invalid(taskMessages.assigneeNotMember);
  return userId;
}
