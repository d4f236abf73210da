import { Box, Tab, Tabs, Typography } from '@mui/material';
import type { Parameter } from '@pmbok/api-types';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { withLibraryKeywords } from '../mock/fieldSuggest';
import {
  exampleText,
  exampleValue,
  newParameter,
  PARAM_LOCATIONS,
  PARAM_TYPES,
  type ParamLocation,
  pathParamNames,
} from './apiDraft';
import { type ParamLine, ParamTable } from './ParamTable';
import { enumToText, parseEnum, type RowType } from './schemaRows';

interface Props {
  parameters: Parameter[];
  path: string;
  readOnly: boolean;
  onChange(parameters: Parameter[]): void;
}

const typeOf = (p: Parameter) => (typeof p.schema.type === 'string' ? p.schema.type : 'string');

function toLine(p: Parameter, inPath: string[]): ParamLine {
  return {
    name: p.name,
    type: typeOf(p),
    required: p.required,
    example: exampleText(p.example),
    description: p.description,
    enumText: enumToText(p.schema.enum),
    locked: p.in === 'path' && inPath.includes(p.name),
  };
}

/** A line's edit onto its parameter: only the parts of the schema the table shows change. */
function applyLine(p: Parameter, patch: Partial<ParamLine>): Parameter {
  const next = { ...p, schema: { ...p.schema } };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.required !== undefined) next.required = patch.required;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.type !== undefined) next.schema.type = patch.type;
  if (patch.example !== undefined) next.example = exampleValue(patch.example, typeOf(next));
  if (patch.enumText !== undefined) {
    const values = parseEnum(patch.enumText, typeOf(next) as RowType);
    if (values.length > 0) next.schema.enum = values;
    else delete next.schema.enum;
  }
  next.schema = withLibraryKeywords(next.schema, patch);
  return next;
}

/** The request parameters by location, one tab each, with their counts. */
export const ParametersEditor = ({ parameters, path, readOnly, onChange }: Props) => {
  const translate = useTranslate();
  const [location, setLocation] = useState<ParamLocation>(() =>
    parameters.some((p) => p.in === 'path') || !parameters.some((p) => p.in === 'query') ? 'path' : 'query',
  );
  const indexes = parameters.flatMap((p, index) => (p.in === location ? [index] : []));
  const inPath = pathParamNames(path);
  const lines = indexes.map((index) => toLine(parameters[index]!, inPath));
  const names = lines.map((l) => l.name.trim());
  const edit = (at: number, patch: Partial<ParamLine>) =>
    onChange(parameters.map((p, index) => (index === indexes[at] ? applyLine(p, patch) : p)));
  return (
    <Box>
      <Tabs value={location} onChange={(_event, value) => setLocation(value)} sx={{ minHeight: 36 }}>
        {PARAM_LOCATIONS.map((loc) => {
          const count = parameters.filter((p) => p.in === loc).length;
          return (
            <Tab
              key={loc}
              value={loc}
              sx={{ minHeight: 36, textTransform: 'none' }}
              label={`${translate(`app.knowledge.editor.params.in_${loc}`)}${count ? ` (${count})` : ''}`}
            />
          );
        })}
      </Tabs>
      {location === 'path' && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('app.knowledge.editor.params.path_hint')}
        </Typography>
      )}
      <ParamTable
        testId={`params-${location}`}
        lines={lines}
        types={PARAM_TYPES}
        readOnly={readOnly}
        invalid={(line, at) =>
          line.name.trim() === '' ||
          names.indexOf(line.name.trim()) !== at ||
          (location === 'path' && !inPath.includes(line.name.trim()))
        }
        onEdit={edit}
        onRemove={(at) => onChange(parameters.filter((_p, index) => index !== indexes[at]))}
        onAdd={location === 'path' ? undefined : () => onChange([...parameters, newParameter(location)])}
      />
    </Box>
  );
};
