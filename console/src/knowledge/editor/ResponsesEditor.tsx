import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Autocomplete, Box, Button, IconButton, Popover, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { ApiResponse } from '@pmbok/api-types';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isResponseStatus, newResponse } from './apiDraft';
import { ExamplesEditor } from './ExamplesEditor';
import { SchemaEditor } from './SchemaEditor';

interface Props {
  responses: ApiResponse[];
  readOnly: boolean;
  models: string[];
  onChange(responses: ApiResponse[]): void;
}

const COMMON = ['200', '201', '204', '400', '401', '403', '404', '409', '422', '500', '2XX', '4XX', '5XX', 'default'];
const MEDIA = ['application/json', 'application/xml', 'text/plain', 'text/html', 'application/octet-stream'];

const statusColor = (status: string) =>
  status.startsWith('2')
    ? 'success.main'
    : status.startsWith('4') || status.startsWith('5')
      ? 'error.main'
      : 'text.secondary';

/** The responses, one tab per HTTP status: name, description, media type, schema and examples. */
export const ResponsesEditor = ({ responses, readOnly, models, onChange }: Props) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.editor.responses.${key}`, options);
  const [selected, setSelected] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [status, setStatus] = useState('');
  const current = Math.min(selected, responses.length - 1);
  const response = responses[current];
  const set = (patch: Partial<ApiResponse>) =>
    onChange(responses.map((r, index) => (index === current ? { ...r, ...patch } : r)));
  const taken = responses.map((r) => r.status);
  const statusError = status !== '' && (!isResponseStatus(status) || taken.includes(status));
  const normal = (value: string) => (value.trim().toUpperCase() === 'DEFAULT' ? 'default' : value.trim().toUpperCase());
  const add = (value = status) => {
    if (!isResponseStatus(value) || taken.includes(value)) return;
    onChange([...responses, newResponse(value)]);
    setSelected(responses.length);
    setAnchor(null);
    setStatus('');
  };
  const remove = (index: number) => {
    onChange(responses.filter((_r, at) => at !== index));
    setSelected(Math.max(0, index - 1));
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={responses.length ? current : false}
          onChange={(_event, value) => setSelected(value)}
          variant="scrollable"
        >
          {responses.map((r, index) => (
            <Tab
              // biome-ignore lint/suspicious/noArrayIndexKey: a repeated status (refused on save) still needs its own tab
              key={`${r.status}-${index}`}
              value={index}
              sx={{ minHeight: 40, textTransform: 'none', pr: readOnly ? 2 : 0.5 }}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <Box component="span" sx={{ color: statusColor(r.status), fontFamily: 'monospace', fontWeight: 600 }}>
                    {r.status}
                  </Box>
                  {r.name && <span>{r.name}</span>}
                  {!readOnly && (
                    <IconButton
                      component="span"
                      size="small"
                      aria-label={t('remove', { status: r.status })}
                      onClick={(event) => {
                        event.stopPropagation();
                        remove(index);
                      }}
                    >
                      <CloseIcon sx={{ fontSize: 14 }} />
                    </IconButton>
                  )}
                </Box>
              }
            />
          ))}
        </Tabs>
        {!readOnly && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ ml: 1 }}
          >
            {t('add')}
          </Button>
        )}
      </Box>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start', width: 320 }}>
          <Autocomplete
            freeSolo
            size="small"
            options={COMMON.filter((s) => !taken.includes(s))}
            inputValue={status}
            onInputChange={(_event, value) => setStatus(normal(value))}
            // Picking a suggestion, or Enter on a typed status, adds it at once. The Enter goes no further: focus is
            // back on the add button by then, which the key would press again.
            onChange={(event, value) => {
              event.preventDefault();
              if (typeof value === 'string') add(normal(value));
            }}
            sx={{ flex: 1 }}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t('status')}
                error={statusError}
                helperText={statusError ? t(taken.includes(status) ? 'status_taken' : 'status_invalid') : ' '}
              />
            )}
          />
          <Button variant="contained" onClick={() => add()} disabled={status === '' || statusError} sx={{ mt: 0.25 }}>
            {translate('ra.action.add')}
          </Button>
        </Box>
      </Popover>
      {!response ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('none')}
        </Typography>
      ) : (
        <Box key={current} sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('name')}
              value={response.name}
              disabled={readOnly}
              onChange={(event) => set({ name: event.target.value })}
              sx={{ width: 200 }}
            />
            <Autocomplete
              freeSolo
              size="small"
              options={MEDIA}
              inputValue={response.mediaType}
              disabled={readOnly}
              onInputChange={(_event, value) => set({ mediaType: value })}
              sx={{ width: 260 }}
              renderInput={(params) => <TextField {...params} label={t('media_type')} />}
            />
            <TextField
              size="small"
              label={t('description')}
              value={response.description}
              disabled={readOnly}
              onChange={(event) => set({ description: event.target.value })}
              sx={{ flex: 1, minWidth: 240 }}
            />
          </Box>
          <SchemaEditor
            value={response.schema}
            readOnly={readOnly}
            models={models}
            onChange={(schema) => set({ schema })}
          />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('examples')}
            </Typography>
            <ExamplesEditor
              examples={response.examples}
              readOnly={readOnly}
              onChange={(examples) => set({ examples })}
            />
          </Box>
        </Box>
      )}
    </Box>
  );
};
