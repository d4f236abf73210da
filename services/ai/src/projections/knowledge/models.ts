import { type Doc, type IndexSpec, readModel } from '@pmbok/infra';

/**
 * What the assistant knows (ADR 14), as read models of the ai service fed from other services' topics. Every
 * document carries its team (for a per-team index), a `deleted` flag instead of going away (so the index learns of
 * the deletion as of any change), `_position`, the global position of the last event applied (a redelivered event
 * is skipped), and `_seq`, the number of its last write in this process (the index picks up what was written since
 * it last looked: evolve.ts).
 */
export interface Positioned {
  teamId: number;
  deleted: boolean;
  _position: number;
  _seq: number;
}

/** A knowledge project: who sees its documents and field library (mirrors the project service's `accessOf`). */
export interface KnowledgeProjectDoc extends Doc, Positioned {
  projectId: number;
  name: string;
  privateType: 'team' | 'members';
  /** A template is read by its whole team. */
  isTemplate: boolean;
  memberIds: number[];
}

/** A tree node that has a document: its name is the document's title. */
export interface KnowledgeNodeDoc extends Doc, Positioned {
  docId: number;
  nodeId: number;
  projectId: number;
  name: string;
  /** An API template: never shown in the tree, so never retrieved. */
  isTemplate: boolean;
}

export type DocKind = 'api' | 'page' | 'schema';

/** A document's searchable text (knowledge/text.ts), not its whole content. */
export interface KnowledgeDocDoc extends Doc, Positioned {
  docId: number;
  projectId: number;
  nodeId: number;
  kind: DocKind;
  text: string;
}

/** A field standard of a team's library (`projectId` 0) or a project's. */
export interface KnowledgeFieldDoc extends Doc, Positioned {
  dataFieldId: number;
  scope: 'team' | 'project';
  projectId: number;
  name: string;
  text: string;
}

/** A task project: its members alone see its tasks (as in the task service). */
export interface TaskProjectDoc extends Doc, Positioned {
  taskProjectId: number;
  name: string;
  memberIds: number[];
  flows: { flowId: number; name: string }[];
}

export type TaskStatus = 'todo' | 'in_progress' | 'paused' | 'finished' | 'cancelled' | 'closed';

export interface TaskDoc extends Doc, Positioned {
  taskId: number;
  taskProjectId: number;
  name: string;
  /** The description as plain text. */
  text: string;
  flowId: number;
  /** The stage's name when the task entered it (the project's flows give the current one). */
  flowName: string;
  status: TaskStatus;
  assigneeId: number;
  /** ms; 0 when not set. */
  startTime: number;
  endTime: number;
}

/** A user's names, for a task's assignee: the true name when given, else the nickname. */
export interface PersonDoc extends Doc {
  userId: number;
  nickname: string;
  trueName: string;
}

const byTeam: IndexSpec[] = [{ fields: { teamId: 1 } }];

export const knowledgeProjects = readModel<KnowledgeProjectDoc>('aiKnowledgeProjects', byTeam);
export const knowledgeNodes = readModel<KnowledgeNodeDoc>('aiKnowledgeNodes', byTeam);
export const knowledgeDocs = readModel<KnowledgeDocDoc>('aiKnowledgeDocs', byTeam);
export const knowledgeFields = readModel<KnowledgeFieldDoc>('aiKnowledgeFields', byTeam);
export const taskProjects = readModel<TaskProjectDoc>('aiTaskProjects', byTeam);
export const tasks = readModel<TaskDoc>('aiTasks', byTeam);
export const people = readModel<PersonDoc>('aiPeople');
