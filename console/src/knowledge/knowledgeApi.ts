import type {
  DocPrivateType,
  Environment,
  EnvironmentCreated,
  KnowledgeMember,
  KnowledgeProject,
  KnowledgeProjectCreated,
  KnowledgeRole,
  PreScripts,
  PrivateType,
  ProjectSettings,
  ProjectUserInfo,
  ResponseCode,
  ResponseCodeCreated,
  StructureNode,
  TeamCandidate,
  VersionUpdateType,
} from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { knowledgeCall } from './transport';

// The answers' types are the gateway's response schemas (type-only: nothing of the gateway is bundled).
export type {
  DocPrivateType,
  Environment,
  KnowledgeMember,
  KnowledgeProject,
  KnowledgeRole,
  PrivateType,
  ProjectSettings,
  ProjectUserInfo,
  ResponseCode,
  StructureNode,
  TeamCandidate,
  VersionUpdateType,
} from '@pmbok/api-types';

/** The caller's role in a project; empty when they only see it as a member of the team. */
export type MyRole = KnowledgeProject['myRole'];

/** docs/api/knowledge.md: owners and administrators manage settings and members; viewers only read. */
export const canManage = (role: MyRole | undefined) => role === 'owner' || role === 'administrator';

/** Query keys: everything of one project sits under ['knowledgeProject', id] and refreshes together. */
export const knowledgeKeys = {
  all: ['knowledgeProjects'] as const,
  list: (teamId: number | null, keyword = '') => ['knowledgeProjects', teamId, 'list', keyword] as const,
  templates: (teamId: number | null) => ['knowledgeProjects', teamId, 'templates'] as const,
  project: (projectId: number) => ['knowledgeProject', projectId] as const,
  detail: (projectId: number) => ['knowledgeProject', projectId, 'detail'] as const,
  settings: (projectId: number) => ['knowledgeProject', projectId, 'settings'] as const,
  me: (projectId: number) => ['knowledgeProject', projectId, 'me'] as const,
  members: (projectId: number) => ['knowledgeProject', projectId, 'members'] as const,
  candidates: (projectId: number) => ['knowledgeProject', projectId, 'candidates'] as const,
  environments: (projectId: number) => ['knowledgeProject', projectId, 'environments'] as const,
  responseCodes: (projectId: number) => ['knowledgeProject', projectId, 'responseCodes'] as const,
  scripts: (projectId: number) => ['knowledgeProject', projectId, 'scripts'] as const,
  apiTemplates: (projectId: number) => ['knowledgeProject', projectId, 'apiTemplates'] as const,
};

/** The fields of `project/create` and `project/update`. */
export interface ProjectFields {
  name: string;
  description: string;
  logo: string;
  poster: number;
  privateType: PrivateType;
  docPrivateType: DocPrivateType;
  versionUpdateType: VersionUpdateType;
}

/** A name and value row of an environment's common headers. */
export type NameValue = Environment['headers'][number];
/** A variable: a row that may be secret (masked in test reports, docs/api/tests.md). */
export type EnvironmentVariable = Environment['variables'][number];

export interface EnvironmentFields {
  name: string;
  baseUrl: string;
  variables: EnvironmentVariable[];
  headers: NameValue[];
}

export interface ResponseCodeFields {
  code: string;
  meaning: string;
  solution: string;
}

const quiet = { notify: false };

