import { type DomainEvent, type PublishedEvent, streamId } from '@pmbok/infra';
import type {
  FieldChange,
  PrivateType,
  ProjectEvents,
  ProjectFields,
  ProjectRole,
} from '@pmbok/project-service/events';

export type {
  DocPrivateType,
  FieldChange,
  PrivateType,
  ProjectFields,
  ProjectRole,
  VersionUpdateType,
} from '@pmbok/project-service/events';

export type ScriptKind = 'before' | 'after';

export interface NameValue {
  name: string;
  value: string;
  description: string;
  /** An environment's variable shown as ****** in test reports; stored only when true (headers never have it). */
  secret?: boolean;
}

/** A named environment (`projectConfigId`): a base URL with its variables and common headers. */
export interface EnvironmentData {
  projectConfigId: number;
  name: string;
  baseUrl: string;
  variables: NameValue[];
  headers: NameValue[];
  sort: number;
}

export interface ResponseCodeData {
  responseCodeId: number;
  code: string;
  meaning: string;
  solution: string;
}

// What other services read is declared in the published contract (src/published.d.ts); settings stay inside.
export type ProjectCreated = PublishedEvent<ProjectEvents, 'ProjectCreated'>;
export type ProjectUpdated = PublishedEvent<ProjectEvents, 'ProjectUpdated'>;
export type ProjectDeleted = PublishedEvent<ProjectEvents, 'ProjectDeleted'>;
export type ProjectMemberAdded = PublishedEvent<ProjectEvents, 'ProjectMemberAdded'>;
export type ProjectMemberRoleChanged = PublishedEvent<ProjectEvents, 'ProjectMemberRoleChanged'>;
export type ProjectMemberRemoved = PublishedEvent<ProjectEvents, 'ProjectMemberRemoved'>;
export type ProjectCopied = PublishedEvent<ProjectEvents, 'ProjectCopied'>;
export type ProjectStarred = DomainEvent<'ProjectStarred', { userId: number }>;
export type ProjectUnstarred = DomainEvent<'ProjectUnstarred', { userId: number }>;
export type EnvironmentAdded = DomainEvent<'EnvironmentAdded', EnvironmentData>;
/** `changes` names the fields of EnvironmentData that changed. */
export type EnvironmentUpdated = DomainEvent<'EnvironmentUpdated', { projectConfigId: number; changes: FieldChange[] }>;
export type EnvironmentRemoved = DomainEvent<'EnvironmentRemoved', { projectConfigId: number; name: string }>;
export type ResponseCodeAdded = DomainEvent<'ResponseCodeAdded', ResponseCodeData>;
export type ResponseCodeUpdated = DomainEvent<
  'ResponseCodeUpdated',
  { responseCodeId: number; changes: FieldChange[] }
>;
export type ResponseCodeRemoved = DomainEvent<'ResponseCodeRemoved', { responseCodeId: number; code: string }>;
/** One change, field `content`: the script before and after. */
export type ScriptSaved = DomainEvent<'ScriptSaved', { kind: ScriptKind; changes: FieldChange[] }>;

export type ProjectEvent =
  | ProjectCreated
  | ProjectUpdated
  | ProjectDeleted
  | ProjectMemberAdded
  | ProjectMemberRoleChanged
  | ProjectMemberRemoved
  | ProjectCopied
  | ProjectStarred
  | ProjectUnstarred
  | EnvironmentAdded
  | EnvironmentUpdated
  | EnvironmentRemoved
  | ResponseCodeAdded
  | ResponseCodeUpdated
  | ResponseCodeRemoved
  | ScriptSaved;

export type ExistingProject = ProjectFields & {
  status: 'active' | 'deleted';
  projectId: number;
  teamId: number;
  ownerId: number;
  sourceProjectId: number;
  members: ReadonlyMap<number, ProjectRole>;
  stars: ReadonlySet<number>;
  environments: ReadonlyMap<number, EnvironmentData>;
  responseCodes: ReadonlyMap<number, ResponseCodeData>;
  scripts: Readonly<Record<ScriptKind, string>>;
};
export type Project = { status: 'none' } | ExistingProject;

export const initialState = (): Project => ({ status: 'none' });
/** One stream per project: `project-<projectId>`. */
export const projectStreamId = (projectId: number) => streamId('project', projectId);

/** The record with each change's `after` applied; fields it does not have are ignored. */
export function applyChanges<T extends object>(record: T, changes: readonly FieldChange[]): T {
  const next = { ...record } as Record<string, unknown>;
  for (const { field, after } of changes) if (field in next) next[field] = after;
  return next as T;
}

