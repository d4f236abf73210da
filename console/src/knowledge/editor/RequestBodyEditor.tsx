import { Box, Checkbox, FormControlLabel, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { FormField, RequestBody } from '@pmbok/api-types';
import { useTranslate } from 'react-admin';
import { withLibraryKeywords } from '../mock/fieldSuggest';
import { BODY_TYPES, DEFAULT_MEDIA_TYPES, exampleText, exampleValue, newFormField } from './apiDraft';
import { ExamplesEditor } from './ExamplesEditor';
import { type ParamLine, ParamTable } from './ParamTable';
import { SchemaEditor } from './SchemaEditor';

interface Props {
  body: RequestBody;
  readOnly: boolean;
  models: string[];
  onChange(body: RequestBody): void;
}

const FORM_TYPES = ['string', 'integer', 'number', 'boolean', 'file', 'array'] as const;

const fieldLine = (f: FormField): ParamLine => ({
  name: f.name,
  type: f.type,
  required: f.required,
  example: exampleText(f.example),
  description: f.description,
});

function applyField(f: FormField, patch: Partial<ParamLine>): FormField {
  const next = { ...f };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.type !== undefined) next.type = patch.type as FormField['type'];
  if (patch.required !== undefined) next.required = patch.required;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.example !== undefined) next.example = exampleValue(patch.example, next.type);
  next.schema = withLibraryKeywords(next.schema ?? {}, patch);
  return next;
}

/** The request body: its kind, media type, and what that kind holds (fields, a schema, a raw text). */
export const RequestBodyEditor = ({ body, readOnly, models, onChange }: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.body.${key}`);
  const set = (patch: Partial<RequestBody>) => onChange({ ...body, ...patch });
  const setType = (type: RequestBody['type']) => {
    // A media type the user wrote stays; the previous kind's default follows the new kind.
    const keepMedia = body.mediaType !== '' && body.mediaType !== DEFAULT_MEDIA_TYPES[body.type];
    const structured = type === 'json' || type === 'xml';
    // A first JSON or XML body starts as an object to add fields to.
    const schema =
      structured && Object.keys(body.schema).length === 0 ? { type: 'object', properties: {} } : body.schema;
    set({ type, mediaType: keepMedia ? body.mediaType : DEFAULT_MEDIA_TYPES[type], schema });
  };
  const isForm = body.type === 'form-data' || body.type === 'x-www-form-urlencoded';
  const names = body.fields.map((f) => f.name.trim());
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        sx={{ flexWrap: 'wrap' }}
        value={body.type}
        disabled={readOnly}
        onChange={(_event, value) => value && setType(value)}
        aria-label={t('type')}
      >
        {BODY_TYPES.map((type) => (
          <ToggleButton key={type} value={type} sx={{ textTransform: 'none', px: 1.5, whiteSpace: 'nowrap' }}>
            {t(`type_${type.replace(/-/g, '_')}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {body.type !== 'none' && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('media_type')}
            value={body.mediaType}
            disabled={readOnly}
            onChange={(event) => set({ mediaType: event.target.value })}
            sx={{ width: 280 }}
          />
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={body.required}
                disabled={readOnly}
                onChange={(event) => set({ required: event.target.checked })}
              />
            }
            label={t('required')}
          />
          <TextField
            size="small"
            label={t('description')}
            value={body.description}
            disabled={readOnly}
            onChange={(event) => set({ description: event.target.value })}
            sx={{ flex: 1, minWidth: 240 }}
          />
        </Box>
      )}
      {isForm && (
        <ParamTable
          testId="body-fields"
          lines={body.fields.map(fieldLine)}
          types={body.type === 'form-data' ? FORM_TYPES : FORM_TYPES.filter((type) => type !== 'file')}
          readOnly={readOnly}
          showEnum={false}
          invalid={(line, at) => line.name.trim() === '' || names.indexOf(line.name.trim()) !== at}
          onEdit={(at, patch) =>
            set({ fields: body.fields.map((f, index) => (index === at ? applyField(f, patch) : f)) })
          }
          onRemove={(at) => set({ fields: body.fields.filter((_f, index) => index !== at) })}
          onAdd={() => set({ fields: [...body.fields, newFormField()] })}
          addLabel={t('add_field')}
        />
      )}
      {(body.type === 'json' || body.type === 'xml') && (
        <SchemaEditor value={body.schema} readOnly={readOnly} models={models} onChange={(schema) => set({ schema })} />
      )}
      {body.type === 'raw' && (
        <TextField
          multiline
          minRows={6}
          label={t('raw')}
          value={body.raw}
          disabled={readOnly}
          onChange={(event) => set({ raw: event.target.value })}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
      )}
      {body.type === 'binary' && (
        <Typography variant="body2" color="text.secondary">
          {t('binary_hint')}
        </Typography>
      )}
      {(body.type === 'json' || body.type === 'xml' || body.type === 'raw') && (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('examples')}
          </Typography>
          <ExamplesEditor examples={body.examples} readOnly={readOnly} onChange={(examples) => set({ examples })} />
        </Box>
      )}
    </Box>
  );
};
