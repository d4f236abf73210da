import { Autocomplete, Box, MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import { type InputProps, useInput, useTranslate } from 'react-admin';
import { valueList } from '../cellValue';
import type { FieldOption } from '../fields';

interface CascaderProps extends InputProps {
  options: FieldOption[];
  label: string;
  searchable?: boolean;
}

/** Every path from a root option to a leaf option. */
export function optionPaths(options: FieldOption[], prefix: FieldOption[] = []): FieldOption[][] {
  return options.flatMap((option) =>
    option.children?.length ? optionPaths(option.children, [...prefix, option]) : [[...prefix, option]],
  );
}

/** A path of option values (SPEC §3 cascader): one select per level, or one searchable list of whole paths. */
export const CascaderInput = ({ options, label, source, validate, searchable }: CascaderProps) => {
  const translate = useTranslate();
  const { field, id } = useInput({ source, validate, format: (value) => value ?? [] });
  const path = valueList(field.value);
  return searchable ? (
    <SearchableCascader id={id} options={options} label={translate(label)} path={path} onChange={field.onChange} />
  ) : (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} id={id}>
      {levelsOf(options, path).map((level, depth) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its depth
          key={depth}
          select
          size="small"
          fullWidth={false}
          label={depth === 0 ? translate(label) : ' '}
          value={path[depth] ?? ''}
          onChange={(event) => field.onChange([...path.slice(0, depth), event.target.value])}
          sx={{ minWidth: 140 }}
          // Named by field and level ("地区 2"): MUI would name a select by its label, blank below the first level.
          slotProps={{
            select: {
              SelectDisplayProps: { 'aria-label': `${translate(label)} ${depth + 1}`, 'aria-labelledby': undefined },
            },
          }}
        >
          {level.map((option) => (
            <MenuItem key={String(option.value)} value={String(option.value)}>
              {translate(option.label)}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
};

/** The options of each level down the chosen path, plus the next level to choose from. */
function levelsOf(options: FieldOption[], path: string[]): FieldOption[][] {
  const levels: FieldOption[][] = [options];
  let level = options;
  for (const value of path) {
    const chosen = level.find((option) => String(option.value) === value);
    if (!chosen?.children?.length) break;
    level = chosen.children;
    levels.push(level);
  }
  return levels;
}

const SearchableCascader = (props: {
  id: string;
  options: FieldOption[];
  label: string;
  path: string[];
  onChange: (path: string[]) => void;
}) => {
  const translate = useTranslate();
  const paths = useMemo(() => optionPaths(props.options), [props.options]);
  const key = (path: FieldOption[]) => path.map((option) => String(option.value)).join('\u0000');
  const selected = paths.find((path) => key(path) === props.path.join('\u0000')) ?? null;
  return (
    <Autocomplete
      id={props.id}
      size="small"
      options={paths}
      value={selected}
      getOptionLabel={(path) => path.map((option) => translate(option.label)).join(' / ')}
      isOptionEqualToValue={(a, b) => key(a) === key(b)}
      onChange={(_event, path) => props.onChange(path ? path.map((option) => String(option.value)) : [])}
      renderInput={(params) => <TextField {...params} label={props.label} />}
      sx={{ minWidth: 280 }}
    />
  );
};
