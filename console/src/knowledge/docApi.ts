import type {
  ApiDoc,
  DocDetail,
  DocSaved,
  Environment,
  KnowledgeMember,
  NodeKind,
  PageDoc,
  ProjectUserInfo,
  SaveConflict,
  SchemaDoc,
  SearchHits,
  StructureCreated,
  StructureTree,
} from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/request';
import { isValidProjectId, knowledgeCall } from './transport';

// The answers' types are the gateway's response schemas (type-only: nothing of the gateway is bundled).
export type {
  ApiDoc,
  ApiResponse,
  DocDetail,
  DocSaved,
  Environment,
  LinkedTask,
  NodeKind,
  PageDoc,
  Parameter,
  RequestBody,
  SaveConflict,
  SchemaDoc,
  SearchHit,
  SearchHits,
  StructureCreated,
  StructureNode,
  StructureTree,
} from '@pmbok/api-types';

/** The code `project/saveDoc` answers when someone saved a newer version since `baseVersion`. */
export const SAVE_CONFLICT = 409;

/** Query keys: everything of one project's documents sits under ['knowledgeDocs', id] and refreshes together. */
export const docKeys = {
  project: (projectId: number) => ['knowledgeDocs', projectId] as const,
  tree: (projectId: number) => ['knowledgeDocs', projectId, 'tree'] as const,
  doc: (projectId: number, projectStructureId: number) =>
    ['knowledgeDocs', projectId, 'doc', projectStructureId] as const,
  search: (projectId: number, keyword: string) => ['knowledgeDocs', projectId, 'search', keyword] as const,
  me: (projectId: number) => ['knowledgeDocs', projectId, 'me'] as const,
  environments: (projectId: number) => ['knowledgeDocs', projectId, 'environments'] as const,
};

const EMPTY_TREE: StructureTree = { nodes: [] };

export const projectStructure = (projectId: number) =>
  knowledgeCall<StructureTree>('projectStructure', { projectId }, { stub: EMPTY_TREE, notify: false });

export interface NewNode {
  parentId: number;
  kind: NodeKind;
  name: string;
  templateId?: number;
  method?: string;
  path?: string;
}

export const addStructure = (projectId: number, node: NewNode) =>
  knowledgeCall<StructureCreated>('addStructure', { projectId, ...node });

/** Rename. */
export const updateStructure = (projectId: number, projectStructureId: number, name: string) =>
  knowledgeCall<null>('updateStructure', { projectId, projectStructureId, name });

export const copyStructure = (projectId: number, projectStructureId: number, parentId?: number) =>
  knowledgeCall<StructureCreated>('copyStructure', { projectId, projectStructureId, parentId });

export const deleteStructure = (projectId: number, projectStructureId: number) =>
  knowledgeCall<null>('deleteStructure', { projectId, projectStructureId });

export interface DropPlace {
  projectStructureId: number;
  parentId: number;
  sort: number;
}

export const structureDropUpdate = (projectId: number, dropResult: DropPlace[]) =>
  knowledgeCall<null>('structureDropUpdate', { projectId, dropResult: JSON.stringify(dropResult) });

export const docDetail = (projectId: number, projectStructureId: number) =>
  knowledgeCall<DocDetail>('docDetail', { projectId, projectStructureId }, { notify: false });

export type DocContent = ApiDoc | PageDoc | SchemaDoc;

/**
 * Saves on `baseVersion`. A newer save by someone else rejects with an ApiError of code 409 whose `data` is the
 * `SaveConflict` (see `conflictOf`); the caller keeps the user's text and offers to merge.
 */
export const saveDoc = (
  projectId: number,
  projectStructureId: number,
  baseVersion: number,
  doc: DocContent,
  name?: string,
) => knowledgeCall<DocSaved>('saveDoc', { projectId, projectStructureId, baseVersion, doc: JSON.stringify(doc), name });

/** The conflict of a refused save, or null for any other error. */
export function conflictOf(error: unknown): { message: string; conflict: SaveConflict } | null {
  if (!(error instanceof ApiError) || error.code !== SAVE_CONFLICT) return null;
  const data = error.data as SaveConflict | undefined;
  return data?.current ? { message: error.message, conflict: data } : null;
}

export const searchDoc = (projectId: number, keyword: string) =>
  knowledgeCall<SearchHits>('searchDoc', { projectId, keyword }, { stub: { list: [] } });

export interface TaskRef {
  taskProjectId: number;
  taskId: number;
}

export const linkTask = (projectId: number, projectStructureId: number, task: TaskRef) =>
  knowledgeCall<null>('linkTask', { projectId, projectStructureId, ...task });

export const unlinkTask = (projectId: number, projectStructureId: number, task: TaskRef) =>
  knowledgeCall<null>('unlinkTask', { projectId, projectStructureId, ...task });

export const saveTemplateApi = (projectId: number, projectStructureId: number, name?: string) =>
  knowledgeCall<StructureCreated>('saveTemplateApi', { projectId, projectStructureId, name });

/** The tree, flat as the server keeps it. */
export function useProjectStructure(projectId: number) {
  return useQuery({
    queryKey: docKeys.tree(projectId),
    queryFn: () => projectStructure(projectId),
    enabled: isValidProjectId(projectId),
    retry: false,
  });
}

export function useDocDetail(projectId: number, projectStructureId: number | null) {
  return useQuery({
    queryKey: docKeys.doc(projectId, projectStructureId ?? 0),
    queryFn: () => docDetail(projectId, projectStructureId ?? 0),
    enabled: isValidProjectId(projectId) && !!projectStructureId,
    retry: false,
  });
}

export function useSearchDoc(projectId: number, keyword: string) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: docKeys.search(projectId, trimmed),
    queryFn: () => searchDoc(projectId, trimmed),
    enabled: isValidProjectId(projectId) && trimmed.length > 0,
    staleTime: 10_000,
  });
}

/** What the caller may do here: viewers and team readers get no edit controls. */
export function useProjectMe(projectId: number) {
  return useQuery({
    queryKey: docKeys.me(projectId),
    queryFn: () => knowledgeCall<ProjectUserInfo>('projectUser/projectUserInfo', { projectId }, { notify: false }),
    enabled: isValidProjectId(projectId),
    retry: false,
  });
}

/** The project's environments, for the document view's base URL. */
export function useEnvironments(projectId: number) {
  return useQuery({
    queryKey: docKeys.environments(projectId),
    queryFn: () => knowledgeCall<Environment[]>('projectBaseUrl', { projectId }, { notify: false, stub: [] }),
    enabled: isValidProjectId(projectId),
  });
}

/** The project's members, for names (a document's owner). */
export function useMembers(projectId: number) {
  return useQuery({
    queryKey: ['knowledgeDocs', projectId, 'members'] as const,
    queryFn: () => knowledgeCall<KnowledgeMember[]>('projectUser', { projectId }, { notify: false, stub: [] }),
    enabled: isValidProjectId(projectId),
    staleTime: 60_000,
  });
}
