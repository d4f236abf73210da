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
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Environment, EnvironmentFields, NameValue } from '../knowledgeApi';

/** docs/api/knowledge.md: an http(s) URL or empty. */
export const isBaseUrl = (value: string) => value === '' || /^https?:\/\/[^\s/?#]+\S*$/i.test(value);

const EMPTY_ROW: NameValue = { name: '', value: '', description: '' };

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
    variables: environment?.variables.length ? environment.variables : [EMPTY_ROW],
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
          readOnly={readOnly}
          onChange={(variables) => setFields({ ...fields, variables })}
        />
        <NameValueRows
          title={translate('app.knowledge.environments.headers')}
          rows={fields.headers}
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

interface NameValueRowsProps {
  title: string;
  rows: NameValue[];
  readOnly: boolean;
  onChange: (rows: NameValue[]) => void;
}

/** Rows of name, value and description; rows left without a name are dropped on save. */
const NameValueRows = ({ title, rows, readOnly, onChange }: NameValueRowsProps) => {
  const translate = useTranslate();
  const set = (index: number, key: keyof NameValue, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  const columns: (keyof NameValue)[] = ['name', 'value', 'description'];

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and are edited in place
        <Box key={index} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1.5fr auto', gap: 1, mb: 1 }}>
          {columns.map((key) => (
            <TextField
              key={key}
              size="small"
              placeholder={translate(`app.knowledge.environments.row_${key}`)}
              value={row[key]}
              disabled={readOnly}
              onChange={(event) => set(index, key, event.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': `${title} ${index + 1} ${translate(`app.knowledge.environments.row_${key}`)}`,
                },
              }}
            />
          ))}
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
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, EMPTY_ROW])}>
          {translate('app.knowledge.environments.add_row')}
        </Button>
      )}
    </Box>
  );
};
