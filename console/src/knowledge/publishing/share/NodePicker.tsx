import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import type { StructureNode } from '../../docApi';
import { MethodTag } from '../../workspace/DocTree';

interface Row {
  node: StructureNode;
  depth: number;
}

/** Parents before children, siblings by sort: the tree as the workspace shows it, flattened with depths. */
function rowsOf(nodes: StructureNode[]): Row[] {
  const children = new Map<number, StructureNode[]>();
  for (const node of nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  const rows: Row[] = [];
  const walk = (parentId: number, depth: number) => {
    const list = [...(children.get(parentId) ?? [])].sort((a, b) => a.sort - b.sort);
    for (const node of list) {
      rows.push({ node, depth });
      walk(node.projectStructureId, depth + 1);
    }
  };
  walk(0, 0);
  return rows;
}

/**
 * The scope of a link: folders and documents with checkboxes. A checked folder covers what is under it, so its
 * descendants show checked and cannot be unchecked on their own.
 */
export default function NodePicker(props: { nodes: StructureNode[]; value: number[]; onChange(ids: number[]): void }) {
  const { nodes, value, onChange } = props;
  const chosen = new Set(value);
  const parentOf = new Map(nodes.map((node) => [node.projectStructureId, node.parentId]));
  const coveredByParent = (id: number) => {
    for (let parent = parentOf.get(id) ?? 0; parent; parent = parentOf.get(parent) ?? 0)
      if (chosen.has(parent)) return true;
    return false;
  };
  const toggle = (id: number) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <Box
      sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0.5 }}
      data-testid="share-node-picker"
    >
      {rowsOf(nodes).map(({ node, depth }) => {
        const inherited = coveredByParent(node.projectStructureId);
        return (
          <FormControlLabel
            key={node.projectStructureId}
            sx={{ display: 'flex', ml: 0.5 + depth * 2.5, mr: 1 }}
            control={
              <Checkbox
                size="small"
                checked={inherited || chosen.has(node.projectStructureId)}
                disabled={inherited}
                onChange={() => toggle(node.projectStructureId)}
              />
            }
            label={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                {node.kind === 'api' && <MethodTag method={node.method} />}
                <Typography variant="body2" fontWeight={node.kind === 'folder' ? 600 : 400}>
                  {node.name}
                </Typography>
              </Box>
            }
          />
        );
      })}
    </Box>
  );
}