/** The changes from `before` to `after` over the given fields (deep equality for lists). */
export function diff<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): FieldChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const edit = <K extends 'members' | 'stars' | 'environments' | 'responseCodes'>(
  state: Project,
  key: K,
  change: (value: ExistingProject[K]) => ExistingProject[K],
): Project => (state.status === 'none' ? state : { ...state, [key]: change(state[key]) });

const mapWith = <V>(map: ReadonlyMap<number, V>, id: number, value?: V) => {
  const next = new Map(map);
  if (value === undefined) next.delete(id);
  else next.set(id, value);
  return next;
};

export function evolve(state: Project, event: ProjectEvent): Project {
  switch (event.type) {
    case 'ProjectCreated':
      return {
        ...event.data,
        status: 'active',
        members: new Map(),
        stars: new Set(),
        environments: new Map(),
        responseCodes: new Map(),
        scripts: { before: '', after: '' },
      };
    case 'ProjectUpdated':
      return state.status === 'none' ? state : applyChanges(state, event.data.changes);
    case 'ProjectDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'ProjectMemberAdded':
    case 'ProjectMemberRoleChanged':
      return edit(state, 'members', (m) => mapWith(m, event.data.userId, event.data.role));
    case 'ProjectMemberRemoved':
      return edit(state, 'members', (m) => mapWith(m, event.data.userId));
    case 'ProjectCopied':
      return state;
    case 'ProjectStarred':
      return edit(state, 'stars', (stars) => new Set([...stars, event.data.userId]));
    case 'ProjectUnstarred':
      return edit(state, 'stars', (stars) => new Set([...stars].filter((id) => id !== event.data.userId)));
    case 'EnvironmentAdded':
      return edit(state, 'environments', (m) => mapWith(m, event.data.projectConfigId, event.data));
    case 'EnvironmentUpdated':
      return edit(state, 'environments', (m) => {
        const current = m.get(event.data.projectConfigId);
        return current ? mapWith(m, current.projectConfigId, applyChanges(current, event.data.changes)) : m;
      });
    case 'EnvironmentRemoved':
      return edit(state, 'environments', (m) => mapWith(m, event.data.projectConfigId));
    case 'ResponseCodeAdded':
      return edit(state, 'responseCodes', (m) => mapWith(m, event.data.responseCodeId, event.data));
    case 'ResponseCodeUpdated':
      return edit(state, 'responseCodes', (m) => {
        const current = m.get(event.data.responseCodeId);
        return current ? mapWith(m, current.responseCodeId, applyChanges(current, event.data.changes)) : m;
      });
    case 'ResponseCodeRemoved':
      return edit(state, 'responseCodes', (m) => mapWith(m, event.data.responseCodeId));
    case 'ScriptSaved': {
      if (state.status === 'none') return state;
      const content = event.data.changes.find((c) => c.field === 'content')?.after;
      return { ...state, scripts: { ...state.scripts, [event.data.kind]: String(content ?? '') } };
    }
  }
}

/**
 * Who sees a project (docs/api/knowledge.md): nobody once deleted; otherwise only people in its team now, and of
 * those its members, or everyone when `privateType` is `team` (read only unless a member). Leaving the team
 * ends access even for a member, the owner included. A template is read by its whole team, which previews and
 * copies it. Answers the role ('' for a team reader), or null.
 */
export function accessOf(input: {
  active: boolean;
  privateType: PrivateType;
  isTemplate: boolean;
  role: ProjectRole | undefined;
  inTeam: boolean;
}): ProjectRole | '' | null {
  if (!input.active || !input.inTeam) return null;
  if (input.role) return input.role;
  return input.isTemplate || visibleToTeam(input.privateType) ? '' : null;
}

/** `accessOf` for a user of a folded project. */
export const roleIn = (project: Project, userId: number, inTeam: boolean): ProjectRole | '' | null =>
  project.status === 'none' || !userId
    ? null
    : accessOf({
        active: project.status === 'active',
        privateType: project.privateType,
        isTemplate: project.isTemplate,
        role: project.members.get(userId),
        inTeam,
      });

export const visibleToTeam = (privateType: PrivateType) => privateType === 'team';
export const canWrite = (role: ProjectRole | '') => role === 'owner' || role === 'administrator' || role === 'editor';
export const canManage = (role: ProjectRole | '') => role === 'owner' || role === 'administrator';
