import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import type { FormDataField } from '@pmbok/runner';
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { CASE_LIMITS } from './caseDraft';
import { formatBytes } from './format';

interface Props {
  rows: FormDataField[];
  readOnly: boolean;
  onChange(rows: FormDataField[]): void;
  /** Path parameters: one row per `{name}` of the URL, named there. */
  lockedNames?: boolean;
  /** form-data: a row may be a file. */
  files?: boolean;
  label: string;
  testId?: string;
}

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;
const monoInput = { ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } } as const;

/** Reads a picked file as base64 (what the runner's model carries for files). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Name, value and description rows, each switched on or off, Postman's way: the last row is always blank and
 * typing in it adds a row (blank rows are not saved).
 */
export function KeyValueTable({ rows, readOnly, onChange, lockedNames, files, label, testId }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`app.knowledge.tests.request.${key}`);
  const shown = readOnly || lockedNames || rows.length >= CASE_LIMITS.rows ? rows : [...rows, { name: '', value: '' }];
  const fileInput = useRef<HTMLInputElement>(null);
  const fileRow = useRef(-1);

  const edit = (index: number, patch: Partial<FormDataField>) => {
    if (index >= rows.length) onChange([...rows, { name: '', value: '', ...patch }]);
    else onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  };
  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CASE_LIMITS.fileBytes) {
      notify('app.knowledge.tests.request.file_too_big', { type: 'warning', messageArgs: { max: 5 } });
      return;
    }
    const base64 = await readBase64(file);
    edit(fileRow.current, {
      type: 'file',
      fileName: file.name,
      contentType: file.type || 'application/octet-stream',
      base64,
      value: '',
    });
  };

  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table
        size="small"
        aria-label={label}
        data-testid={testId}
        sx={{ minWidth: 560, '& td, & th': { px: 1 }, '& th': { color: 'text.secondary', fontWeight: 500 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }} />
            <TableCell sx={{ width: '26%' }}>{t('name')}</TableCell>
            {files && <TableCell sx={{ width: 96 }}>{t('field_type')}</TableCell>}
            <TableCell>{t('value')}</TableCell>
            <TableCell sx={{ width: '24%' }}>{t('description')}</TableCell>
            <TableCell sx={{ width: 44 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                {t('none')}
              </TableCell>
            </TableRow>
          )}
          {shown.map((row, index) => {
            const phantom = index >= rows.length;
            const isFile = files && row.type === 'file';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a name being typed is no key either
              <TableRow key={index} hover data-row={row.name}>
                <TableCell padding="checkbox">
                  {!phantom && (
                    <Checkbox
                      size="small"
                      checked={row.enabled !== false}
                      disabled={readOnly}
                      onChange={(event) => edit(index, { enabled: event.target.checked ? undefined : false })}
                      slotProps={{ input: { 'aria-label': `${t('enabled')} ${row.name}` } }}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <TextField
                    variant="standard"
                    fullWidth
                    value={row.name}
                    placeholder={t('name')}
                    disabled={readOnly || lockedNames}
                    onChange={(event) => edit(index, { name: event.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `${label} ${t('name')} ${index + 1}`, spellCheck: false } }}
                    sx={monoInput}
                  />
                </TableCell>
                {files && (
                  <TableCell>
                    <Select
                      variant="standard"
                      fullWidth
                      value={row.type === 'file' ? 'file' : 'text'}
                      disabled={readOnly}
                      onChange={(event) =>
                        edit(
                          index,
                          event.target.value === 'file'
                            ? { type: 'file' }
                            : { type: undefined, base64: undefined, fileName: undefined },
                        )
                      }
                      inputProps={{ 'aria-label': t('field_type') }}
                      sx={{ fontSize: 13 }}
                    >
                      <MenuItem value="text" dense>
                        {t('text')}
                      </MenuItem>
                      <MenuItem value="file" dense>
                        {t('file')}
                      </MenuItem>
                    </Select>
                  </TableCell>
                )}
                <TableCell>
                  {isFile ? (
                    <Button
                      size="small"
                      startIcon={<AttachFileIcon />}
                      disabled={readOnly}
                      onClick={() => {
                        fileRow.current = index;
                        fileInput.current?.click();
                      }}
                      sx={{ textTransform: 'none', maxWidth: '100%', justifyContent: 'flex-start' }}
                    >
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {row.fileName
                          ? translate('app.knowledge.tests.request.file_chosen', {
                              name: row.fileName,
                              size: formatBytes(Math.round(((row.base64?.length ?? 0) * 3) / 4)),
                            })
                          : t('choose_file')}
                      </Box>
                    </Button>
                  ) : (
                    <TextField
                      variant="standard"
                      fullWidth
                      value={row.value}
                      placeholder={t('value')}
                      disabled={readOnly}
                      onChange={(event) => edit(index, { value: event.target.value })}
                      slotProps={{
                        htmlInput: { 'aria-label': `${label} ${t('value')} ${index + 1}`, spellCheck: false },
                      }}
                      sx={monoInput}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <TextField
                    variant="standard"
                    fullWidth
                    value={row.description ?? ''}
                    placeholder={t('description')}
                    disabled={readOnly}
                    onChange={(event) => edit(index, { description: event.target.value || undefined })}
                    slotProps={{ htmlInput: { 'aria-label': `${label} ${t('description')} ${index + 1}` } }}
                    sx={dense}
                  />
                </TableCell>
                <TableCell>
                  {!readOnly && !lockedNames && !phantom && (
                    <IconButton
                      size="small"
                      aria-label={t('remove')}
                      onClick={() => onChange(rows.filter((_, at) => at !== index))}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {files && (
        <input
          ref={fileInput}
          type="file"
          hidden
          onChange={(event) => {
            void pickFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      )}
    </Box>
  );
}
