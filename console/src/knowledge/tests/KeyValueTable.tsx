import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Button } from '@mui/material';
import type { FormDataField } from '@pmbok/runner';
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { EditableRows, rowEdits } from '../editor/EditableRows';
import { CellMenu, CellText, enabledColumn, removeColumn } from '../editor/RowCells';
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

/** Reads a picked file as base64 (what the runner's model carries for files). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const blank = (): FormDataField => ({ name: '', value: '' });
const FIELD_TYPES = ['text', 'file'] as const;

/**
 * Name, value and description rows, each switched on or off, Postman's way: the last row is always blank and
 * typing in it adds a row (blank rows are not saved).
 */
export function KeyValueTable({ rows, readOnly, onChange, lockedNames, files, label, testId }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`app.knowledge.tests.request.${key}`);
  const shown = readOnly || lockedNames || rows.length >= CASE_LIMITS.rows ? rows : [...rows, blank()];
  const saved = (_row: FormDataField, index: number) => index < rows.length;
  const fileInput = useRef<HTMLInputElement>(null);
  const fileRow = useRef(-1);
  const { edit, remove } = rowEdits(rows, onChange, blank);

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
  const fileButton = (row: FormDataField, index: number) => (
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
  );

  return (
    <EditableRows
      rows={shown}
      readOnly={readOnly}
      empty={t('none')}
      label={label}
      testId={testId}
      minWidth={560}
      rowData={(row) => ({ 'data-row': row.name })}
      columns={[
        enabledColumn({ label: (row) => `${t('enabled')} ${row.name}`, readOnly, onEdit: edit, shownFor: saved }),
        {
          head: t('name'),
          width: '26%',
          cell: (row, index) => (
            <CellText
              mono
              value={row.name}
              placeholder={t('name')}
              label={`${label} ${t('name')} ${index + 1}`}
              disabled={readOnly || lockedNames}
              onChange={(name) => edit(index, { name })}
            />
          ),
        },
        files === true && {
          head: t('field_type'),
          width: 96,
          cell: (row, index) => (
            <CellMenu
              value={row.type === 'file' ? 'file' : 'text'}
              options={FIELD_TYPES}
              text={t}
              label={t('field_type')}
              disabled={readOnly}
              onChange={(type) =>
                edit(index, type === 'file' ? { type } : { type: undefined, base64: undefined, fileName: undefined })
              }
            />
          ),
        },
        {
          head: t('value'),
          cell: (row, index) =>
            files && row.type === 'file' ? (
              fileButton(row, index)
            ) : (
              <CellText
                mono
                value={row.value}
                placeholder={t('value')}
                label={`${label} ${t('value')} ${index + 1}`}
                disabled={readOnly}
                onChange={(value) => edit(index, { value })}
              />
            ),
        },
        {
          head: t('description'),
          width: '24%',
          cell: (row, index) => (
            <CellText
              prose
              value={row.description ?? ''}
              placeholder={t('description')}
              label={`${label} ${t('description')} ${index + 1}`}
              disabled={readOnly}
              onChange={(description) => edit(index, { description: description || undefined })}
            />
          ),
        },
        removeColumn({
          label: t('remove'),
          readOnly: readOnly || lockedNames === true,
          onRemove: remove,
          shownFor: saved,
        }),
      ]}
    >
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
    </EditableRows>
  );
}
