import type { Content } from '../../domain/doc/content.js';
import type { NodeKind } from '../../domain/tree/tree.js';
import type { ExportSource } from '../model.js';

export interface WalkedNode {
  nodeId: number;
  kind: NodeKind;
  name: string;
  folderPath: string[];
  content?: Content;
  /** For folders: whether nothing is under it (an export writes those apart, as nothing else implies them). */
  empty: boolean;
}

/** The source's nodes depth first in the tree's order (by sort, then id), each with the names of its folders. */
export function walkTree(source: ExportSource): WalkedNode[] {
  const children = new Map<number, ExportSource['nodes']>();
  const ids = new Set(source.nodes.map((node) => node.nodeId));
  for (const node of source.nodes) {
    // A node whose parent is not in the source (a part of a project was exported) hangs from the root.
    const parentId = ids.has(node.parentId) ? node.parentId : 0;
    const list = children.get(parentId) ?? [];
    list.push(node);
    children.set(parentId, list);
  }
  const out: WalkedNode[] = [];
  const visit = (parentId: number, folderPath: string[], seen: Set<number>) => {
    const list = [...(children.get(parentId) ?? [])].sort((a, b) => a.sort - b.sort || a.nodeId - b.nodeId);
    for (const node of list) {
      if (seen.has(node.nodeId)) continue;
      seen.add(node.nodeId);
      const empty = node.kind === 'folder' && (children.get(node.nodeId)?.length ?? 0) === 0;
      out.push({ nodeId: node.nodeId, kind: node.kind, name: node.name, folderPath, content: node.content, empty });
      if (node.kind === 'folder') visit(node.nodeId, [...folderPath, node.name], seen);
    }
  };
  visit(0, [], new Set());
  return out;
}
