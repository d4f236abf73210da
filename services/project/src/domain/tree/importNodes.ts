import { conflict, invalid } from '@pmbok/infra';
import { getNode, nodesOf } from './nodeMap.js';
import { checkKind, checkName, checkParent, SORT_MAX, TREE_MAX, treeMessages } from './rules.js';
import type { NewNode, Tree, TreeEvent } from './tree.js';

/**
 * Nodes an import adds to a tree in one event (a 5,000-operation description is one tree append, not 5,000),
 * parents before children: each parent is the root, a folder of the tree, or a folder earlier in the list. Their
 * documents are created in their own streams after it, as for copies.
 */
export type AddImportedNodes = {
  type: 'AddImportedNodes';
  data: { nodes: { nodeId: number; parentId: number; kind: string; name: string; docId: number }[] };
};

export function addImportedNodes({ data }: AddImportedNodes, tree: Tree): TreeEvent[] {
  const wanted = Array.isArray(data.nodes) ? data.nodes : [];
  if (wanted.length === 0) return [];
  // A retried import drew the same ids: its nodes are there already.
  if (getNode(tree.nodes, wanted[0]!.nodeId)) return [];
  if (tree.nodes.size + wanted.length > TREE_MAX) throw conflict(treeMessages.tooManyNodes);
  const lastSort = new Map<number, number>();
  for (const node of nodesOf(tree.nodes)) {
    if (!node.isTemplate && node.sort > (lastSort.get(node.parentId) ?? -1)) lastSort.set(node.parentId, node.sort);
  }
  const newFolders = new Set<number>();
  const nodes: NewNode[] = wanted.map((input) => {
    const kind = checkKind(input.kind);
    if (!newFolders.has(input.parentId)) checkParent(tree.nodes, input.parentId);
    if (getNode(tree.nodes, input.nodeId) || newFolders.has(input.nodeId)) throw invalid(treeMessages.moveTwice);
    if (kind === 'folder') newFolders.add(input.nodeId);
    const sort = Math.min((lastSort.get(input.parentId) ?? -1) + 1, SORT_MAX);
    lastSort.set(input.parentId, sort);
    return {
      nodeId: input.nodeId,
      parentId: input.parentId,
      kind,
      name: checkName(input.name),
      sort,
      docId: kind === 'folder' ? 0 : input.docId,
      isTemplate: false,
      sourceNodeId: 0,
      sourceDocId: 0,
    };
  });
  // The copy event already means "these nodes arrived together, parents first": every reader of the tree handles it.
  return [{ type: 'StructureNodesCopied', data: { sourceProjectId: 0, sourceNodeId: 0, nodes } }];
}
