import type { StructureNode } from '../../docApi';

/** The same limits the server checks (docs/api/publishing.md: name 1–50, notes ≤ 500), said before it is asked. */
export function versionProblem(name: string, notes: string): string | null {
  if (!name.trim()) return 'name_required';
  if (name.trim().length > 50) return 'name_too_long';
  if (notes.length > 500) return 'notes_too_long';
  return null;
}

export interface Row {
  node: StructureNode;
  depth: number;
}

/** The tree in reading order (each folder followed by what it holds), as flat rows with their depth. */
export function treeRows(nodes: StructureNode[]): Row[] {
  const children = new Map<number, StructureNode[]>();
  for (const node of nodes) {
    const siblings = children.get(node.parentId);
    if (siblings) siblings.push(node);
    else children.set(node.parentId, [node]);
  }
  const rows: Row[] = [];
  const walk = (parentId: number, depth: number) => {
    const under = (children.get(parentId) ?? []).sort((a, b) => a.sort - b.sort);
    for (const node of under) {
      rows.push({ node, depth });
      walk(node.projectStructureId, depth + 1);
    }
  };
  walk(0, 0);
  return rows;
}
