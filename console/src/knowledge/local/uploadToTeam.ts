import type {
  DocDetail,
  DocSaved,
  Environment,
  KnowledgeProject,
  KnowledgeProjectCreated,
  PreScripts,
  ResponseCode,
  StructureCreated,
  StructureNode,
  StructureTree,
} from '@pmbok/api-types';
import { ApiError, type Body, request } from '../../api/request';
import { localKnowledge } from './handler';
import { treeOrder } from './tree';

export interface UploadProgress {
  done: number;
  total: number;
}

/** A team project call, straight to the server: local mode's handler answers `knowledgeCall` while this runs. */
const server = <T>(call: string, body: Body) => request<T>(`project/${call}`, body, { notify: false });
const local = <T>(call: string, body: Body) => localKnowledge<T>(`project/${call}`, body);

function contentOf(detail: DocDetail) {
  return detail.api ?? detail.page ?? detail.schema;
}

/**
 * "Upload to a team": copies a local project into a new knowledge project of the current team — the project, its
 * tree in order (parents first, so every parent id maps to a node the server already made), each document, the
 * environments, response codes and scripts (still encrypted as the settings screen sent them). The local project
 * stays as it was. Answers the team project's id.
 */
export async function uploadToTeam(
  localProjectId: number,
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<number> {
  const projectId = localProjectId;
  const project = await local<KnowledgeProject>('detail', { projectId });
  const nodes = treeOrder((await local<StructureTree>('projectStructure', { projectId })).nodes);
  const documents = nodes.filter((node) => node.kind !== 'folder');
  const total = 1 + nodes.length + documents.length;
  let done = 0;
  const step = () => onProgress({ done: ++done, total });
  onProgress({ done, total });

  const { name, description, logo, poster, privateType, docPrivateType, versionUpdateType } = project;
  const fields = { name, description, logo, poster, privateType, docPrivateType, versionUpdateType, isTemplate: 0 };
  const created = await server<KnowledgeProjectCreated>('create', fields);
  const target = created.projectId;
  step();
  try {
    await copyContent(projectId, target, nodes, step);
  } catch (error) {
    // a half-copied project in the team helps nobody: it goes, and the local one is still there to retry
    await server('delete', { projectId: target }).catch(() => undefined);
    throw error;
  }
  return target;
}

/** The tree (parents first, so every parent id maps to a node the server already made), documents and settings. */
async function copyContent(projectId: number, target: number, nodes: StructureNode[], step: () => void) {
  const documents = nodes.filter((node) => node.kind !== 'folder');
  const ids = new Map<number, number>([[0, 0]]);
  for (const node of nodes) {
    const body: Body = { projectId: target, parentId: ids.get(node.parentId) ?? 0, kind: node.kind, name: node.name };
    if (node.kind === 'api') Object.assign(body, { method: node.method, path: node.path });
    const added = await server<StructureCreated>('addStructure', body);
    ids.set(node.projectStructureId, added.projectStructureId);
    step();
  }

  for (const node of documents) {
    const detail = await local<DocDetail>('docDetail', { projectId, projectStructureId: node.projectStructureId });
    const save = (baseVersion: number) =>
      server<DocSaved>('saveDoc', {
        projectId: target,
        projectStructureId: ids.get(node.projectStructureId),
        baseVersion,
        doc: JSON.stringify(contentOf(detail)),
      });
    // A new document starts at version 1; should the server start elsewhere, its conflict names the version.
    await save(1).catch((error: unknown) => {
      const current = error instanceof ApiError && error.code === 409 ? (error.data as { current?: DocDetail }) : null;
      if (!current?.current) throw error;
      return save(current.current.version);
    });
    step();
  }

  await copySettings(projectId, target);
}

async function copySettings(projectId: number, target: number): Promise<void> {
  const rows = (list: Environment['variables'] | Environment['headers']) => JSON.stringify(list);
  for (const environment of await local<Environment[]>('projectBaseUrl', { projectId })) {
    const { name, baseUrl, variables, headers } = environment;
    await server('addProjectBaseUrl', {
      projectId: target,
      name,
      baseUrl,
      variables: rows(variables),
      headers: rows(headers),
    });
  }
  for (const { code, meaning, solution } of await local<ResponseCode[]>('projectResponseCode', { projectId })) {
    await server('newResponseCode', { projectId: target, code, meaning, solution });
  }
  const scripts = await local<PreScripts>('projectPreScript', { projectId });
  if (scripts.beforeScript) await server('savePreScriptBefore', { projectId: target, content: scripts.beforeScript });
  if (scripts.afterScript) await server('savePreScriptAfter', { projectId: target, content: scripts.afterScript });
}
