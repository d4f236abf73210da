import DownloadIcon from '@mui/icons-material/Download';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isLocalKnowledge } from '../../transport';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './ImportDialog';

/**
 * The workspace's import and export button (beside the tree's "+"): writers import, everyone who sees the project
 * exports. A local project lives in the browser, where the server's import and export cannot reach it.
 */
export function WorkspaceIoMenu({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'import' | 'export' | null>(null);
  if (isLocalKnowledge() || !projectId) return null;
  const pick = (which: 'import' | 'export') => {
    setAnchor(null);
    setDialog(which);
  };
  return (
    <>
      <Tooltip title={translate('app.knowledge.io.menu')}>
        <IconButton aria-label={translate('app.knowledge.io.menu')} onClick={(event) => setAnchor(event.currentTarget)}>
          <ImportExportIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {canWrite && (
          <MenuItem onClick={() => pick('import')}>
            <ListItemIcon>
              <UploadFileIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.knowledge.io.import')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => pick('export')}>
          <ListItemIcon>
            <DownloadIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.knowledge.io.export')}</ListItemText>
        </MenuItem>
      </Menu>
      {/* a fresh dialog each time: the last import's file and preview are not the next one's */}
      {dialog === 'import' && <ImportDialog open projectId={projectId} onClose={() => setDialog(null)} />}
      {dialog === 'export' && <ExportDialog open projectId={projectId} onClose={() => setDialog(null)} />}
    </>
  );
}

/** The project list's "import a project": a new project named after the source, opened once imported. */
export function ImportProjectButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('app.knowledge.io.import_project')}
      </Button>
      {open && <ImportDialog open projectId={0} onClose={() => setOpen(false)} />}
    </>
  );
}
