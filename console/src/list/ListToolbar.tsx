import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Box, Menu, MenuItem } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Button, useListContext, useTranslate } from 'react-admin';
import type { ExportFormat } from './ExportDialog';

interface ListToolbarProps {
  search?: ReactNode;
  onSearchDrawer?: () => void;
  onFieldList: () => void;
  onImport?: () => void;
  onExport?: (format: ExportFormat) => void;
}

/** Search (inline, or the drawer's button), then refresh, field list, import and export. */
export const ListToolbar = ({ search, onSearchDrawer, onFieldList, onImport, onExport }: ListToolbarProps) => {
  const translate = useTranslate();
  const { refetch, total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{search}</Box>
      {onSearchDrawer && (
        <Button label="app.list.search" onClick={onSearchDrawer} data-testid="open-search">
          <SearchIcon />
        </Button>
      )}
      <Button label="ra.action.refresh" onClick={() => refetch()}>
        <RefreshIcon />
      </Button>
      <Button label="app.list.field_list" onClick={onFieldList} data-testid="open-field-list">
        <ViewColumnIcon />
      </Button>
      {onImport && (
        <Button label="app.list.import" onClick={onImport} data-testid="open-import">
          <UploadFileIcon />
        </Button>
      )}
      {onExport && (
        <>
          <Button
            label="ra.action.export"
            onClick={(event) => setAnchor(event.currentTarget)}
            disabled={!total}
            aria-haspopup="menu"
            data-testid="export-menu"
          >
            <DownloadIcon />
          </Button>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {(['xlsx', 'csv'] as const).map((format) => (
              <MenuItem
                key={format}
                onClick={() => {
                  setAnchor(null);
                  onExport(format);
                }}
              >
                {translate(`app.list.export_${format}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
};
