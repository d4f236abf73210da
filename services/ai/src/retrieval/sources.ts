import type {
  KnowledgeDocDoc,
  KnowledgeFieldDoc,
  KnowledgeNodeDoc,
  KnowledgeProjectDoc,
  TaskDoc,
  TaskProjectDoc,
  TaskStatus,
} from '../projections/knowledge/models.js';
import { chunk } from './chunks.js';
import { PASSAGE_MAX_CHARS, type PassageKind } from './model.js';

/**
 * One thing the assistant may cite (a document, a field standard, a task) as the index holds it: who may see it
 * (`scope`), how it is named and opened, and its text in passages. Tasks keep what their header is made of, since
 * it says whether a task is overdue, which changes with the clock and not with events.
 */
export interface Source {
  key: string;
  kind: PassageKind;
  id: number;
  /** `team` (a team's field standard), `p:<projectId>` (a knowledge project), `t:<taskProjectId>` (a task project). */
  scope: string;
  /** The knowledge project or task project; 0 for a team's field. */
  projectId: number;
  title: string;
  route: string;
  /** What else a question may name it by: its project, a task's stage and status. */
  context: string;
  chunks: string[];
  task?: {
    status: TaskStatus;
    assigneeId: number;
    startTime: number;
    endTime: number;
    flowName: string;
  };
}

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: '未开始',
  in_progress: '进行中',
  paused: '已暂停',
  finished: '已完成',
  cancelled: '已取消',
  closed: '已关闭',
};

export const UNFINISHED: readonly TaskStatus[] = ['todo', 'in_progress', 'paused'];

export const isOverdue = (task: NonNullable<Source['task']>, now: number) =>
  task.endTime > 0 && task.endTime < now && UNFINISHED.includes(task.status);

/** At least one passage, so a source with a title only is still found by its title. */
const passages = (text: string) => {
  const chunks = chunk(text, PASSAGE_MAX_CHARS);
  return chunks.length > 0 ? chunks : [''];
};

export const projectScope = (projectId: number) => `p:${projectId}`;
export const taskProjectScope = (taskProjectId: number) => `t:${taskProjectId}`;

export function docSource(doc: KnowledgeDocDoc, node: KnowledgeNodeDoc, project: KnowledgeProjectDoc): Source {
  return {
    key: `doc:${doc.docId}`,
    kind: doc.kind,
    id: doc.docId,
    scope: projectScope(doc.projectId),
    projectId: doc.projectId,
    title: node.name,
    route: `/project/index/${doc.projectId}?doc=${node.nodeId}`,
    context: project.name,
    chunks: passages(doc.text),
  };
}

export function fieldSource(field: KnowledgeFieldDoc, project: KnowledgeProjectDoc | undefined): Source {
  const team = field.scope === 'team';
  return {
    key: `field:${field.dataFieldId}`,
    kind: 'field',
    id: field.dataFieldId,
    scope: team ? 'team' : projectScope(field.projectId),
    projectId: team ? 0 : field.projectId,
    title: field.name,
    route: team ? '/project/field' : `/project/field/${field.projectId}`,
    context: team ? '团队字段库' : `${project?.name ?? ''} 字段库`,
    chunks: passages(field.text),
  };
}

/** The stage a task is in, by its current name in the project (a renamed stage), else as it was recorded. */
const stageOf = (task: TaskDoc, project: TaskProjectDoc) =>
  project.flows.find((flow) => flow.flowId === task.flowId)?.name ?? task.flowName;

export function taskSource(task: TaskDoc, project: TaskProjectDoc): Source {
  const flowName = stageOf(task, project);
  return {
    key: `task:${task.taskId}`,
    kind: 'task',
    id: task.taskId,
    scope: taskProjectScope(task.taskProjectId),
    projectId: task.taskProjectId,
    title: task.name,
    route: `/task/home/${task.taskProjectId}?task=${task.taskId}`,
    context: [project.name, flowName, TASK_STATUS_LABELS[task.status]].filter(Boolean).join(' '),
    chunks: passages(task.text),
    task: {
      status: task.status,
      assigneeId: task.assigneeId,
      startTime: task.startTime,
      endTime: task.endTime,
      flowName,
    },
  };
}

/** A day as the team reads it (UTC+8, as the daily budget counts): 2026-11-28. */
export const dayOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * What a task passage says before its description, for the asking user now: stage, status (overdue or not),
 * assignee (and whether that is the asker), dates.
 */
export function taskHeader(
  task: NonNullable<Source['task']>,
  options: { now: number; userId: number; assigneeName: string },
): string {
  const { now, userId, assigneeName } = options;
  const status = TASK_STATUS_LABELS[task.status] + (isOverdue(task, now) ? '，已逾期' : '');
  const assignee = task.assigneeId
    ? `${assigneeName || `用户 ${task.assigneeId}`}${task.assigneeId === userId ? '（提问者本人）' : ''}`
    : '未指派';
  const lines = [`阶段：${task.flowName || '—'}；状态：${status}；负责人：${assignee}`];
  const dates = [
    task.startTime > 0 ? `开始 ${dayOf(task.startTime)}` : '',
    task.endTime > 0 ? `截止 ${dayOf(task.endTime)}` : '',
  ].filter(Boolean);
  if (dates.length > 0) lines.push(dates.join('，'));
  return lines.join('\n');
}
