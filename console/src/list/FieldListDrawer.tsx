import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Checkbox, Drawer, FormControlLabel, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import { type ColumnNode, leavesOf } from './fields';

interface FieldListProps {
  tree: ColumnNode<never>[];
  hidden: string[];
  open: boolean;
  onClose: () => void;
  onApply: (hidden: string[]) => void;
}

/**
 * SPEC §2.5 / §4 / §5 'field list': every column with a checkbox, groups expanded; nothing is applied unless at least
 * one column stays checked.
 */
export const FieldListDrawer = ({ tree, hidden, open, onClose, onApply }: FieldListProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [unchecked, setUnchecked] = useState(() => new Set(hidden));
  const [collapsed, setCollapsed] = useState(() => new Set<string>());
  const all = leavesOf(tree).map((leaf) => leaf.key);

  const toggle = (node: ColumnNode<never>, checked: boolean) => {
    const next = new Set(unchecked);
    for (const leaf of leavesOf([node])) {
      if (checked) next.delete(leaf.key);
      else next.add(leaf.key);
    }
    setUnchecked(next);
  };
  const apply = () => {
    if (all.every((key) => unchecked.has(key))) {
      notify('app.list.select_one_field', { type: 'error' });
      return;
    }
    onApply(all.filter((key) => unchecked.has(key)));
    onClose();
  };

  const renderNode = (node: ColumnNode<never>, depth: number) => {
    const leaves = leavesOf([node]);
    const shown = leaves.filter((leaf) => !unchecked.has(leaf.key)).length;
    const isCollapsed = collapsed.has(node.key);
    return (
      <Box
        key={node.key}
        role="treeitem"
        aria-expanded={node.children ? !isCollapsed : undefined}
        aria-label={translate(node.label)}
      >
        <ListItem dense disablePadding sx={{ pl: depth * 3 }}>
          <IconButton
            size="small"
            sx={{ visibility: node.children ? 'visible' : 'hidden' }}
            aria-label={translate(isCollapsed ? 'ra.action.expand' : 'ra.action.close')}
            onClick={() => {
              const next = new Set(collapsed);
              if (isCollapsed) next.delete(node.key);
              else next.add(node.key);
              setCollapsed(next);
            }}
          >
            {isCollapsed ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
          </IconButton>
          <FormControlLabel
            label={translate(node.label)}
            control={
              <Checkbox
                size="small"
                checked={shown === leaves.length}
                indeterminate={shown > 0 && shown < leaves.length}
                onChange={(event) => toggle(node, event.target.checked)}
              />
            }
          />
        </ListItem>
        {node.children && !isCollapsed && (
          <Box role="group">{node.children.map((child) => renderNode(child, depth + 1))}</Box>
        )}
      </Box>
    );
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 360 } },
          role: 'dialog',
          'aria-label': translate('app.list.field_list'),
        } as object,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {translate('app.list.field_list')}
        </Typography>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <List role="tree" sx={{ flex: 1, overflowY: 'auto', px: 1 }}>
        {tree.map((node) => renderNode(node, 0))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', p: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button label="ra.action.cancel" variant="outlined" onClick={onClose} />
        <Button label="app.list.apply" variant="contained" onClick={apply} />
      </Box>
    </Drawer>
  );
};
