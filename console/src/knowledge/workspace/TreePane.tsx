import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type StructureNode, useSearchDoc } from '../docApi';
import { WorkspaceIoMenu } from '../publishing/io/IoEntryPoints';
import DocTree, { MethodTag } from './DocTree';
import { useTreeActions } from './useTreeActions';

interface TreePaneProps {
  projectId: number;
  nodes: readonly StructureNode[];
  selectedId: number | null;
  canWrite: boolean;
  onSelect(projectStructureId: number): void;
}

/** The left pane: search, the "+" menu, the tree; writers get drag and drop and the context menu. */
export default function TreePane({ projectId, nodes, selectedId, canWrite, onSelect }: TreePaneProps) {
  const translate = useTranslate();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const actions = useTreeActions(projectId, nodes, onSelect);
  const search = useSearchDoc(projectId, deferred);
  // What the server found beyond the names the tree already shows (paths, descriptions, parameters, fields).
  const needle = deferred.trim().toLowerCase();
  const contentHits = (search.data?.list ?? []).filter((hit) => !hit.name.toLowerCase().includes(needle));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', p: 1 }}>
        <TextField
          size="small"
          variant="outlined"
          fullWidth
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={translate('app.knowledge.doc.search')}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.knowledge.doc.search'), maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {canWrite && (
          <Tooltip title={translate('app.knowledge.doc.new')}>
            <IconButton
              aria-label={translate('app.knowledge.doc.new')}
              onClick={(event) => {
                const rect = event.currentTarget.getBoundingClientRect();
                actions.setMenu({ node: null, position: { top: rect.bottom, left: rect.left } });
              }}
            >
              <AddIcon />
            </IconButton>
          </Tooltip>
        )}
        <WorkspaceIoMenu projectId={projectId} canWrite={canWrite} />
      </Box>
      {needle && contentHits.length > 0 && (
        <Box sx={{ px: 1, pb: 1, maxHeight: 220, overflow: 'auto', borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
            {translate('app.knowledge.doc.content_hits')}
          </Typography>
          <List dense disablePadding aria-label={translate('app.knowledge.doc.content_hits')}>
            {contentHits.map((hit) => (
              <ListItemButton key={hit.projectStructureId} onClick={() => onSelect(hit.projectStructureId)}>
                {hit.kind === 'api' && <MethodTag method={hit.method} />}
                <ListItemText
                  primary={hit.name}
                  secondary={hit.snippet || hit.path}
                  slotProps={{
                    primary: { noWrap: true, fontSize: 13 },
                    secondary: { noWrap: true, fontSize: 12 },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
      )}
      {nodes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {translate('app.knowledge.doc.empty_tree')}
        </Typography>
      ) : (
        <DocTree
          nodes={nodes}
          selectedId={selectedId}
          canWrite={canWrite}
          searchTerm={deferred}
          onSelect={(node) => onSelect(node.projectStructureId)}
          onMove={actions.move}
          onContextMenu={(node, position) => canWrite && actions.setMenu({ node, position })}
        />
      )}
      {actions.menuElement}
      {actions.dialogs}
    </Box>
  );
}
