import type {
  DocDetail,
  ExportFile,
  ExportFormat,
  HistoryPage,
  ImportFormat,
  ImportPreview,
  ImportResult,
  ImportSchedule,
  ProjectVersionPage,
  PublicTree,
  RestoreResult,
  SearchHits,
  ShareAccess,
  ShareLink,
  ShareLinkInfo,
  ShareLinkList,
  StructureTree,
  VersionCreated,
  VersionDiff,
} from '@pmbok/api-types';
import { request } from '../../api/request';
import { knowledgeCall } from '../transport';

/**
 * Every publishing call of docs/api/publishing.md (import and export, versions, history, share links), typed by the
 * gateway's answer schemas. The screens of console/src/knowledge/publishing/** import from here only.
 */

// The answers' types are the gateway's response schemas (type-only: nothing of the gateway is bundled).
export type {
  DocDiff,
  ExportFile,
  ExportFormat,
  FieldDiff,
  HistoryEntry,
  HistoryPage,
  ImportFormat,
  ImportItem,
  ImportPreview,
  ImportProblem,
  ImportResult,
  ImportSchedule,
  ProjectVersion,
  ProjectVersionPage,
  PublicTree,
  RestoreResult,
  ShareAccess,
  ShareLink,
  ShareLinkInfo,
  ShareLinkList,
  VersionCreated,
  VersionDiff,
} from '@pmbok/api-types';

/** Query keys: everything publishing of one project sits under ['knowledgePublishing', id]. */
export const publishingKeys = {
  project: (projectId: number) => ['knowledgePublishing', projectId] as const,
  schedules: (projectId: number) => ['knowledgePublishing', projectId, 'schedules'] as const,
  versions: (projectId: number, page = 1, pageSize = 20) =>
    ['knowledgePublishing', projectId, 'versions', page, pageSize] as const,
  compare: (projectId: number, fromVersionId: number, toVersionId: number) =>
    ['knowledgePublishing', projectId, 'compare', fromVersionId, toVersionId] as const,
  versionStructure: (projectId: number, versionId: number) =>
    ['knowledgePublishing', projectId, 'versionStructure', versionId] as const,
  versionDoc: (projectId: number, versionId: number, projectStructureId: number) =>
    ['knowledgePublishing', projectId, 'versionDoc', versionId, projectStructureId] as const,
  history: (projectId: number, filter: HistoryFilter = {}) =>
    ['knowledgePublishing', projectId, 'history', filter] as const,
  shares: (projectId: number) => ['knowledgePublishing', projectId, 'shares'] as const,
  shareInfo: (token: string) => ['knowledgeShare', token, 'info'] as const,
  publicTree: (token: string, access = '') => ['knowledgeShare', token, 'tree', access] as const,
  publicDoc: (token: string, projectStructureId: number, access = '') =>
    ['knowledgeShare', token, 'doc', projectStructureId, access] as const,
  publicSearch: (token: string, keyword: string, access = '') =>
    ['knowledgeShare', token, 'search', keyword, access] as const,
};

// ---- import and export ----

/** One source of an import: a file's text (with its name, for the format) or a URL the server fetches. */
export type ImportSource = { content: string; fileName?: string } | { url: string };

export interface ImportRequest {
  /** 0: into a new project. */
  projectId: number;
  format: ImportFormat | 'auto';
  source: ImportSource;
}

const importBody = ({ projectId, format, source }: ImportRequest) => ({
  projectId,
  format,
  ...('url' in source ? { url: source.url } : { content: source.content, fileName: source.fileName }),
});

// A refused source (bad YAML at line 3, a private URL) is the dialog's to show next to the input, not a toast.
const quiet = { notify: false };

/**
 * The server fetches a URL within 10 s and parses up to 20 MB, and an import, export or restore writes or reads a
 * whole project: these calls wait up to two minutes instead of the client's usual five seconds.
 */
const LONG = 120_000;
const quietLong = { notify: false, timeoutMs: LONG };
const long = { timeoutMs: LONG };

export const importPreview = (req: ImportRequest) =>
  knowledgeCall<ImportPreview>('importPreview', importBody(req), quietLong);

/** `planHash` from the preview: the server refuses the import when the source changed since. */
export const importApply = (req: ImportRequest & { planHash?: string; name?: string }) =>
  knowledgeCall<ImportResult>('import', { ...importBody(req), planHash: req.planHash, name: req.name }, quietLong);

/** Puts back everything one change (an import, a restore) wrote, as a new change. */
export const revertChange = (projectId: number, changeId: string) =>
  knowledgeCall<RestoreResult>('revertChange', { projectId, changeId }, long);

export const importSchedules = (projectId: number) =>
  knowledgeCall<ImportSchedule[]>('importSchedules', { projectId }, { stub: [], notify: false });

export interface ScheduleFields {
  url: string;
  format: ImportFormat | 'auto';
  /** 60–10080. */
  intervalMinutes: number;
  enabled: boolean;
}

/** `scheduleId` absent: a new schedule. */
export const saveImportSchedule = (projectId: number, fields: ScheduleFields, scheduleId?: number) =>
  knowledgeCall<{ scheduleId: number }>('saveImportSchedule', {
    projectId,
    scheduleId,
    url: fields.url,
    format: fields.format,
    intervalMinutes: fields.intervalMinutes,
    enabled: fields.enabled ? 1 : 0,
  });

