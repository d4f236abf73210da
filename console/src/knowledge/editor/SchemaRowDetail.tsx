import { Autocomplete, Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaRow } from './schemaRows';

const FORMATS = [
  'date',
  'date-time',
  'time',
  'email',
  'uri',
  'uuid',
  'int32',
  'int64',
  'float',
  'double',
  'binary',
  'byte',
  'password',
];

export const small = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;

interface Props {
  row: SchemaRow;
  depth: number;
  readOnly: boolean;
  models: string[];
  edit(id: string, patch: Partial<SchemaRow>): void;
}

/** A row's detail line below it: its format (or, for a `$ref`, the model) and its enum values. */
export const SchemaRowDetail = ({ row, depth, readOnly, models, edit }: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.schema.${key}`);
  const formatField =
    row.type === 'ref' ? (
      <Autocomplete
        freeSolo
        size="small"
        options={models}
        value={row.ref}
        disabled={readOnly}
        onInputChange={(_event, value) => edit(row.id, { ref: value })}
        sx={{ width: 200 }}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            label={t('model')}
            error={row.ref.trim() === ''}
            sx={small}
            InputLabelProps={{ ...params.InputLabelProps, shrink: true }}
            slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': t('model') } }}
          />
        )}
      />
    ) : (
      <Autocomplete
        freeSolo
        size="small"
        options={FORMATS}
        value={row.format}
        disabled={readOnly || row.type === 'object' || row.type === 'null'}
        onInputChange={(_event, value) => edit(row.id, { format: value })}
        sx={{ width: 160 }}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            label={t('format')}
            sx={small}
            InputLabelProps={{ ...params.InputLabelProps, shrink: true }}
            slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': t('format') } }}
          />
        )}
      />
    );

  return (
    // Sticky too, so the detail stays under the name however far the box is scrolled.
    <Box
      sx={{
        position: 'sticky',
        left: 0,
        width: 'fit-content',
        maxWidth: '100%',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        gap: 2,
        pb: 0.75,
        pr: 1,
        pl: `${8 + depth * 18 + 28 + 4}px`,
      }}
    >
      {formatField}
      <TextField
        variant="standard"
        label={t('enum')}
        value={row.enumText}
        placeholder={t('enum_hint')}
        disabled={readOnly || row.type === 'object' || row.type === 'array' || row.type === 'ref'}
        onChange={(event) => edit(row.id, { enumText: event.target.value })}
        slotProps={{ htmlInput: { 'aria-label': t('enum') }, inputLabel: { shrink: true } }}
        sx={{ ...small, width: 240 }}
      />
    </Box>
  );
};
