import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { fetchAllMembers } from '../teams/useAllMembers';
import { downloadBlob, fileStamp, memberTable, toCsvBlob, toXlsxBlob } from './exportMembers';

type Format = 'xlsx' | 'csv';

/** Exports every member matching the list's filter and sort, as xlsx or csv. */
export const ExportMenu = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues, sort, total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const exportAs = async (format: Format) => {
    setAnchor(null);
    setBusy(true);
    try {
      const members = await fetchAllMembers(dataProvider, filterValues, sort);
      const table = memberTable(members, translate);
      const name = `${translate('app.team_user.export_file')}-${fileStamp()}`;
      const blob =
        format === 'csv' ? toCsvBlob(table) : await toXlsxBlob(table, translate('app.team_user.export_file'));
      downloadBlob(blob, `${name}.${format}`);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label="ra.action.export"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy || !total}
        aria-haspopup="menu"
        data-testid="export-menu"
      >
        {busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => exportAs('xlsx')}>{translate('app.team_user.export_xlsx')}</MenuItem>
        <MenuItem onClick={() => exportAs('csv')}>{translate('app.team_user.export_csv')}</MenuItem>
      </Menu>
    </>
  );
};
