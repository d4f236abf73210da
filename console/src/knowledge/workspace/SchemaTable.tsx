import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Parameter } from '../docApi';
import { type SchemaRow, schemaRows, typeLabel } from './schemaModel';

const mono = { fontFamily: 'monospace', fontSize: 13 };

function Cells({ row }: { row: SchemaRow }) {
  const translate = useTranslate();
  return (
    <>
      <TableCell sx={{ ...mono, pl: 2 + row.depth * 2.5, whiteSpace: 'nowrap' }}>
        {row.depth > 0 && (
          <Box component="span" sx={{ color: 'text.disabled', mr: 0.5 }}>
            └
          </Box>
        )}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {row.name}
        </Box>
      </TableCell>
      <TableCell sx={{ ...mono, color: 'secondary.main', whiteSpace: 'nowrap' }}>{row.type}</TableCell>
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
              {translate('app.knowledge.doc.enum')}:
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
  const rows = schemaRows(schema);
  if (rows.length === 0) {
    const type = typeLabel(schema);
    return (
      <Typography variant="body2" color="text.secondary">
        {type ? `${translate('app.knowledge.doc.type')}: ${type}` : translate('app.knowledge.doc.no_fields')}
      </Typography>
    );
  }
  return (
    <Box sx={tableSx}>
      <Table size="small" aria-label={translate('app.knowledge.doc.fields')}>
        <Head />
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <Cells row={row} />
            </TableRow>
          ))}
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
                  ? `${translate('app.knowledge.doc.example')}: ${typeof example === 'string' ? example : JSON.stringify(example)}`
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