export const deleteImportSchedule = (projectId: number, scheduleId: number) =>
  knowledgeCall<null>('deleteImportSchedule', { projectId, scheduleId });

export interface ExportRequest {
  projectId: number;
  format: ExportFormat;
  /** Folders take what is under them; empty: the whole project. */
  nodeIds?: number[];
  /** Export the project as at a version. */
  versionId?: number;
}

export const exportProject = ({ projectId, format, nodeIds, versionId }: ExportRequest) =>
  knowledgeCall<ExportFile>(
    'export',
    {
      projectId,
      format,
      nodeIds: nodeIds?.length ? JSON.stringify(nodeIds) : undefined,
      versionId: versionId || undefined,
    },
    long,
  );

// ---- versions ----

export const projectVersions = (projectId: number, page = 1, pageSize = 20) =>
  knowledgeCall<ProjectVersionPage>(
    'projectVersions',
    { projectId, page, pageSize },
    { stub: { list: [], count: 0, pages: 0 }, notify: false },
  );

export const saveProjectVersion = (projectId: number, name: string, notes = '') =>
  knowledgeCall<VersionCreated>('saveProjectVersion', { projectId, name, notes });

export const deleteVersion = (projectId: number, versionId: number) =>
  knowledgeCall<null>('deleteVersion', { projectId, versionId });

/** `toVersionId` 0: compare with the project as it is now. */
export const compareVersions = (projectId: number, fromVersionId: number, toVersionId = 0) =>
  knowledgeCall<VersionDiff>('compareVersions', { projectId, fromVersionId, toVersionId }, quietLong);

export const versionStructure = (projectId: number, versionId: number) =>
  knowledgeCall<StructureTree>('versionStructure', { projectId, versionId }, quiet);

export const versionDoc = (projectId: number, versionId: number, projectStructureId: number) =>
  knowledgeCall<DocDetail>('versionDoc', { projectId, versionId, projectStructureId }, quiet);

/** `projectStructureId` absent: the whole project. */
export const restoreVersion = (projectId: number, versionId: number, projectStructureId?: number) =>
  knowledgeCall<RestoreResult>('restoreVersion', { projectId, versionId, projectStructureId }, long);

// ---- change history ----

export interface HistoryFilter {
  projectStructureId?: number;
  userId?: number;
  /** Epoch ms. */
  from?: number;
  to?: number;
  page?: number;
  pageSize?: number;
}

export const history = (projectId: number, filter: HistoryFilter = {}) =>
  knowledgeCall<HistoryPage>(
    'history',
    { projectId, ...filter },
    { stub: { list: [], count: 0, pages: 0 }, notify: false },
  );

export const restoreDoc = (projectId: number, projectStructureId: number, entryId: number) =>
  knowledgeCall<RestoreResult>('restoreDoc', { projectId, projectStructureId, entryId }, long);

// ---- share links ----

export interface ShareFields {
  name?: string;
  /** Empty or absent: the whole project. */
  nodeIds?: number[];
  versionId?: number;
  password?: string;
  /** Epoch ms, in the future. */
  expiresAt?: number;
}

export const shares = (projectId: number) =>
  knowledgeCall<ShareLinkList>('shares', { projectId }, { stub: { list: [] }, notify: false });

export const createShare = (projectId: number, fields: ShareFields) =>
  knowledgeCall<ShareLink>('createShare', {
    projectId,
    name: fields.name || undefined,
    nodeIds: fields.nodeIds?.length ? JSON.stringify(fields.nodeIds) : undefined,
    versionId: fields.versionId || undefined,
    password: fields.password || undefined,
    expiresAt: fields.expiresAt || undefined,
  });

export const revokeShare = (projectId: number, shareId: number) =>
  knowledgeCall<null>('revokeShare', { projectId, shareId });

// The public reads go to the server even in local mode (a reader without an account opens someone's link), and
// their refusals (expired link, wrong password) are the public page's to show.
export const shareInfo = (token: string) => request<ShareLinkInfo>('project/shareInfo', { token }, quiet);

export const shareUnlock = (token: string, password: string) =>
  request<ShareAccess>('project/shareUnlock', { token, password }, quiet);

export const publicStructure = (token: string, access?: string) =>
  request<PublicTree>('project/projectStructure', { isPublic: true, token, access: access || undefined }, quiet);

export const publicDoc = (token: string, projectStructureId: number, access?: string) =>
  request<DocDetail>('project/publicDoc', { token, projectStructureId, access: access || undefined }, quiet);

export const publicSearch = (token: string, keyword: string, access?: string) =>
  request<SearchHits>('project/publicSearch', { token, keyword, access: access || undefined }, quiet);

/** The grouped form, for callers that like `publishingApi.importPreview(...)`. */
export const publishingApi = {
  importPreview,
  importApply,
  revertChange,
  importSchedules,
  saveImportSchedule,
  deleteImportSchedule,
  exportProject,
  projectVersions,
  saveProjectVersion,
  deleteVersion,
  compareVersions,
  versionStructure,
  versionDoc,
  restoreVersion,
  history,
  restoreDoc,
  shares,
  createShare,
  revokeShare,
  shareInfo,
  shareUnlock,
  publicStructure,
  publicDoc,
  publicSearch,
};
