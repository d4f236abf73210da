import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import type { FieldDefinition } from './fields';
import { ImportResults } from './ImportResults';
import { hasImportExtension, IMPORT_EXTENSIONS, MAX_HEADER_ROWS, MAX_IMPORT_FILES } from './importRows';
import type { ImportResult } from './listOptions';
import { useImportRun } from './useImportRun';

const HEADER_ROW_CHOICES = Array.from({ length: MAX_HEADER_ROWS + 1 }, (_, rows) => rows);

interface ImportDialogProps {
  fields: FieldDefinition<never>[];
  importRow: (values: Record<string, string>) => Promise<ImportResult>;
  onClose: () => void;
  /** Called when a run ends, to show what it changed. */
  onImported: () => void;
}

/** SPEC §2.5 / §4 / §5 import dialog: titles 导入 / 导入中, up to 10 files, up to 3 header rows, rows one by one. */
export const ImportDialog = ({ fields, importRow, onClose, onImported }: ImportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [files, setFiles] = useState<File[]>([]);
  const [headerRows, setHeaderRows] = useState(1);
  const [askClose, setAskClose] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const { running, outcomes, progress, run, cancel } = useImportRun(fields, importRow);

  const pick = (picked: File[]) => {
    if (picked.some((file) => !hasImportExtension(file.name))) {
      notify('app.list.wrong_format', { type: 'error' });
      return;
    }
    if (files.length + picked.length > MAX_IMPORT_FILES) {
      notify('app.list.too_many_files', { type: 'error', messageArgs: { max: MAX_IMPORT_FILES } });
      return;
    }
    setFiles([...files, ...picked]);
  };
  const start = async () => {
    await run(files, headerRows);
    setFiles([]);
    onImported();
  };
  const close = () => (running ? setAskClose(true) : onClose());

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="list-import-title">
      <DialogTitle id="list-import-title">{translate(running ? 'app.list.importing' : 'app.list.import')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            label="app.list.import_choose"
            variant="outlined"
            disabled={running}
            onClick={() => picker.current?.click()}
          >
            <UploadFileIcon />
          </Button>
          <TextField
            select
            size="small"
            variant="outlined"
            fullWidth={false}
            label={translate('app.list.header_rows')}
            value={headerRows}
            disabled={running}
            onChange={(event) => setHeaderRows(Number(event.target.value))}
            sx={{ minWidth: 120 }}
          >
            {HEADER_ROW_CHOICES.map((rows) => (
              <MenuItem key={rows} value={rows}>
                {rows}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {translate('app.list.import_formats', { max: MAX_IMPORT_FILES })}
          </Typography>
        </Box>
        <input
          ref={picker}
          type="file"
          hidden
          multiple
          data-testid="import-files"
          accept={IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          onChange={(event) => {
            pick(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1.5 }}>
          {files.map((file, index) => (
            <Chip
              key={`${file.name}-${file.size}-${file.lastModified}`}
              label={file.name}
              onDelete={running ? undefined : () => setFiles(files.filter((_, other) => other !== index))}
            />
          ))}
        </Box>
        {progress && (
          <Box sx={{ mb: 1.5 }}>
            <Typography variant="body2" data-testid="import-progress">
              {translate('app.list.import_progress', progress)}
            </Typography>
            <LinearProgress variant="determinate" value={progress.total ? (progress.done * 100) / progress.total : 0} />
          </Box>
        )}
        <ImportResults outcomes={outcomes} />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={close} />
        <Button label="app.list.start_import" variant="contained" disabled={running || !files.length} onClick={start} />
      </DialogActions>
      <Confirm
        isOpen={askClose}
        title="app.list.interrupt_title"
        content="app.list.interrupt_content"
        onConfirm={() => {
          cancel();
          setAskClose(false);
          onClose();
        }}
        onClose={() => setAskClose(false)}
      />
    </Dialog>
  );
};
