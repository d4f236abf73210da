import { conflict, type Decider, forbidden, invalid, notFound } from '@pmbok/infra';
import {
  diff,
  type EnvironmentData,
  evolve,
  initialState,
  type Project,
  type ProjectCreated,
  type ProjectEvent,
  type ProjectFields,
  type ProjectRole,
  type ResponseCodeData,
  type ScriptKind,
} from './project.js';
import { asManager, asReader, checkProjectFields, checkScript, type Meta, messages } from './rules.js';
import { decideSettings, type SettingsCommand } from './settings.js';

const EDITABLE: (keyof ProjectFields)[] = [
  'name',
  'description',
  'logo',
  'poster',
  'privateType',
  'docPrivateType',
  'versionUpdateType',
  'isTemplate',
];

/** Settings a copy starts with (a template's environments, response codes and scripts). */
export interface CopiedSettings {
  environments: EnvironmentData[];
  responseCodes: ResponseCodeData[];
  scripts: Record<ScriptKind, string>;
}

export type CreateProject = {
  type: 'CreateProject';
  data: ProjectCreated['data'] & { copied?: CopiedSettings };
};
export type UpdateProject = { type: 'UpdateProject'; data: Partial<ProjectFields> } & Meta;
export type DeleteProject = { type: 'DeleteProject'; data: Record<string, never> } & Meta;
export type AddMembers = {
  type: 'AddMembers';
  /** `teamMemberIds`: who belongs to the project's team now, as the team service last told. */
  data: { userIds: number[]; role: ProjectRole; teamMemberIds: number[] };
} & Meta;
/** Adds a team member with the role, or changes a member's role. */
export type SaveMember = {
  type: 'SaveMember';
  data: { userId: number; role: ProjectRole; teamMemberIds: number[] };
} & Meta;
export type ChangeMemberRole = { type: 'ChangeMemberRole'; data: { userId: number; role: ProjectRole } } & Meta;
export type RemoveMember = { type: 'RemoveMember'; data: { userId: number } } & Meta;
export type LeaveProject = { type: 'LeaveProject'; data: Record<string, never> } & Meta;
/** The team service says the user left the project's team: their membership ends (the owner's record stays). */
export type DropDepartedMember = { type: 'DropDepartedMember'; data: { userId: number } };
export type StarProject = { type: 'StarProject'; data: { starred: boolean } } & Meta;

export type ProjectCommand =
  | CreateProject
  | UpdateProject
  | DeleteProject
  | AddMembers
  | SaveMember
  | ChangeMemberRole
  | RemoveMember
  | LeaveProject
  | DropDepartedMember
  | StarProject
  | SettingsCommand;

export function decide(command: ProjectCommand, state: Project): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject':
      return createProject(command, state);
    case 'UpdateProject': {
      const { project } = asManager(state, command.metadata);
      const next = checkProjectFields({ ...project, ...command.data });
      const changes = diff(project as ProjectFields, next, EDITABLE);
      return changes.length ? [{ type: 'ProjectUpdated', data: { changes } }] : [];
    }
    case 'DeleteProject': {
      const { project } = asManager(state, command.metadata, ['owner']);
      return [{ type: 'ProjectDeleted', data: { name: project.name } }];
    }
    case 'AddMembers':
      return addMembers(command, state);
    case 'SaveMember': {
      const { project } = asManager(state, command.metadata);
      const { userId, role, teamMemberIds } = command.data;
      if (project.members.has(userId)) return changeRole({ ...command, type: 'ChangeMemberRole' }, state);
      return addMembers({ ...command, type: 'AddMembers', data: { userIds: [userId], role, teamMemberIds } }, state);
    }
    case 'ChangeMemberRole':
      return changeRole(command, state);
    case 'RemoveMember':
      return removeMember(command, state);
    case 'LeaveProject': {
      const { project, role } = asReader(state, command.metadata);
      if (!role) throw notFound(messages.notAMember);
      if (role === 'owner') throw conflict(messages.ownerCannotLeave);
      const userId = command.metadata.actorId;
      return project.members.has(userId)
        ? [{ type: 'ProjectMemberRemoved', data: { userId, role, reason: 'left' } }]
        : [];
    }
    case 'DropDepartedMember': {
      const { userId } = command.data;
      const role = state.status === 'active' ? state.members.get(userId) : undefined;
      return role && role !== 'owner'
        ? [{ type: 'ProjectMemberRemoved', data: { userId, role, reason: 'leftTeam' } }]
        : [];
    }
    case 'StarProject': {
      const { project } = asReader(state, command.metadata);
      const userId = command.metadata.actorId;
      if (project.stars.has(userId) === command.data.starred) return [];
      return [{ type: command.data.starred ? 'ProjectStarred' : 'ProjectUnstarred', data: { userId } }];
    }
    default:
      return decideSettings(command, state);
  }
}

