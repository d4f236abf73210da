import type { DropPlace, StructureNode } from '../docApi';

/**
 * The document tree as the tree view holds it: the server keeps it flat (parent and sort), the view nests it.
 * Folders always carry a children list (empty or not) so the view treats an empty folder as a drop target;
 * documents carry none and are leaves.
 */
export interface TreeItem {
  id: string;
  name: string;
  node: StructureNode;
  children?: TreeItem[];
}

const bySort = (a: StructureNode, b: StructureNode) => a.sort - b.sort || a.projectStructureId - b.projectStructureId;

/** Nests the flat list; a node whose parent is missing (or not a folder) is shown at the root rather than lost. */
export function nestNodes(nodes: readonly StructureNode[]): TreeItem[] {
  const folders = new Map<number, TreeItem>();
  const items = [...nodes].sort(bySort).map((node) => {
    const item: TreeItem = { id: String(node.projectStructureId), name: node.name, node };
    if (node.kind === 'folder') {
      item.children = [];
      folders.set(node.projectStructureId, item);
    }
    return item;
  });
  const roots: TreeItem[] = [];
  for (const item of items) {
    const parent = folders.get(item.node.parentId);
    if (parent && parent !== item) parent.children?.push(item);
    else roots.push(item);
  }
  return roots;
}

/** True when `targetId` is `ancestorId` or lies somewhere under it. */
export function isWithin(nodes: readonly StructureNode[], targetId: number, ancestorId: number): boolean {
  const parentOf = new Map(nodes.map((node) => [node.projectStructureId, node.parentId]));
  const seen = new Set<number>();
  for (let id: number | undefined = targetId; id && !seen.has(id); id = parentOf.get(id)) {
    if (id === ancestorId) return true;
    seen.add(id);
  }
  return false;
}

/**
 * Where a drop puts things: the new parent's children in their new order, each with its sort. `index` counts the
 * parent's children as they are shown before the move (the dragged ones included), as the tree view reports it.
 * Null when the drop is refused: a parent that is not a folder, or a folder dropped into itself or its own child.
 */
export function dropPlaces(
  nodes: readonly StructureNode[],
  dragIds: readonly number[],
  parentId: number,
  index: number,
): DropPlace[] | null {
  const byId = new Map(nodes.map((node) => [node.projectStructureId, node]));
  if (parentId !== 0 && byId.get(parentId)?.kind !== 'folder') return null;
  if (dragIds.some((id) => isWithin(nodes, parentId, id))) return null;
  const dragged = new Set(dragIds);
  const siblings = nodes
    .filter((node) => node.parentId === parentId || (parentId === 0 && !byId.has(node.parentId)))
    .sort(bySort)
    .map((node) => node.projectStructureId);
  const at = Math.max(0, Math.min(index, siblings.length));
  const order = [
    ...siblings.slice(0, at).filter((id) => !dragged.has(id)),
    ...dragIds,
    ...siblings.slice(at).filter((id) => !dragged.has(id)),
  ];
  return order.map((projectStructureId, sort) => ({ projectStructureId, parentId, sort }));
}

// Shared with the task drawer's linked documents, so it lives outside both folders.
export { methodColor, methodLabel } from '../../utils/httpMethods';
