import { invalid, notFound } from '@pmbok/infra';
import { getNode, type NodeMap, nodesOf } from './nodeMap.js';
import type { NodeKind, Tree, TreeNode } from './tree.js';

export const treeMessages = {
  nodeNotFound: '节点不存在或已被删除',
  parentNotFound: '上级目录不存在',
  parentNotFolder: '只能放在目录下',
  kindInvalid: '节点类型只能是目录、接口、文档或数据模型',
  nameRequired: '请输入名称',
  nameTooLong: '名称最多100个字符',
  tooManyNodes: `一个项目最多 ${20_000} 个节点`,
  movesRequired: '没有要移动的节点',
  movesTooMany: '一次最多移动 20000 个节点',
  moveTwice: '同一个节点在一次拖动中出现了两次',
  moveIntoItself: '不能把目录移动到它自己或它的子目录下',
  sortInvalid: '排序必须是 0 到 1000000 之间的整数',
  notTemplate: '该接口模板不存在',
  templateNotApi: '只有接口可以保存为模板',
} as const;

export const NAME_MAX = 100;
export const TREE_MAX = 20_000;
export const SORT_MAX = 1_000_000;
export const KINDS: readonly NodeKind[] = ['folder', 'api', 'page', 'schema'];

/** A name of 1–100 characters (code points, so a Chinese or emoji name counts as written), trimmed. */
export function checkName(name: string): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw invalid(treeMessages.nameRequired);
  if ([...trimmed].length > NAME_MAX) throw invalid(treeMessages.nameTooLong);
  return trimmed;
}

export function checkKind(kind: string): NodeKind {
  if (!KINDS.includes(kind as NodeKind)) throw invalid(treeMessages.kindInvalid);
  return kind as NodeKind;
}

/** A node of the tree (templates are kept apart: a tree call never reaches one, and a template call only those). */
export function existingNode(tree: Tree, nodeId: number, template = false): TreeNode {
  const node = nodeId > 0 ? getNode(tree.nodes, nodeId) : undefined;
  if (!node || node.isTemplate !== template)
    throw notFound(template ? treeMessages.notTemplate : treeMessages.nodeNotFound);
  return node;
}

/** A place to put nodes under: the root (0) or a folder of the tree. */
export function checkParent(nodes: NodeMap<TreeNode>, parentId: number): void {
  if (parentId === 0) return;
  const parent = parentId > 0 ? getNode(nodes, parentId) : undefined;
  if (!parent || parent.isTemplate) throw notFound(treeMessages.parentNotFound);
  if (parent.kind !== 'folder') throw invalid(treeMessages.parentNotFolder);
}

/** After the last of the parent's children. */
export function nextSort(nodes: NodeMap<TreeNode>, parentId: number): number {
  let last = -1;
  for (const node of nodesOf(nodes)) {
    if (node.parentId === parentId && !node.isTemplate && node.sort > last) last = node.sort;
  }
  return Math.min(last + 1, SORT_MAX);
}

/** The children of every node, built once for walking subtrees. */
export function childrenIndex(nodes: NodeMap<TreeNode>): Map<number, TreeNode[]> {
  const children = new Map<number, TreeNode[]>();
  for (const node of nodesOf(nodes)) {
    const list = children.get(node.parentId);
    if (list) list.push(node);
    else children.set(node.parentId, [node]);
  }
  for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.nodeId - b.nodeId);
  return children;
}

/** The node and everything under it, parents before children. */
export function subtreeOf(nodes: NodeMap<TreeNode>, root: TreeNode): TreeNode[] {
  const children = childrenIndex(nodes);
  const result: TreeNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    result.push(node);
    const under = children.get(node.nodeId);
    if (under) for (let i = under.length - 1; i >= 0; i -= 1) stack.push(under[i]!);
  }
  return result;
}

/**
 * Refuses a drop that would put a node under itself: with every move applied, walking up from each moved node
 * must reach the root without meeting it (a cycle among several moves is caught too, as the walk is bounded).
 */
export function assertNoCycle(nodes: NodeMap<TreeNode>, newParents: ReadonlyMap<number, number>): void {
  const parentOf = (id: number) => newParents.get(id) ?? getNode(nodes, id)?.parentId ?? 0;
  for (const nodeId of newParents.keys()) {
    let current = parentOf(nodeId);
    for (let steps = 0; current !== 0; steps += 1) {
      if (current === nodeId || steps > nodes.size) throw invalid(treeMessages.moveIntoItself);
      current = parentOf(current);
    }
  }
}