function createProject(command: CreateProject, state: Project): ProjectEvent[] {
  if (state.status !== 'none') throw conflict('项目已存在');
  const { copied, ...data } = command.data;
  const fields = checkProjectFields(data);
  const events: ProjectEvent[] = [
    { type: 'ProjectCreated', data: { ...data, ...fields } },
    { type: 'ProjectMemberAdded', data: { userId: data.ownerId, role: 'owner' } },
  ];
  if (!copied) return events;
  // A template's settings were checked when it stored them; the script is checked again since limits may change.
  for (const env of copied.environments) events.push({ type: 'EnvironmentAdded', data: env });
  for (const row of copied.responseCodes) events.push({ type: 'ResponseCodeAdded', data: row });
  for (const kind of ['before', 'after'] as const) {
    const content = copied.scripts[kind];
    if (content)
      events.push({
        type: 'ScriptSaved',
        data: { kind, changes: [{ field: 'content', before: '', after: checkScript(content) }] },
      });
  }
  if (data.sourceProjectId) events.push({ type: 'ProjectCopied', data: { sourceProjectId: data.sourceProjectId } });
  return events;
}

const ROLES: ProjectRole[] = ['administrator', 'editor', 'viewer'];

/** A role a manager may give: never owner; administrator only by the owner. */
function checkGivenRole(actorRole: ProjectRole, role: ProjectRole) {
  if (!ROLES.includes(role)) throw invalid(messages.roleInvalid);
  if (role === 'administrator' && actorRole !== 'owner') throw forbidden(messages.ownerOnly);
}

function addMembers(command: AddMembers, state: Project): ProjectEvent[] {
  const { project, role: actorRole } = asManager(state, command.metadata);
  const { role } = command.data;
  checkGivenRole(actorRole, role);
  const userIds = [...new Set(command.data.userIds)];
  if (userIds.length === 0) throw invalid(messages.membersRequired);
  if (userIds.length > 100) throw invalid(messages.tooManyMembers);
  const team = new Set(command.data.teamMemberIds);
  if (userIds.some((userId) => !team.has(userId))) throw invalid(messages.notInTeam);
  return userIds
    .filter((userId) => !project.members.has(userId))
    .map((userId) => ({ type: 'ProjectMemberAdded', data: { userId, role } }));
}

function changeRole(command: ChangeMemberRole, state: Project): ProjectEvent[] {
  const { project, role: actorRole } = asManager(state, command.metadata);
  const { userId, role } = command.data;
  const current = project.members.get(userId);
  if (!current) throw notFound(messages.notAMember);
  if (current === 'owner') throw conflict(messages.ownerRoleFixed);
  checkGivenRole(actorRole, role);
  // Administrators manage editors and viewers; only the owner changes an administrator.
  if (current === 'administrator' && actorRole !== 'owner') throw forbidden(messages.ownerOnly);
  if (current === role) return [];
  return [
    {
      type: 'ProjectMemberRoleChanged',
      data: { userId, role, changes: [{ field: 'role', before: current, after: role }] },
    },
  ];
}

function removeMember(command: RemoveMember, state: Project): ProjectEvent[] {
  const { project, role: actorRole } = asManager(state, command.metadata);
  const { userId } = command.data;
  if (userId === command.metadata.actorId) throw conflict(messages.cannotRemoveSelf);
  const target = project.members.get(userId);
  if (!target) throw notFound(messages.notAMember);
  if (target === 'owner') throw forbidden(messages.cannotRemoveOwner);
  if (target === 'administrator' && actorRole !== 'owner') throw forbidden(messages.ownerOnly);
  return [{ type: 'ProjectMemberRemoved', data: { userId, role: target, reason: 'removed' } }];
}

export const projectDecider: Decider<Project, ProjectCommand, ProjectEvent> = { decide, evolve, initialState };

export { messages };
