import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import DataObjectIcon from '@mui/icons-material/DataObject';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { Box, Button, Paper, TextField, ToggleButton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { GenerateSchemaDialog } from './GenerateSchemaDialog';
import {
  type RowActions,
  rowBackground,
  SCHEMA_GRID,
  SCHEMA_GRID_MIN,
  SchemaRowView,
  stickyCell,
} from './SchemaRowView';
import {
  addChild,
  addSibling,
  editRow,
  type JsonSchema,
  removeRow,
  rowsToSchema,
  type SchemaRow,
  schemaToRows,
} from './schemaRows';

export interface SchemaEditorProps {
  value: JsonSchema;
  onChange(schema: JsonSchema): void;
  readOnly?: boolean;
  /** Names of the project's shared models (schema nodes), offered for `$ref`. */
  models?: string[];
}

function allRows(row: SchemaRow): SchemaRow[] {
  return [row, ...row.children.flatMap(allRows), ...(row.items ? allRows(row.items) : [])];
}
const allIds = (row: SchemaRow) => allRows(row).map((r) => r.id);
/** Rows read with a format or enum show their detail line, so nothing set is hidden behind a button. */
const filledDetails = (row: SchemaRow) =>
  new Set(
    allRows(row)
      .filter((r) => r.format !== '' || r.enumText !== '')
      .map((r) => r.id),
  );

/**
 * The JSON Schema tree editor: a row per property, nested objects and arrays to any depth, and the schema's JSON
 * for what the rows do not show (oneOf, patterns, limits): both edit the same schema, losing nothing.
 */
export const SchemaEditor = ({ value, onChange, readOnly = false, models = [] }: SchemaEditorProps) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.editor.schema.${key}`, options);
  const [rows, setRows] = useState(() => schemaToRows(value));
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [details, setDetails] = useState(() => filledDetails(rows));
  const [generating, setGenerating] = useState(false);
  const [source, setSource] = useState<string | null>(null);
  const [sourceError, setSourceError] = useState('');
  // The schema this editor last handed out: a different value coming in is someone else's (a merge, a reload).
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const next = schemaToRows(value);
    setRows(next);
    setDetails(filledDetails(next));
  }, [value]);

  const change = (next: SchemaRow) => {
    setRows(next);
    const schema = rowsToSchema(next);
    emitted.current = schema;
    onChange(schema);
  };
  const replace = (schema: JsonSchema) => {
    const next = schemaToRows(schema);
    setRows(next);
    setCollapsed(new Set());
    setDetails(filledDetails(next));
    emitted.current = schema;
    onChange(schema);
  };
  const actions: RowActions = {
    edit: (id, patch) => change(editRow(rows, id, patch)),
    addChild: (id) => {
      setCollapsed((set) => new Set([...set].filter((x) => x !== id)));
      change(addChild(rows, id));
    },
    addSibling: (id) => change(addSibling(rows, id)),
    remove: (id) => change(removeRow(rows, id)),
    toggle: (id) =>
      setCollapsed((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleDetail: (id) =>
      setDetails((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };

  const applySource = () => {
    try {
      const parsed = JSON.parse(source ?? '');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error(t('source_not_object'));
      replace(parsed);
      setSource(null);
      setSourceError('');
    } catch (error) {
      setSourceError((error as Error).message);
    }
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="schema-editor">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          px: 1,
          py: 0.5,
          bgcolor: 'action.hover',
          '& .MuiButtonBase-root': { whiteSpace: 'nowrap' },
        }}
      >
        {!readOnly && (
          <Button size="small" startIcon={<AutoFixHighIcon />} onClick={() => setGenerating(true)}>
            {t('generate')}
          </Button>
        )}
        <Button size="small" startIcon={<UnfoldMoreIcon />} onClick={() => setCollapsed(new Set())}>
          {t('expand_all')}
        </Button>
        <Button
          size="small"
          startIcon={<UnfoldLessIcon />}
          onClick={() => setCollapsed(new Set(allIds(rows).slice(1)))}
        >
          {t('collapse_all')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <ToggleButton
          size="small"
          value="source"
          selected={source !== null}
          onChange={() => setSource(source === null ? JSON.stringify(rowsToSchema(rows), null, 2) : null)}
          sx={{ py: 0.25, px: 1, fontSize: 12 }}
        >
          <DataObjectIcon fontSize="small" sx={{ mr: 0.5 }} />
          {t('source')}
        </ToggleButton>
      </Box>
      {source !== null ? (
        <Box sx={{ p: 1 }}>
          <TextField
            multiline
            fullWidth
            minRows={8}
            maxRows={30}
            value={source}
            disabled={readOnly}
            error={sourceError !== ''}
            helperText={sourceError || t('source_hint')}
            onChange={(event) => setSource(event.target.value)}
            slotProps={{ htmlInput: { 'aria-label': t('source'), spellCheck: false } }}
            sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
          />
          {!readOnly && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
              <Button size="small" onClick={() => setSource(null)}>
                {translate('ra.action.cancel')}
              </Button>
              <Button size="small" variant="contained" onClick={applySource}>
                {t('source_apply')}
              </Button>
            </Box>
          )}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Box sx={{ minWidth: SCHEMA_GRID_MIN }}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: SCHEMA_GRID,
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
                ...rowBackground,
                '&:hover': {},
                '& > *': { px: 0.5 },
              }}
            >
              {['name', 'type', 'required', 'description', 'actions'].map((key) => (
                <Typography
                  key={key}
                  variant="caption"
                  color="text.secondary"
                  sx={
                    key === 'name'
                      ? { ...stickyCell('left'), pl: 4 }
                      : key === 'actions'
                        ? stickyCell('right')
                        : { textAlign: key === 'required' ? 'center' : 'left' }
                  }
                >
                  {key === 'actions' ? '' : t(key)}
                </Typography>
              ))}
            </Box>
            <SchemaRowView
              row={rows}
              depth={0}
              path=""
              collapsed={collapsed}
              details={details}
              readOnly={readOnly}
              models={models}
              actions={actions}
            />
          </Box>
        </Box>
      )}
      <GenerateSchemaDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onGenerated={(schema) => {
          setGenerating(false);
          replace(schema);
        }}
      />
    </Paper>
  );
};

export default SchemaEditor;
