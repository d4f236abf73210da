import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type Parameter, useDocDetail, useProjectStructure } from '../docApi';
import { refName, type SchemaRow, schemaRows, typeLabel } from './schemaModel';

const mono = { fontFamily: 'monospace', fontSize: 13 };

/**
 * The project whose schema models a `$ref` names: inside it a referring property expands to the model's fields.
 * Without it (no project at hand) a reference shows as the model's name only.
 */
export const SchemaModelsProject = createContext<number | null>(null);

/** The fields of the model `name`, one level below the referring row; `chain` stops a model inside itself. */
function RefRows({ name, depth, chain, prefix }: { name: string; depth: number; chain: string[]; prefix: string }) {
  const translate = useTranslate();
  const projectId = useContext(SchemaModelsProject) ?? 0;
  const { data: tree, isPending: treePending } = useProjectStructure(projectId);
  const node = tree?.nodes.find((n) => n.kind === 'schema' && n.name === name);
  const { data: model } = useDocDetail(projectId, node?.projectStructureId ?? null);
  const note = (key: string) => (
    <TableRow>
      <TableCell colSpan={4} sx={{ pl: 2 + depth * 2.5, color: 'text.secondary', fontSize: 13 }}>
        {translate(`app.knowledge.editor.model.${key}`, { name })}
      </TableCell>
    </TableRow>
  );
  // a model inside itself opens one level per click only, so this is reached by hand, never by a loop
  if (depth > 12) return note('ref_cycle');
  if (!treePending && !node) return note('ref_missing');
  if (!model) return null;
  return <Rows rows={schemaRows(model.schema?.schema ?? {}, depth, prefix)} chain={[...chain, name]} />;
}

function Rows({ rows, chain }: { rows: SchemaRow[]; chain: string[] }) {
  return rows.map((row) => <Row key={row.key} row={row} chain={chain} />);
}

function Row({ row, chain }: { row: SchemaRow; chain: string[] }) {
  const projectId = useContext(SchemaModelsProject);
  // a referred model reads like the document's own fields: open unless it would repeat itself
  const [open, setOpen] = useState(!row.ref || !chain.includes(row.ref));
  const expandable = !!row.ref && projectId !== null;
  return (
    <>
      <TableRow data-field={row.key}>
        <Cells row={row} open={expandable ? open : undefined} onToggle={() => setOpen(!open)} />
      </TableRow>
      {expandable && open && (
        <RefRows name={row.ref as string} depth={row.depth + 1} chain={chain} prefix={`${row.key}>`} />
      )}
    </>
  );
}

function Cells({ row, open, onToggle }: { row: SchemaRow; open?: boolean; onToggle?(): void }) {
  const translate = useTranslate();
  const Icon = open ? ExpandMoreIcon : ChevronRightIcon;
  return (
    <>
      <TableCell sx={{ ...mono, pl: 2 + row.depth * 2.5, whiteSpace: 'nowrap' }}>
        {row.depth > 0 && (
          <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
            └
          </Box>
        )}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {row.name}
        </Box>
      </TableCell>
      <TableCell sx={{ ...mono, color: 'secondary.main', whiteSpace: 'nowrap' }}>
        {open === undefined ? (
          row.type
        ) : (
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={onToggle}
            aria-expanded={open}
            title={translate(`app.knowledge.editor.model.${open ? 'ref_collapse' : 'ref_expand'}`, { name: row.ref })}
            sx={{ ...mono, display: 'inline-flex', alignItems: 'center', color: 'secondary.main' }}
          >
            <Icon sx={{ fontSize: 16 }} />
            {row.type}
          </Link>
        )}
      </TableCell>
      <TableCell>
        {row.required ? (
          <Typography variant="caption" color="error.main" fontWeight={600}>
            {translate('app.knowledge.doc.required')}
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {translate('app.knowledge.doc.optional')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ fontSize: 13 }}>
        {row.description}
        {row.enumValues.length > 0 && (
          <Box sx={{ mt: 0.5, display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="caption" color="text.secondary">
              {translate('app.knowledge.doc.label_value', { label: translate('app.knowledge.doc.enum'), value: '' })}
            </Typography>
            {row.enumValues.map((value) => (
              <Chip key={JSON.stringify(value)} size="small" label={JSON.stringify(value)} sx={mono} />
            ))}
          </Box>
        )}
        {row.extra && (
          <Typography variant="caption" color="text.secondary" component="div">
            {row.extra}
          </Typography>
        )}
      </TableCell>
    </>
  );
}

function Head() {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow sx={{ '& th': { bgcolor: 'action.hover', fontWeight: 600 } }}>
        <TableCell sx={{ width: '28%' }}>{translate('app.knowledge.doc.field')}</TableCell>
        <TableCell sx={{ width: '16%' }}>{translate('app.knowledge.doc.type')}</TableCell>
        <TableCell sx={{ width: 80 }}>{translate('app.knowledge.doc.required')}</TableCell>
        <TableCell>{translate('app.knowledge.doc.description')}</TableCell>
      </TableRow>
    </TableHead>
  );
}

const tableSx = { border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' } as const;

/** A JSON Schema's properties as a table, nested objects and arrays of objects indented under their parent. */
export function SchemaTable({ schema }: { schema: Record<string, unknown> }) {
  const translate = useTranslate();
  const projectId = useContext(SchemaModelsProject);
  const rootRef = refName(schema);
  const rows = schemaRows(schema);
  if (rootRef && projectId !== null) {
    // the whole body is a model: its fields are the body's
    return (
      <Box sx={tableSx}>
        <Table size="small" aria-label={translate('app.knowledge.doc.fields')}>
          <Head />
          <TableBody>
            <RefRows name={rootRef} depth={0} chain={[]} prefix="" />
          </TableBody>
        </Table>
      </Box>
    );
  }
  if (rows.length === 0) {
    const type = typeLabel(schema);
    return (
      <Typography variant="body2" color="text.secondary">
        {type
          ? translate('app.knowledge.doc.label_value', { label: translate('app.knowledge.doc.type'), value: type })
          : translate('app.knowledge.doc.no_fields')}
      </Typography>
    );
  }
  return (
    <Box sx={tableSx}>
      <Table size="small" aria-label={translate('app.knowledge.doc.fields')}>
        <Head />
        <TableBody>
          <Rows rows={rows} chain={[]} />
        </TableBody>
      </Table>
    </Box>
  );
}

/** Path, query, header or cookie parameters; an enum or example shows under the description. */
export function ParameterTable({ parameters }: { parameters: Parameter[] }) {
  const translate = useTranslate();
  return (
    <Box sx={tableSx}>
      <Table size="small">
        <Head />
        <TableBody>
          {parameters.map((param) => {
            const schema = param.schema ?? {};
            const example = param.example ?? schema.example;
            const row: SchemaRow = {
              key: param.name,
              name: param.name,
              depth: 0,
              type: typeLabel(schema) || 'string',
              required: param.required,
              description: [
                param.description,
                example !== undefined && example !== null && example !== ''
                  ? translate('app.knowledge.doc.label_value', {
                      label: translate('app.knowledge.doc.example'),
                      value: typeof example === 'string' ? example : JSON.stringify(example),
                    })
                  : '',
              ]
                .filter(Boolean)
                .join('  ·  '),
              enumValues: Array.isArray(schema.enum) ? schema.enum : [],
              extra: param.deprecated ? translate('app.knowledge.doc.deprecated') : '',
            };
            return (
              <TableRow key={param.name}>
                <Cells row={row} />
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
