import { type Caller, invalid, notFound } from '@pmbok/infra';
import type { Content, Json } from '../domain/doc/content.js';
import type { NodeKind } from '../domain/tree/tree.js';
import { versionMessages } from '../domain/version/version.js';
import type { ExportedFile, ExportFormat, ExportSource } from '../interchange/model.js';
import { projectDocs } from '../projections/docs/index.js';
import { projectSettings } from '../projections/settings/index.js';
import { projectVersions } from '../projections/versions/index.js';
import type { ProjectContext } from './context.js';
import type { ProjectAt } from './projectAt.js';
import type { TreeReads } from './treeReads.js';

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  'openapi-json',
  'openapi-yaml',
  'swagger-json',
  'swagger-yaml',
  'postman',
  'markdown',
  'html',
];

export const exportMessages = {
  format: '导出格式只能是 openapi-json、openapi-yaml、swagger-json、swagger-yaml、postman、markdown 或 html',
  unknownNode: '要导出的节点不存在或已被删除',
  tooManyNodes: '一次最多选择 20000 个节点',
} as const;

type SourceNode = ExportSource['nodes'][number] & { docId: number };

export interface ExportingDeps {
  reads: TreeReads;
  at: ProjectAt;
  export(source: ExportSource, format: ExportFormat): ExportedFile | Promise<ExportedFile>;
}

const MODEL_REF = '#/components/schemas/';

/** The model names a content's `$ref`s point at, at any depth. */
function modelRefs(value: Json | undefined, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) modelRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(MODEL_REF)) {
        into.add(decodeURIComponent(inner.slice(MODEL_REF.length)));
      } else modelRefs(inner, into);
    }
  }
}

/**
 * The nodes an export of `nodeIds` writes: each chosen node with what is under it, the folders above them (so
 * folder paths survive) and the data models their documents refer to (so the file's `$ref`s resolve).
 */
export function selectNodes(nodes: readonly SourceNode[], nodeIds: readonly number[]): SourceNode[] {
  if (nodeIds.length === 0) return [...nodes];
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const children = new Map<number, SourceNode[]>();
  for (const node of nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  const chosen = new Set<number>();
  const take = (node: SourceNode) => {
    const stack = [node];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (chosen.has(next.nodeId)) continue;
      chosen.add(next.nodeId);
      stack.push(...(children.get(next.nodeId) ?? []));
    }
  };
  for (const nodeId of nodeIds) {
    const node = byId.get(nodeId);
    if (!node) throw notFound(exportMessages.unknownNode);
    take(node);
  }
  const models = new Map(nodes.filter((node) => node.kind === 'schema').map((node) => [node.name, node]));
  const pending = [...chosen].map((id) => byId.get(id)!);
  while (pending.length > 0) {
    const refs = new Set<string>();
    modelRefs(pending.pop()!.content as Json | undefined, refs);
    for (const name of refs) {
      const model = models.get(name);
      if (model && !chosen.has(model.nodeId)) {
        chosen.add(model.nodeId);
        pending.push(model);
      }
    }
  }
  for (const nodeId of [...chosen]) {
    for (let parent = byId.get(byId.get(nodeId)!.parentId); parent; parent = byId.get(parent.parentId)) {
      chosen.add(parent.nodeId);
    }
  }
  return nodes.filter((node) => chosen.has(node.nodeId));
}

/** Export use case (docs/api/publishing.md `project/export`): the whole project, some nodes, or a version. */
export function createExporting(context: ProjectContext, deps: ExportingDeps) {
  const { readStore } = context;

  /** The project now: the read models' tree and documents. */
  async function nodesNow(projectId: number): Promise<SourceNode[]> {
    const { nodes } = await deps.reads.treeOf(projectId);
    // By the indexed project id: an `$in` of thousands of ids is a scan comparing each document with each id.
    const docs = nodes.length ? await projectDocs(readStore).find({ projectId }) : [];
    const contents = new Map<number, Content>(docs.map((doc) => [doc.docId, doc.content]));
    return nodes.map((node) => ({
      nodeId: node.projectStructureId,
      parentId: node.parentId,
      kind: node.kind as NodeKind,
      name: node.name,
      sort: node.sort,
      docId: node.projectDocId,
      content: contents.get(node.projectDocId),
    }));
  }

  /** The project as it was at a version (backend-versions' projectAt). */
  async function nodesAt(projectId: number, versionId: number): Promise<SourceNode[]> {
    const version =
      Number.isSafeInteger(versionId) && versionId > 0
        ? await projectVersions(readStore).findOne({ _id: String(versionId) })
        : null;
    if (!version || version.deleted || version.projectId !== projectId) throw notFound(versionMessages.notFound);
    const nodes = await deps.at.projectAt(projectId, version.position);
    return nodes.map((node) => ({
      nodeId: node.nodeId,
      parentId: node.parentId,
      kind: node.kind,
      name: node.name,
      sort: node.sort,
      docId: node.docId,
      content: node.content,
    }));
  }

  return {
    async exportProject(
      projectId: number,
      input: { format: string; nodeIds: number[]; versionId: number },
      caller: Pick<Caller, 'userId'>,
    ): Promise<ExportedFile> {
      const { project } = await context.readable(projectId, caller);
      if (!EXPORT_FORMATS.includes(input.format as ExportFormat)) throw invalid(exportMessages.format);
      if (input.nodeIds.length > 20_000) throw invalid(exportMessages.tooManyNodes);
      const all = input.versionId ? await nodesAt(projectId, input.versionId) : await nodesNow(projectId);
      const chosen = selectNodes(all, input.nodeIds);
      const settings = await projectSettings(readStore).findOne({ _id: String(projectId) });
      const servers = (settings?.environments ?? [])
        .filter((env) => env.baseUrl)
        .sort((a, b) => a.sort - b.sort)
        .map((env) => ({ name: env.name, url: env.baseUrl }));
      const source: ExportSource = {
        project: { name: project.name, description: project.description, servers },
        nodes: chosen.map(({ docId: _docId, ...node }) => node),
      };
      return deps.export(source, input.format as ExportFormat);
    },
  };
}

export type ExportingUseCases = ReturnType<typeof createExporting>;
