import { javascript } from '@codemirror/lang-javascript';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CodeMirror from '@uiw/react-codemirror';
import { type ReactNode, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { SchemaEditor } from '../editor/SchemaEditor';
import { ConditionsTable } from './ConditionsTable';
import { BODY_TYPES, type DraftProblem, type ExpectationDraft } from './expectationDraft';

const EXTENSIONS = [javascript()];
const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;

function Part({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: hint ? 0 : 0.5 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** One expectation: its name and switch, the conditions, and the response it answers. */
export function ExpectationForm({
  draft,
  problems,
  readOnly,
  models,
  onChange,
}: {
  draft: ExpectationDraft;
  /** This expectation's problems (shown once a save was tried). */
  problems: DraftProblem[];
  readOnly: boolean;
  models: string[];
  onChange(patch: Partial<ExpectationDraft>): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.mock.exp.${key}`, options);
  const errorAt = (field: string) => problems.some((p) => p.field === field);
  const messageAt = (field: string) => {
    const problem = problems.find((p) => p.field === field);
    return problem ? translate(`app.knowledge.mock.problems.${problem.key}`, problem.args) : undefined;
  };
  const editors = useMemo(() => ({ javascript: EXTENSIONS }), []);

  return (
    <Stack spacing={2} data-testid="mock-expectation-form" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <TextField
          size="small"
          label={t('name')}
          value={draft.name}
          disabled={readOnly}
          error={errorAt('name')}
          helperText={messageAt('name')}
          onChange={(event) => onChange({ name: event.target.value })}
          sx={{ flex: 1 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.enabled}
              disabled={readOnly}
              onChange={(event) => onChange({ enabled: event.target.checked })}
            />
          }
          label={t('enabled')}
          sx={{ flexShrink: 0, mt: 0.5 }}
        />
      </Stack>
      <Part title={t('conditions')} hint={t('conditions_hint')}>
        <ConditionsTable
          conditions={draft.conditions}
          readOnly={readOnly}
          errorAt={errorAt}
          onChange={(conditions) => onChange({ conditions })}
        />
      </Part>
      <Part title={t('response')}>
        <Stack direction="row" spacing={2} sx={{ mb: 1.5 }}>
          <TextField
            size="small"
            label={t('status')}
            value={draft.status}
            disabled={readOnly}
            error={errorAt('status')}
            helperText={messageAt('status')}
            onChange={(event) => onChange({ status: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 140 }}
          />
          <TextField
            size="small"
            label={t('delay')}
            value={draft.delayMs}
            disabled={readOnly}
            error={errorAt('delayMs')}
            helperText={messageAt('delayMs')}
            onChange={(event) => onChange({ delayMs: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 160 }}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('headers')}
        </Typography>
        {draft.headers.map((header, index) => (
          <Stack
            // biome-ignore lint/suspicious/noArrayIndexKey: headers have no id; a name being typed is no key either
            key={index}
            direction="row"
            spacing={1}
            alignItems="center"
            data-testid="mock-response-header"
          >
            <TextField
              variant="standard"
              value={header.name}
              placeholder={t('header_name')}
              disabled={readOnly}
              error={errorAt(`headers.${index}.name`)}
              onChange={(event) =>
                onChange({
                  headers: draft.headers.map((h, at) => (at === index ? { ...h, name: event.target.value } : h)),
                })
              }
              slotProps={{ htmlInput: { 'aria-label': t('header_name'), spellCheck: false } }}
              sx={{ ...dense, width: 220 }}
            />
            <TextField
              variant="standard"
              value={header.value}
              placeholder={t('header_value')}
              disabled={readOnly}
              onChange={(event) =>
                onChange({
                  headers: draft.headers.map((h, at) => (at === index ? { ...h, value: event.target.value } : h)),
                })
              }
              slotProps={{ htmlInput: { 'aria-label': t('header_value'), spellCheck: false } }}
              sx={{ ...dense, flex: 1 }}
            />
            {!readOnly && (
              <IconButton
                size="small"
                aria-label={t('remove_header')}
                onClick={() => onChange({ headers: draft.headers.filter((_h, at) => at !== index) })}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
        {!readOnly && (
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onChange({ headers: [...draft.headers, { name: '', value: '' }] })}
            >
              {t('add_header')}
            </Button>
          </Box>
        )}
      </Part>
      <Part title={t('body_type')} hint={t(`body_hints.${draft.bodyType}`)}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={draft.bodyType}
          disabled={readOnly}
          onChange={(_event, value: ExpectationDraft['bodyType'] | null) => value && onChange({ bodyType: value })}
          sx={{ mb: 1, flexWrap: 'wrap' }}
        >
          {BODY_TYPES.map((type) => (
            <ToggleButton key={type} value={type} sx={{ textTransform: 'none', py: 0.25 }}>
              {t(`body_types.${type}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {draft.bodyType === 'schema' ? (
          <SchemaEditor
            value={draft.schema}
            readOnly={readOnly}
            models={models}
            onChange={(schema) => onChange({ schema })}
          />
        ) : draft.bodyType === 'text' ? (
          <TextField
            multiline
            fullWidth
            minRows={4}
            maxRows={16}
            value={draft.text}
            disabled={readOnly}
            onChange={(event) => onChange({ text: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': t('body_type'), spellCheck: false } }}
            sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
          />
        ) : (
          <Box
            data-testid="mock-body-json"
            sx={{
              '& .cm-editor': { fontSize: 13 },
              border: 1,
              borderColor: errorAt('body') ? 'error.main' : 'divider',
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            <CodeMirror
              value={draft.bodyText}
              onChange={(bodyText) => onChange({ bodyText })}
              extensions={editors.javascript}
              editable={!readOnly}
              readOnly={readOnly}
              minHeight="140px"
              maxHeight="420px"
              basicSetup={{ foldGutter: true }}
              aria-label={t('body_type')}
            />
          </Box>
        )}
        {messageAt('body') && (
          <Typography variant="caption" color="error" data-testid="mock-body-error">
            {messageAt('body')}
          </Typography>
        )}
      </Part>
    </Stack>
  );
}
