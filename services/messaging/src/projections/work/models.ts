import { type Doc, type IndexSpec, readModel } from '@pmbok/infra';

/**
 * The messaging service's read models of the other services' world (docs/api/messaging.md, ADR 5): teams' names,
 * knowledge projects with their tree and documents, task projects and tasks. Fed from the team, project and task
 * topics; every document carries `_position`, the topic position of the last event applied, so a redelivered event
 * changes nothing, and is flagged `deleted` instead of going away (a notification may still name it).
 */
export interface Positioned {
  _position: number;
}

export interface WorkTeamDoc extends Doc {
  teamId: number;
  name: string;
}

export type ProjectRole = 'owner' | 'administrator' | 'editor' | 'viewer';
export type TaskProjectRole = 'owner' | 'administrator' | 'member';
export interface Member<R extends string> {
  userId: number;
  role: R;
}

export interface WorkProjectDoc extends Doc, Positioned {
  projectId: number;
  teamId: number;
  name: string;
  /** 'team': every team member reads it; 'members': its members only (as the project service's `accessOf`). */
  privateType: 'team' | 'members';
  isTemplate: boolean;
  members: Member<ProjectRole>[];
  deleted: boolean;
}

export type NodeKind = 'folder' | 'api' | 'page' | 'schema';

export interface WorkNodeDoc extends Doc, Positioned {
  nodeId: number;
  parentId: number;
  projectId: number;
  teamId: number;
  kind: NodeKind;
  name: string;
  /** 0 for a folder. */
  docId: number;
  isTemplate: boolean;
  deleted: boolean;
}

/** What one save changed: the top-level parts (名称, 请求参数…), by the topic position of the save. */
export interface DocChange {
  position: number;
  changes: string[];
}

export interface WorkDocDoc extends Doc, Positioned {
  docId: number;
  nodeId: number;
  projectId: number;
  teamId: number;
  kind: 'api' | 'page' | 'schema';
  method: string;
  path: string;
  /** A hash of each top-level part of the content: enough to tell which parts the next save changes. */
  parts: Record<string, string>;
  /** The latest saves' changes (a reaction running behind the feed still finds the save it handles). */
  recent: DocChange[];
  deleted: boolean;
}

export interface WorkTaskProjectDoc extends Doc, Positioned {
  taskProjectId: number;
  teamId: number;
  name: string;
  members: Member<TaskProjectRole>[];
}

export type TaskStatus = 'todo' | 'in_progress' | 'paused' | 'finished' | 'cancelled' | 'closed';

export interface WorkTaskDoc extends Doc, Positioned {
  taskId: number;
  taskProjectId: number;
  teamId: number;
  name: string;
  assigneeId: number;
  creatorId: number;
  /** Due time, ms; 0 when not set. */
  endTime: number;
  status: TaskStatus;
  flowName: string;
}

const byTeam: IndexSpec[] = [{ fields: { teamId: 1 } }];

export const workTeams = readModel<WorkTeamDoc>('msgWorkTeams');
export const workProjects = readModel<WorkProjectDoc>('msgWorkProjects', [
  ...byTeam,
  { fields: { 'members.userId': 1 } },
]);
export const workNodes = readModel<WorkNodeDoc>('msgWorkNodes', [
  { fields: { projectId: 1 } },
  { fields: { docId: 1 } },
]);
export const workDocs = readModel<WorkDocDoc>('msgWorkDocs', [{ fields: { projectId: 1 } }]);
export const workTaskProjects = readModel<WorkTaskProjectDoc>('msgWorkTaskProjects', [
  ...byTeam,
  { fields: { 'members.userId': 1 } },
]);
export const workTasks = readModel<WorkTaskDoc>('msgWorkTasks', [
  { fields: { taskProjectId: 1 } },
  { fields: { endTime: 1 } },
]);

/** A test scenario's creator (told when a run of it fails). */
export interface WorkTestScenarioDoc extends Doc, Positioned {
  testScenarioId: number;
  projectId: number;
  name: string;
  createdBy: number;
}

/** A test run as it started: what ran and who started it (its end names neither). */
export interface WorkTestRunDoc extends Doc, Positioned {
  testRunId: number;
  projectId: number;
  name: string;
  testScenarioId: number;
  userId: number;
}

export const workTestScenarios = readModel<WorkTestScenarioDoc>('msgWorkTestScenarios');
export const workTestRuns = readModel<WorkTestRunDoc>('msgWorkTestRuns');
