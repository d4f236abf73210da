import CloseIcon from '@mui/icons-material/Close';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { methodColor, methodLabel } from '../../workspace/treeModel';
import { type ProjectVersion, publishingKeys, versionStructure } from '../publishingApi';
import VersionDocView from './VersionDocView';
import { treeRows } from './versionModel';

/** A version opened to read: its tree at the left, the picked document as it was then at the right. */
export default function VersionBrowser(props: {
  projectId: number;
  version: ProjectVersion;
  /** A document to open first (from a comparison's row). */
  initialDocId?: number;
  onClose(): void;
  docActions?(projectStructureId: number, name: string): ReactNode;
}) {
  const { projectId, version, initialDocId, onClose, docActions } = props;
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.version.${key}`, options);
  const [picked, setPicked] = useState<number | null>(initialDocId ?? null);
  const [keyword, setKeyword] = useState('');
  const { data, error, isPending } = useQuery({
    queryKey: publishingKeys.versionStructure(projectId, version.versionId),
    queryFn: () => versionStructure(projectId, version.versionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rows = useMemo(() => treeRows(data?.nodes ?? []), [data]);
  const needle = keyword.trim().toLowerCase();
  const shown = needle
    ? rows.filter(({ node }) => node.kind !== 'folder' && `${node.name} ${node.path}`.toLowerCase().includes(needle))
    : rows;
  const pickedNode = rows.find(({ node }) => node.projectStructureId === picked)?.node;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xl" aria-labelledby="version-browser-title">
      <DialogTitle id="version-browser-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box sx={{ flex: 1 }}>{t('browse_title', { name: version.name })}</Box>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', gap: 2, height: '75vh', p: 0 }}>
        <Box
          sx={{ width: 300, flexShrink: 0, borderRight: 1, borderColor: 'divider', overflow: 'auto' }}
          data-testid="version-tree"
        >
          <Box sx={{ p: 1.5, pb: 0.5 }}>
            <TextField
              size="small"
              fullWidth
              placeholder={translate('app.knowledge.doc.search')}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
            />
          </Box>
          {isPending && <LinearProgress />}
          {error && <Alert severity="warning">{error.message}</Alert>}
          {data && rows.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('browse_empty')}
            </Typography>
          )}
          <List dense aria-label={t('browse_title', { name: version.name })}>
            {shown.map(({ node, depth }) =>
              node.kind === 'folder' ? (
                <ListSubheader
                  key={node.projectStructureId}
                  disableSticky
                  sx={{ pl: 1.5 + depth * 2, lineHeight: '32px', display: 'flex', alignItems: 'center', gap: 0.75 }}
                >
                  <FolderOutlinedIcon fontSize="small" />
                  {node.name}
                </ListSubheader>
              ) : (
                <ListItemButton
                  key={node.projectStructureId}
                  selected={node.projectStructureId === picked}
                  onClick={() => setPicked(node.projectStructureId)}
                  data-node-id={node.projectStructureId}
                  data-name={node.name}
                  sx={{ pl: 1.5 + (needle ? 0 : depth * 2) }}
                >
                  <Box
                    component="span"
                    sx={{ fontFamily: 'monospace', fontSize: 11, fontWeight: 700, width: 36, flexShrink: 0 }}
                    style={{ color: node.kind === 'api' ? methodColor(node.method) : undefined }}
                  >
                    {node.kind === 'api' ? (
                      methodLabel(node.method)
                    ) : node.kind === 'schema' ? (
                      <DataObjectIcon sx={{ fontSize: 16, color: 'text.secondary', verticalAlign: 'middle' }} />
                    ) : (
                      <DescriptionOutlinedIcon
                        sx={{ fontSize: 16, color: 'text.secondary', verticalAlign: 'middle' }}
                      />
                    )}
                  </Box>
                  <ListItemText primary={node.name} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              ),
            )}
          </List>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto', p: 2 }} data-testid="version-doc">
          {picked ? (
            <VersionDocView
              key={picked}
              projectId={projectId}
              versionId={version.versionId}
              projectStructureId={picked}
              actions={docActions?.(picked, pickedNode?.name ?? '')}
            />
          ) : (
            <Typography color="text.secondary">{t('browse_pick')}</Typography>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
