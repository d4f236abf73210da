import { conflict, type Decider, forbidden, invalid, notFound } from '@pmbok/infra';
import { asManager, asMember, assertOpen, checkFlowName, checkProjectFields, flowOf, messages } from './rules.js';
import {
  evolve,
  type FlowData,
  initialState,
  type ProjectFields,
  type ProjectRole,
  type TaskProject,
  type TaskProjectCreated,
  type TaskProjectEvent,
} from './taskProject.js';

type Meta = { metadata: { actorId: number } };
export type CreateTaskProject = { type: 'CreateTaskProject'; data: TaskProjectCreated['data'] };
export type UpdateTaskProject = { type: 'UpdateTaskProject'; data: ProjectFields } & Meta;
export type AddProjectMembers = {
  type: 'AddProjectMembers';
  /** `teamMemberIds`: who belongs to the project's team now, as the team service last told. */
  data: { userIds: number[]; teamMemberIds: number[] };
} & Meta;
export type ChangeProjectMemberRole = {
  type: 'ChangeProjectMemberRole';
  data: { userId: number; role: ProjectRole };
} & Meta;
export type RemoveProjectMember = { type: 'RemoveProjectMember'; data: { userId: number } } & Meta;
/** The team service says the user left the project's team: they leave its projects (the owner stays). */
export type DropDepartedMember = { type: 'DropDepartedMember'; data: { userId: number } };
export type StarTaskProject = { type: 'StarTaskProject'; data: { starred: boolean } } & Meta;
export type ChangeProjectStatus = {
  type: 'ChangeProjectStatus';
  data: { action: 'stop' | 'finish' | 'close' | 'reopen' };
} & Meta;
export type CreateFlow = { type: 'CreateFlow'; data: { flowId: number; name: string } } & Meta;
export type UpdateFlow = { type: 'UpdateFlow'; data: { flowId: number; name: string; sort?: number } } & Meta;
/** `taskCount`: how many tasks the flow holds, from the tasks read model. */
export type DeleteFlow = { type: 'DeleteFlow'; data: { flowId: number; taskCount: number } } & Meta;

export type TaskProjectCommand =
  | CreateTaskProject
  | UpdateTaskProject
  | AddProjectMembers
  | ChangeProjectMemberRole
  | RemoveProjectMember
  | DropDepartedMember
  | StarTaskProject
  | ChangeProjectStatus
  | CreateFlow
  | UpdateFlow
  | DeleteFlow;

