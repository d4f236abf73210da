import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import { Box, Checkbox, IconButton, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { StructureNode } from '../../docApi';
import { MethodTag } from '../../workspace/DocTree';
import { nestNodes, type TreeItem } from '../../workspace/treeModel';

interface NodeChecklistProps {
  nodes: readonly StructureNode[];
  ticked: ReadonlySet<number>;
  onChange(next: Set<number>): void;
}

/**
 * The project's tree with a box per node, folders closed until opened (a 5,000-document project draws its first
 * level only). A ticked folder takes everything under it, so its descendants show ticked and cannot be unticked.
 */
export function NodeChecklist({ nodes, ticked, onChange }: NodeChecklistProps) {
  const translate = useTranslate();
  const roots = useMemo(() => nestNodes(nodes), [nodes]);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const toggleOpen = (id: number) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };
  const toggleTick = (id: number) => {
    const next = new Set(ticked);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };

  const rows = (items: TreeItem[], depth: number, underTicked: boolean): React.ReactNode =>
    items.map(({ node, children }) => {
      const id = node.projectStructureId;
      const isOpen = open.has(id);
      const checked = underTicked || ticked.has(id);
      return (
        <Box key={id} role="treeitem" aria-expanded={children ? isOpen : undefined} data-name={node.name}>
          <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5, minHeight: 32 }}>
            {children?.length ? (
              <IconButton size="small" onClick={() => toggleOpen(id)} aria-label={node.name} sx={{ p: 0.25 }}>
                {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
              </IconButton>
            ) : (
              <Box sx={{ width: 26, flex: 'none' }} />
            )}
            <Checkbox
              size="small"
              checked={checked}
              disabled={underTicked}
              onChange={() => toggleTick(id)}
              slotProps={{ input: { 'aria-label': node.name } }}
              sx={{ p: 0.5 }}
            />
            {node.kind === 'folder' ? (
              <FolderIcon sx={{ fontSize: 17, color: '#f5b942', mr: 0.5 }} />
            ) : node.kind === 'api' ? (
              <MethodTag method={node.method || 'GET'} />
            ) : null}
            <Typography variant="body2" noWrap title={node.name}>
              {node.name}
            </Typography>
          </Box>
          {children && isOpen && rows(children, depth + 1, checked)}
        </Box>
      );
    });

  return (
    <Box
      role="tree"
      aria-label={translate('app.knowledge.io.scope_selected')}
      aria-multiselectable
      data-testid="export-tree"
      sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0.5 }}
    >
      {rows(roots, 0, false)}
    </Box>
  );
}
