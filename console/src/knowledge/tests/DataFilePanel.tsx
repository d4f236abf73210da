import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { PlanData } from '@pmbok/runner';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DATA_EXTENSIONS, type DataFileError, readDataFile } from './dataFile';

const PREVIEW_ROWS = 5;

/** The scenario's data file: upload a csv or xlsx (read here, in the browser), see its columns and first rows. */
export function DataFilePanel({
  data,
  readOnly,
  onChange,
}: {
  data: PlanData | null;
  readOnly: boolean;
  onChange(data: PlanData | null): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.data.${key}`, options);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<DataFileError | null>(null);
  const [reading, setReading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setError(null);
    const result = await readDataFile(file);
    setReading(false);
    if ('error' in result) setError(result.error);
    else onChange(result.data);
  };

  return (
    <Stack spacing={1.5} data-testid="scenario-data">
      <Typography variant="body2" color="text.secondary">
        {t('hint')}
      </Typography>
      {!readOnly && (
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={reading}
          >
            {reading ? t('reading') : data ? t('replace') : t('upload')}
          </Button>
          {data && (
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onChange(null)}>
              {t('remove')}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('limits')}
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            accept={DATA_EXTENSIONS.join(',')}
            data-testid="data-file-input"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Stack>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="data-file-error">
          {t(`errors.${error.key}`, error.args)}
        </Alert>
      )}
      {data && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} data-testid="data-preview">
          <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 1.5, py: 1, bgcolor: 'action.hover' }}>
            <TableChartOutlinedIcon fontSize="small" color="success" />
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('summary', { name: data.fileName ?? '', rows: data.rows.length, columns: data.columns.length })}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <Typography variant="caption" color="text.secondary">
              {t('preview', { n: Math.min(PREVIEW_ROWS, data.rows.length) })}
            </Typography>
          </Stack>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 12 } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 40, color: 'text.secondary' }}>#</TableCell>
                  {data.columns.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 600 }}>
                      {`{{${column}}}`}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the file
                  <TableRow key={index}>
                    <TableCell sx={{ color: 'text.secondary' }}>{index + 1}</TableCell>
                    {row.map((cell, at) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in the row
                      <TableCell key={at}>{cell}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </Stack>
  );
}
