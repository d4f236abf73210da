import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Divider, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDropzone } from 'react-dropzone';
import type { ImportFormat } from '../publishingApi';
import { IMPORT_FORMATS, MAX_IMPORT_BYTES, sizeLabel } from './ioModel';

export interface ChosenFile {
  name: string;
  size: number;
  content: string;
}

export interface SourceState {
  file: ChosenFile | null;
  url: string;
  format: ImportFormat | 'auto';
}

interface ImportSourceStepProps {
  value: SourceState;
  onChange(next: SourceState): void;
  /** A message key or the server's message, shown under the inputs. */
  onError(message: string): void;
  disabled: boolean;
}

/** A file dropped (or chosen), or a URL the server fetches; the format detected or named. */
export function ImportSourceStep({ value, onChange, onError, disabled }: ImportSourceStepProps) {
  const translate = useTranslate();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    disabled,
    // the type of a .yaml or .har file is often empty: any file is read, the server tells the format from its text
    onDropAccepted: async ([file]) => {
      if (!file) return;
      if (file.size > MAX_IMPORT_BYTES) return onError('app.knowledge.io.file_too_big');
      try {
        const content = await file.text();
        onError('');
        onChange({ ...value, file: { name: file.name, size: file.size, content }, url: '' });
      } catch {
        onError('app.knowledge.io.file_read_failed');
      }
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        {...getRootProps()}
        data-testid="import-drop"
        data-drag-active={isDragActive}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          transition: 'border-color 120ms, background-color 120ms',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <input {...getInputProps()} aria-label={translate('app.knowledge.io.drop_hint')} />
        {value.file ? (
          <InsertDriveFileOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
        ) : (
          <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
        )}
        <Typography sx={{ fontWeight: 600, mt: 1 }}>
          {value.file
            ? translate('app.knowledge.io.file_chosen', { name: value.file.name, size: sizeLabel(value.file.size) })
            : translate(isDragActive ? 'app.knowledge.io.drop_active' : 'app.knowledge.io.drop_hint')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('app.knowledge.io.drop_formats')}
        </Typography>
      </Box>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          {translate('app.knowledge.io.or_url')}
        </Typography>
      </Divider>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label={translate('app.knowledge.io.url')}
          name="url"
          value={value.url}
          disabled={disabled}
          placeholder="https://petstore3.swagger.io/api/v3/openapi.json"
          onChange={(event) =>
            onChange({ ...value, url: event.target.value, file: event.target.value ? null : value.file })
          }
          helperText={translate('app.knowledge.io.url_hint')}
          sx={{ flex: 1, minWidth: 280 }}
          size="small"
        />
        <TextField
          select
          label={translate('app.knowledge.io.format')}
          value={value.format}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, format: event.target.value as SourceState['format'] })}
          sx={{ width: 200 }}
          size="small"
          slotProps={{ select: { inputProps: { 'data-testid': 'import-format' } } }}
        >
          <MenuItem value="auto">{translate('app.knowledge.io.format_auto')}</MenuItem>
          {IMPORT_FORMATS.map((format) => (
            <MenuItem key={format} value={format}>
              {translate(`app.knowledge.io.formats.${format}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
