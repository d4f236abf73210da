import type { ReadStore } from '@pmbok/infra';
import type { NodeKind } from '../domain/tree/tree.js';
import { type StructureNodeDoc, structureNodes, treeHeads } from '../projections/tree/index.js';

/** A node as the tree call answers it (`StructureNode` of gateway/src/schemas/project.ts). */
export interface NodeView {
  projectStructureId: number;
  parentId: number;
  kind: NodeKind;
  name: string;
  sort: number;
  projectDocId: number;
  method: string;
  path: string;
  status: string;
  isTemplate: boolean;
  updatedAt: number;
}

export const nodeView = (doc: Readonly<StructureNodeDoc>): NodeView => ({
  projectStructureId: doc.projectStructureId,
  parentId: doc.parentId,
  kind: doc.kind,
  name: doc.name,
  sort: doc.sort,
  projectDocId: doc.projectDocId,
  method: doc.method,
  path: doc.path,
  status: doc.status,
  isTemplate: doc.isTemplate,
  updatedAt: doc.updatedAt,
});

interface CachedTree {
  position: number;
  nodes: readonly NodeView[];
  templates: readonly NodeView[];
}

/** Trees remembered; the least recently read are forgotten beyond this many. */
const CACHE_LIMIT = 200;

/**
 * A project's nodes, remembered per project with the position of the last event the read model applied to its
 * tree: a read costs one small lookup while nothing changed, since copying 5,000 node documents out of the read
 * store takes tens of milliseconds. The head is read before the nodes, so a remembered tree is never older than
 * the position it is kept under.
 */
export function createTreeReads(readStore: ReadStore) {
  const cache = new Map<number, CachedTree>();

  async function treeOf(projectId: number): Promise<CachedTree> {
    const position = (await treeHeads(readStore).findOne({ _id: String(projectId) }))?.position ?? 0;
    const cached = cache.get(projectId);
    if (cached && cached.position === position) {
      cache.delete(projectId);
      cache.set(projectId, cached);
      return cached;
    }
    // Viewed, not copied: each node is mapped into a new view right below.
    const docs = [...(await structureNodes(readStore).view({ projectId }))];
    docs.sort((a, b) => a.sort - b.sort || a.projectStructureId - b.projectStructureId);
    const views = docs.map(nodeView);
    const tree = {
      position,
      nodes: views.filter((node) => !node.isTemplate),
      templates: views.filter((node) => node.isTemplate),
    };
    cache.delete(projectId);
    cache.set(projectId, tree);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as number);
    return tree;
  }

  /** One node of the project (a template only when asked for one), or null. */
  async function nodeOf(projectId: number, nodeId: number): Promise<StructureNodeDoc | null> {
    if (!(Number.isSafeInteger(nodeId) && nodeId > 0)) return null;
    const node = await structureNodes(readStore).findOne({ _id: String(nodeId) });
    return node && node.projectId === projectId ? node : null;
  }

  /**
   * The names of the project's shared models, which `$ref: '#/components/schemas/<name>'` may name. Read on every
   * save, so from the read store (copying out only the models) rather than the remembered tree: each save moves the
   * tree's head, and the tree would be copied out whole again. In the order of the `{projectId, kind, name}` index,
   * so the store walks the models alone.
   */
  async function modelNames(projectId: number): Promise<Set<string>> {
    const models = await structureNodes(readStore).find(
      { projectId, kind: 'schema', isTemplate: false },
      { sort: { name: 1 } },
    );
    return new Set(models.map((node) => node.name));
  }

  return { treeOf, nodeOf, modelNames };
}

export type TreeReads = ReturnType<typeof createTreeReads>;
