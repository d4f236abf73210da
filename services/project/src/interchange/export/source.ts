import type { ExportSource, ImportPlan } from '../model.js';

/**
 * The project an import plan would make, as an exporter reads it (folders created from the folder paths, in the
 * plan's order): for round-trip tests and the benchmark, without a service.
 */
export function sourceFromPlan(plan: ImportPlan): ExportSource {
  const nodes: ExportSource['nodes'] = [];
  const folders = new Map<string, number>();
  const sorts = new Map<number, number>();
  const add = (parentId: number, node: Omit<ExportSource['nodes'][number], 'nodeId' | 'parentId' | 'sort'>) => {
    const sort = sorts.get(parentId) ?? 0;
    sorts.set(parentId, sort + 1);
    const nodeId = nodes.length + 1;
    nodes.push({ nodeId, parentId, sort, ...node });
    return nodeId;
  };
  const folderOf = (path: string[]) => {
    let parentId = 0;
    for (let depth = 1; depth <= path.length; depth += 1) {
      const key = JSON.stringify(path.slice(0, depth));
      let id = folders.get(key);
      if (id === undefined) {
        id = add(parentId, { kind: 'folder', name: path[depth - 1]! });
        folders.set(key, id);
      }
      parentId = id;
    }
    return parentId;
  };
  for (const node of plan.nodes) {
    if (node.kind === 'folder') {
      folderOf([...node.folderPath, node.name]);
      continue;
    }
    add(folderOf(node.folderPath), { kind: node.kind, name: node.name, content: node.content });
  }
  return { project: { name: plan.title, description: plan.description, servers: plan.servers }, nodes };
}