export function decide(command: TaskProjectCommand, state: TaskProject): TaskProjectEvent[] {
  switch (command.type) {
    case 'CreateTaskProject':
      return createProject(command, state);
    case 'UpdateTaskProject': {
      const { project } = asManager(state, command.metadata.actorId);
      assertOpen(project);
      return [{ type: 'TaskProjectUpdated', data: checkProjectFields(command.data) }];
    }
    case 'AddProjectMembers':
      return addMembers(command, state);
    case 'ChangeProjectMemberRole':
      return changeRole(command, state);
    case 'RemoveProjectMember':
      return removeMember(command, state);
    case 'DropDepartedMember': {
      const role = state.status === 'none' ? undefined : state.members.get(command.data.userId);
      return role && role !== 'owner' ? [{ type: 'ProjectMemberRemoved', data: command.data }] : [];
    }
    case 'StarTaskProject': {
      const { project } = asMember(state, command.metadata.actorId);
      const userId = command.metadata.actorId;
      if (project.stars.has(userId) === command.data.starred) return [];
      return [{ type: command.data.starred ? 'TaskProjectStarred' : 'TaskProjectUnstarred', data: { userId } }];
    }
    case 'ChangeProjectStatus':
      return changeStatus(command, state);
    case 'CreateFlow': {
      const { project } = asManager(state, command.metadata.actorId);
      assertOpen(project);
      if (project.flows.size >= 50) throw conflict(messages.tooManyFlows);
      const name = checkFlowName(project, command.data.name);
      const sort = Math.max(0, ...[...project.flows.values()].map((flow) => flow.sort)) + 1;
      return [{ type: 'FlowCreated', data: { flowId: command.data.flowId, name, sort } }];
    }
    case 'UpdateFlow':
      return updateFlow(command, state);
    case 'DeleteFlow': {
      const { project } = asManager(state, command.metadata.actorId);
      assertOpen(project);
      flowOf(project, command.data.flowId);
      const { taskCount } = command.data;
      if (taskCount > 0) throw conflict(`该阶段还有 ${taskCount} 个任务，请先将任务移到其他阶段再删除`);
      if (project.flows.size <= 1) throw conflict(messages.lastFlow);
      return [{ type: 'FlowDeleted', data: { flowId: command.data.flowId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

function createProject(command: CreateTaskProject, state: TaskProject): TaskProjectEvent[] {
  if (state.status !== 'none') throw conflict('项目已存在');
  const { flows, ownerId } = command.data;
  if (flows.length === 0) throw invalid(messages.lastFlow);
  const fields = checkProjectFields(command.data);
  return [
    { type: 'TaskProjectCreated', data: { ...command.data, ...fields } },
    { type: 'ProjectMemberAdded', data: { userId: ownerId, role: 'owner' } },
  ];
}

function addMembers(command: AddProjectMembers, state: TaskProject): TaskProjectEvent[] {
  const { project } = asManager(state, command.metadata.actorId);
  assertOpen(project);
  const userIds = [...new Set(command.data.userIds)];
  if (userIds.length === 0) throw invalid(messages.membersRequired);
  if (userIds.length > 100) throw invalid(messages.tooManyMembers);
  const team = new Set(command.data.teamMemberIds);
  if (userIds.some((userId) => !team.has(userId))) throw invalid(messages.notInTeam);
  return userIds
    .filter((userId) => !project.members.has(userId))
    .map((userId) => ({ type: 'ProjectMemberAdded', data: { userId, role: 'member' } }));
}

function changeRole(command: ChangeProjectMemberRole, state: TaskProject): TaskProjectEvent[] {
  const { project } = asManager(state, command.metadata.actorId, ['owner']);
  assertOpen(project);
  const { userId, role } = command.data;
  const current = project.members.get(userId);
  if (!current) throw notFound(messages.notAProjectMember);
  if (current === 'owner') throw conflict(messages.ownerRoleFixed);
  if (role === 'owner') throw invalid(messages.roleInvalid);
  return current === role ? [] : [{ type: 'ProjectMemberRoleChanged', data: { userId, role } }];
}

function removeMember(command: RemoveProjectMember, state: TaskProject): TaskProjectEvent[] {
  const { project, role } = asManager(state, command.metadata.actorId);
  assertOpen(project);
  const { userId } = command.data;
  if (userId === command.metadata.actorId) throw conflict(messages.cannotRemoveSelf);
  const target = project.members.get(userId);
  if (!target) throw notFound(messages.notAProjectMember);
  if (target === 'owner') throw forbidden(messages.cannotRemoveOwner);
  // Administrators manage plain members; only the owner removes administrators.
  if (role === 'administrator' && target !== 'member') throw forbidden(messages.noPermission);
  return [{ type: 'ProjectMemberRemoved', data: { userId } }];
}

function changeStatus(command: ChangeProjectStatus, state: TaskProject): TaskProjectEvent[] {
  const { action } = command.data;
  const { project } = asManager(state, command.metadata.actorId, action === 'reopen' ? ['owner'] : undefined);
  const from = project.status;
  switch (action) {
    case 'stop':
      if (from === 'stopped') throw conflict(messages.alreadyStopped);
      if (from !== 'active') throw conflict(messages.onlyActiveStops);
      return [{ type: 'TaskProjectStopped', data: {} }];
    case 'finish':
      if (from !== 'active') throw conflict(messages.onlyActiveFinishes);
      return [{ type: 'TaskProjectFinished', data: {} }];
    case 'close':
      if (from === 'closed') throw conflict(messages.alreadyClosed);
      return [{ type: 'TaskProjectClosed', data: { from } }];
    case 'reopen':
      if (from === 'active') throw conflict(messages.alreadyActive);
      return [{ type: 'TaskProjectReopened', data: { from } }];
  }
}

function updateFlow(command: UpdateFlow, state: TaskProject): TaskProjectEvent[] {
  const { project } = asManager(state, command.metadata.actorId);
  assertOpen(project);
  const flow = flowOf(project, command.data.flowId);
  const name = checkFlowName(project, command.data.name, flow.flowId);
  const sort = command.data.sort ?? flow.sort;
  if (!Number.isInteger(sort) || sort < 0 || sort > 10_000) throw invalid(messages.sortInvalid);
  const next: FlowData = { flowId: flow.flowId, name, sort };
  return next.name === flow.name && next.sort === flow.sort ? [] : [{ type: 'FlowUpdated', data: next }];
}

export const taskProjectDecider: Decider<TaskProject, TaskProjectCommand, TaskProjectEvent> = {
  decide,
  evolve,
  initialState,
};

export { messages };
