import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Environment, EnvironmentFields, EnvironmentVariable, NameValue } from '../knowledgeApi';

/** docs/api/knowledge.md: an http(s) URL or empty. */
export const isBaseUrl = (value: string) => value === '' || /^https?:\/\/[^\s/?#]+\S*$/i.test(value);

const EMPTY_ROW: NameValue = { name: '', value: '', description: '' };
const EMPTY_VARIABLE: EnvironmentVariable = { ...EMPTY_ROW, secret: false };

interface EnvironmentDialogProps {
  /** The environment to edit; null for a new one. */
  environment: Environment | null;
  busy: boolean;
  /** Viewers see the whole environment, nothing editable. */
  readOnly?: boolean;
  onSave: (fields: EnvironmentFields) => void;
  onClose: () => void;
}

/** An environment's name, base URL, variables and common headers. */
export const EnvironmentDialog = ({ environment, busy, readOnly = false, onSave, onClose }: EnvironmentDialogProps) => {
  const translate = useTranslate();
  const [fields, setFields] = useState<EnvironmentFields>(() => ({
    name: environment?.name ?? '',
    baseUrl: environment?.baseUrl ?? '',
    // an environment saved before variables could be secret has rows without the flag
    variables: environment?.variables.length
      ? environment.variables.map((row) => ({ ...row, secret: row.secret === true }))
      : [EMPTY_VARIABLE],
    headers: environment?.headers.length ? environment.headers : [EMPTY_ROW],
  }));
  const badUrl = !isBaseUrl(fields.baseUrl.trim());

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="environment-dialog">
      <DialogTitle id="environment-dialog">
        {readOnly
          ? environment?.name
          : translate(environment ? 'app.knowledge.environments.edit' : 'app.knowledge.environments.add')}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
          <TextField
            name="name"
            label={translate('app.knowledge.environments.name')}
            placeholder={translate('app.knowledge.environments.name_placeholder')}
            value={fields.name}
            onChange={(event) => setFields({ ...fields, name: event.target.value })}
            required
            autoFocus
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <TextField
            name="baseUrl"
            label={translate('app.knowledge.environments.base_url')}
            placeholder="https://api.example.com"
            value={fields.baseUrl}
            onChange={(event) => setFields({ ...fields, baseUrl: event.target.value })}
            error={badUrl}
            disabled={readOnly}
            helperText={translate(
              badUrl ? 'app.knowledge.environments.bad_url' : 'app.knowledge.environments.base_url_hint',
            )}
          />
        </Box>
        <NameValueRows
          title={translate('app.knowledge.environments.variables')}
          rows={fields.variables}
          empty={EMPTY_VARIABLE}
          readOnly={readOnly}
          onChange={(variables) => setFields({ ...fields, variables })}
        />
        <NameValueRows
          title={translate('app.knowledge.environments.headers')}
          rows={fields.headers}
          empty={EMPTY_ROW}
          readOnly={readOnly}
          onChange={(headers) => setFields({ ...fields, headers })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {!readOnly && (
          <Button
            variant="contained"
            disabled={busy || !fields.name.trim() || badUrl}
            onClick={() => onSave({ ...fields, name: fields.name.trim(), baseUrl: fields.baseUrl.trim() })}
          >
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

interface NameValueRowsProps<Row extends NameValue> {
  title: string;
  rows: Row[];
  /** A new row; a variable's has the 保密 switch (`secret`), shown as ****** in test reports. */
  empty: Row;
  readOnly: boolean;
  onChange: (rows: Row[]) => void;
}

/** Rows of name, value and description (and 保密 for variables); rows left without a name are dropped on save. */
const NameValueRows = <Row extends NameValue & { secret?: boolean }>({
  title,
  rows,
  empty,
  readOnly,
  onChange,
}: NameValueRowsProps<Row>) => {
  const translate = useTranslate();
  const set = (index: number, key: keyof Row, value: string | boolean) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  const columns: (keyof NameValue)[] = ['name', 'value', 'description'];
  const secrets = 'secret' in empty;
  const secretLabel = translate('app.knowledge.tests.variables.secret');
  const rowSx = {
    display: 'grid',
    gridTemplateColumns: secrets ? '1fr 1fr 1.5fr auto auto' : '1fr 1fr 1.5fr auto',
    gap: 1,
    mb: 1,
    alignItems: 'center',
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and are edited in place
        <Box key={index} sx={rowSx}>
          {columns.map((key) => (
            <TextField
              key={key}
              size="small"
              type={key === 'value' && row.secret ? 'password' : 'text'}
              placeholder={translate(`app.knowledge.environments.row_${key}`)}
              value={row[key]}
              disabled={readOnly}
              onChange={(event) => set(index, key, event.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': `${title} ${index + 1} ${translate(`app.knowledge.environments.row_${key}`)}`,
                  autoComplete: 'off',
                },
              }}
            />
          ))}
          {secrets && (
            <Tooltip title={translate('app.knowledge.tests.variables.secret_hint')}>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Switch
                  size="small"
                  checked={row.secret === true}
                  disabled={readOnly}
                  onChange={(event) => set(index, 'secret', event.target.checked)}
                  slotProps={{ input: { 'aria-label': `${title} ${index + 1} ${secretLabel}` } }}
                />
                <Typography variant="caption" color="text.secondary">
                  {secretLabel}
                </Typography>
              </Box>
            </Tooltip>
          )}
          {!readOnly && (
            <Tooltip title={translate('app.knowledge.environments.remove_row')}>
              <IconButton
                aria-label={translate('app.knowledge.environments.remove_row')}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
                size="small"
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      {!readOnly && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, empty])}>
          {translate('app.knowledge.environments.add_row')}
        </Button>
      )}
    </Box>
  );
};
