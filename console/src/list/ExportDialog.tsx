import { Box, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Button, Confirm, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { fetchAllPages } from './exportPages';
import type { ColumnNode } from './fields';
import type { RegionNames } from './regionNames';
import { downloadBlob, fileStamp, sheetTable, toCsvBlob, toXlsxBlob } from './spreadsheetFile';

export type ExportFormat = 'xlsx' | 'csv';

interface ExportDialogProps {
  format: ExportFormat;
  tree: ColumnNode<never>[];
  name: string;
  regionNames?: RegionNames;
  onClose: () => void;
}

/**
 * SPEC §4 export: the list's rows under its filter and sort, 100 a page from the first to the last, then one file.
 * Progress stays at 99 until the file is handed to the browser.
 */
export const ExportDialog = ({ format, tree, name, regionNames, onClose }: ExportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { resource, filterValues, sort, total = 0 } = useListContext();
  const [percent, setPercent] = useState(0);
  const [fetched, setFetched] = useState(0);
  const [running, setRunning] = useState(true);
  const [askClose, setAskClose] = useState(false);
  const aborter = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one export per opening
  useEffect(() => {
    const controller = new AbortController();
    setFetched(0);
    aborter.current = controller;
    const { signal } = controller;
    const fetchPage = async (page: number, perPage: number) => {
      const result = await dataProvider.getList(resource, {
        pagination: { page, perPage },
        filter: filterValues,
        sort,
        signal,
      });
      setFetched((count) => count + result.data.length);
      return { rows: result.data, total: result.total ?? result.data.length };
    };
    fetchAllPages(fetchPage, setPercent, signal)
      .then(async (rows) => {
        if (signal.aborted) return;
        const context = { translate, regionName: (code: string) => regionNames?.get(code) ?? code };
        const table = sheetTable(tree, rows, context);
        const title = translate(name);
        const blob = format === 'csv' ? toCsvBlob(table) : await toXlsxBlob(table, title.slice(0, 31));
        downloadBlob(blob, `${title}-${fileStamp()}.${format}`);
        setPercent(100);
        notify('app.list.export_done', { type: 'success' });
        onClose();
      })
      .catch((error: Error) => {
        if (!signal.aborted) notify(error.message || 'ra.notification.http_error', { type: 'error' });
        setRunning(false);
      });
    return () => controller.abort();
  }, []);

  const close = () => (running ? setAskClose(true) : onClose());

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="list-export-title">
      <DialogTitle id="list-export-title">{translate(running ? 'app.list.exporting' : 'app.list.export')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress variant="determinate" value={percent} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
          <Typography variant="body2" data-testid="export-percent" sx={{ minWidth: 40 }}>
            {percent}%
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.list.export_progress', { fetched, total })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={close} />
      </DialogActions>
      <Confirm
        isOpen={askClose}
        title="app.list.interrupt_title"
        content="app.list.interrupt_content"
        onConfirm={() => {
          aborter.current?.abort();
          onClose();
        }}
        onClose={() => setAskClose(false)}
      />
    </Dialog>
  );
};
