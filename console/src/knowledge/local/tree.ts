import type { StructureNode } from '@pmbok/api-types';
import { isRecord, json, NODE_NOT_FOUND, refuse } from './rules';
import type { LocalDoc, LocalNode } from './store';

/** The tree's rules (docs/api/knowledge.md): parents are folders, nothing moves under itself, drops are all or nothing. */

export function requireParent(nodes: Map<number, LocalNode>, parentId: number): void {
  if (parentId === 0) return;
  const parent = nodes.get(parentId);
  if (!parent || parent.isTemplate) refuse('上级目录不存在');
  if (parent?.kind !== 'folder') refuse('只能放在目录下');
}

export function nextSort(nodes: Iterable<LocalNode>, parentId: number): number {
  let last = -1;
  for (const node of nodes) if (node.parentId === parentId && !node.isTemplate) last = Math.max(last, node.sort);
  return last + 1;
}

/** A node and everything under it, parents before children, siblings in their order. */
export function subtree(nodes: Map<number, LocalNode>, rootId: number): LocalNode[] {
  const children = childrenOf(nodes.values());
  const root = nodes.get(rootId);
  if (!root) return [];
  const out: LocalNode[] = [];
  const walk = (node: LocalNode) => {
    out.push(node);
    for (const child of children.get(node.projectStructureId) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/** What ordering a tree needs of a node: the stored one and the wire one (`StructureNode`) both have it. */
type Placed = Pick<LocalNode, 'projectStructureId' | 'parentId' | 'sort' | 'isTemplate'>;

function childrenOf<T extends Placed>(nodes: Iterable<T>): Map<number, T[]> {
  const children = new Map<number, T[]>();
  for (const node of nodes) {
    if (node.isTemplate) continue;
    const siblings = children.get(node.parentId) ?? [];
    siblings.push(node);
    children.set(node.parentId, siblings);
  }
  for (const siblings of children.values()) {
    siblings.sort((a, b) => a.sort - b.sort || a.projectStructureId - b.projectStructureId);
  }
  return children;
}

/** The whole tree in order, parents before children (what an upload replays). */
export function treeOrder<T extends Placed>(nodes: Iterable<T>): T[] {
  const children = childrenOf(nodes);
  const out: T[] = [];
  const walk = (parentId: number) => {
    for (const child of children.get(parentId) ?? []) {
      out.push(child);
      walk(child.projectStructureId);
    }
  };
  walk(0);
  return out;
}

export interface Drop {
  projectStructureId: number;
  parentId: number;
  sort: number;
}

function parseDrops(text: string): Drop[] {
  const raw = json(text, '拖拽结果格式错误');
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 20_000) return refuse('拖拽结果格式错误');
  const seen = new Set<number>();
  return raw.map((item) => {
    const ok =
      isRecord(item) &&
      [item.projectStructureId, item.parentId, item.sort].every((v) => Number.isSafeInteger(Number(v))) &&
      Number(item.projectStructureId) > 0 &&
      Number(item.parentId) >= 0 &&
      Number(item.sort) >= 0 &&
      Number(item.sort) <= 2 ** 31 - 1;
    if (!ok) refuse('拖拽结果格式错误');
    const drop = {
      projectStructureId: Number(item.projectStructureId),
      parentId: Number(item.parentId),
      sort: Number(item.sort),
    };
    if (seen.has(drop.projectStructureId)) refuse('同一个节点在一次拖动中出现了两次');
    seen.add(drop.projectStructureId);
    return drop;
  });
}

/**
 * `structureDropUpdate`: the nodes as they are after the drop, or a refusal when a node is unknown, a parent is not
 * a folder, or a node would end up under itself — checked on the whole result, so nothing moves when any is wrong.
 */
export function applyDrop(nodes: Map<number, LocalNode>, dropResult: string, now: number): LocalNode[] {
  const drops = parseDrops(dropResult);
  const after = new Map(nodes);
  const moved: LocalNode[] = [];
  for (const drop of drops) {
    const node = nodes.get(drop.projectStructureId);
    if (!node || node.isTemplate) return refuse(NODE_NOT_FOUND);
    const next = { ...node, parentId: drop.parentId, sort: drop.sort, updatedAt: now };
    after.set(node.projectStructureId, next);
    moved.push(next);
  }
  for (const node of moved) {
    requireParent(after, node.parentId);
    const visited = new Set<number>([node.projectStructureId]);
    for (let parentId = node.parentId; parentId !== 0; parentId = after.get(parentId)?.parentId ?? 0) {
      if (visited.has(parentId)) refuse('不能把目录移动到它自己或它的子目录下');
      visited.add(parentId);
    }
  }
  return moved;
}

/** The wire shape of a node (`StructureNode`), with what the tree shows of its document. */
export function structureNode(node: LocalNode, doc: LocalDoc | undefined): StructureNode {
  return {
    projectStructureId: node.projectStructureId,
    parentId: node.parentId,
    kind: node.kind,
    name: node.name,
    sort: node.sort,
    projectDocId: node.projectDocId,
    method: doc?.api?.method ?? '',
    path: doc?.api?.path ?? '',
    status: doc?.api?.status ?? '',
    isTemplate: node.isTemplate,
    updatedAt: node.updatedAt,
  };
}