export const knowledgeApi = {
  // projects
  list: (keyword = '') => knowledgeCall<KnowledgeProject[]>('list', keyword ? { keyword } : {}),
  templates: () => knowledgeCall<KnowledgeProject[]>('templates'),
  create: (fields: ProjectFields & { isTemplate?: boolean }) =>
    knowledgeCall<KnowledgeProjectCreated>('create', { ...fields, isTemplate: fields.isTemplate ? 1 : 0 }),
  createByTemplate: (templateProjectId: number, name?: string) =>
    knowledgeCall<KnowledgeProjectCreated>('createByTemplate', { templateProjectId, name }),
  update: (projectId: number, fields: Partial<ProjectFields>) =>
    knowledgeCall<null>('update', { projectId, ...fields }),
  remove: (projectId: number) => knowledgeCall<null>('delete', { projectId }),
  // a refusal (not found, no access) is the page's to show, not a toast
  detail: (projectId: number) => knowledgeCall<KnowledgeProject>('detail', { projectId }, quiet),
  leave: (projectId: number) => knowledgeCall<null>('deleteProjectUser', { projectId }),
  star: (projectId: number, starred: boolean) =>
    knowledgeCall<null>(starred ? 'starProject' : 'cancelStarProject', { projectId }),
  settings: (projectId: number) => knowledgeCall<ProjectSettings>('setting', { projectId }, quiet),

  // members
  members: (projectId: number) => knowledgeCall<KnowledgeMember[]>('projectUser', { projectId }, { stub: [] }),
  addMembers: (projectId: number, userIds: number[], role: KnowledgeRole = 'editor') =>
    knowledgeCall<null>('batchCreateProjectUser', { projectId, userIds: JSON.stringify(userIds), role }),
  changeRole: (projectId: number, userId: number, role: KnowledgeRole) =>
    knowledgeCall<null>('updateProjectUser', { projectId, userId, role }),
  removeMember: (projectId: number, userId: number) =>
    knowledgeCall<null>('deleteOtherProjectUser', { projectId, userId }),
  candidates: (projectId: number) =>
    knowledgeCall<TeamCandidate[]>('projectUser/teamInfo', { projectId }, { stub: [] }),
  me: (projectId: number) => knowledgeCall<ProjectUserInfo>('projectUser/projectUserInfo', { projectId }, quiet),

  // environments (base URLs)
  environments: (projectId: number) => knowledgeCall<Environment[]>('projectBaseUrl', { projectId }, { stub: [] }),
  addEnvironment: (projectId: number, fields: EnvironmentFields) =>
    knowledgeCall<EnvironmentCreated>('addProjectBaseUrl', { projectId, ...environmentBody(fields) }),
  updateEnvironment: (projectId: number, projectConfigId: number, fields: EnvironmentFields) =>
    knowledgeCall<null>('updateProjectBaseUrl', { projectId, projectConfigId, ...environmentBody(fields) }),
  removeEnvironment: (projectId: number, projectConfigId: number) =>
    knowledgeCall<null>('deleteBaseUrl', { projectId, projectConfigId }),

  // response codes
  responseCodes: (projectId: number) =>
    knowledgeCall<ResponseCode[]>('projectResponseCode', { projectId }, { stub: [] }),
  addResponseCode: (projectId: number, fields: ResponseCodeFields) =>
    knowledgeCall<ResponseCodeCreated>('newResponseCode', { projectId, ...fields }),
  updateResponseCode: (projectId: number, responseCodeId: number, fields: ResponseCodeFields) =>
    knowledgeCall<null>('updateResponseCode', { projectId, responseCodeId, ...fields }),
  removeResponseCode: (projectId: number, responseCodeId: number) =>
    knowledgeCall<null>('deleteResponseCode', { projectId, responseCodeId }),

  // scripts: encrypted by the caller (scriptCipher.ts), as they travel
  scripts: (projectId: number) =>
    knowledgeCall<PreScripts>('projectPreScript', { projectId }, { stub: { beforeScript: '', afterScript: '' } }),
  saveScript: (projectId: number, which: 'before' | 'after', encrypted: string) =>
    knowledgeCall<null>(which === 'before' ? 'savePreScriptBefore' : 'savePreScriptAfter', {
      projectId,
      content: encrypted,
    }),

  // API templates
  apiTemplates: (projectId: number) =>
    knowledgeCall<StructureNode[]>('projectTemplateApi', { projectId }, { stub: [] }),
  removeApiTemplate: (projectId: number, projectStructureId: number) =>
    knowledgeCall<null>('deleteProjectTemplateApi', { projectId, projectStructureId }),
};

/** Variables and headers travel as JSON text in one form field each (docs/api/knowledge.md). */
function environmentBody({ name, baseUrl, variables, headers }: EnvironmentFields) {
  const rows = (list: NameValue[]) => JSON.stringify(list.filter((row) => row.name.trim()));
  return { name, baseUrl, variables: rows(variables), headers: rows(headers) };
}

export function useProjectDetail(projectId: number) {
  return useQuery({
    queryKey: knowledgeKeys.detail(projectId),
    queryFn: () => knowledgeApi.detail(projectId),
    retry: false,
    enabled: projectId > 0,
  });
}
