import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DataObjectIcon from '@mui/icons-material/DataObject';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import { Box, Collapse, List, ListItemButton, Typography } from '@mui/material';
import { useState } from 'react';
import type { StructureNode } from '../knowledge/docApi';
import { MethodTag } from '../knowledge/workspace/DocTree';

function Icon({ node }: { node: StructureNode }) {
  if (node.kind === 'api') return <MethodTag method={node.method || 'GET'} />;
  const sx = { fontSize: 17, flex: 'none' };
  if (node.kind === 'folder') return <FolderIcon sx={{ ...sx, color: '#f5b942' }} />;
  if (node.kind === 'schema') return <DataObjectIcon sx={{ ...sx, color: '#7a5af8' }} />;
  return <ArticleOutlinedIcon sx={{ ...sx, color: 'text.secondary' }} />;
}

/** The covered part of the tree, folders open, read only: a click on a document opens it. */
export default function PublicTree(props: {
  nodes: StructureNode[];
  selected: number;
  label: string;
  onOpen(node: StructureNode): void;
}) {
  const { nodes, selected, label, onOpen } = props;
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const children = new Map<number, StructureNode[]>();
  for (const node of nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  const ids = new Set(nodes.map((node) => node.projectStructureId));
  // A covered node whose parent is not shown (the link names it, not its folder) sits at the top.
  const roots = nodes.filter((node) => !ids.has(node.parentId));
  const toggle = (id: number) => {
    const next = new Set(closed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setClosed(next);
  };

  const branch = (list: StructureNode[], depth: number) =>
    [...list]
      .sort((a, b) => a.sort - b.sort)
      .map((node) => {
        const id = node.projectStructureId;
        const folder = node.kind === 'folder';
        const open = !closed.has(id);
        return (
          <Box key={id} role="treeitem" aria-expanded={folder ? open : undefined} aria-selected={selected === id}>
            <ListItemButton
              dense
              disableRipple
              selected={selected === id}
              onClick={() => (folder ? toggle(id) : onOpen(node))}
              sx={{ pl: 1 + depth * 2, gap: 0.75, borderRadius: 1 }}
              data-node-id={id}
              data-name={node.name}
            >
              <Icon node={node} />
              <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: folder ? 600 : 400 }} title={node.name}>
                {node.name}
              </Typography>
              {folder && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
            </ListItemButton>
            {folder && (
              <Collapse in={open} unmountOnExit>
                {branch(children.get(id) ?? [], depth + 1)}
              </Collapse>
            )}
          </Box>
        );
      });

  return (
    <List dense disablePadding role="tree" aria-label={label} sx={{ px: 0.5 }}>
      {branch(roots, 0)}
    </List>
  );
}
