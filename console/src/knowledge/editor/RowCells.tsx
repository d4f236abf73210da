import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Checkbox, IconButton, InputAdornment, MenuItem, Select, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { RowColumn } from './EditableRows';

/** The inputs of a table cell: small text, names and values in monospace. */
export const DENSE_INPUT = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;
export const MONO_INPUT = { ...DENSE_INPUT, '& input': { fontFamily: 'monospace', fontSize: 13 } } as const;

/** A cell's text input, named for screen readers by `label` (the column and the row's number). */
export function CellText({
  value,
  label,
  onChange,
  disabled,
  placeholder,
  mono,
  prose,
  error,
  secret,
  unit,
}: {
  value: string;
  label: string;
  onChange(value: string): void;
  disabled?: boolean;
  placeholder?: string;
  mono?: boolean;
  /** Words, spell-checked; names, paths and values are not. */
  prose?: boolean;
  error?: boolean;
  /** A value that may be kept secret: never filled in by the browser, typed as a password when true. */
  secret?: boolean;
  /** After the value, e.g. ms. */
  unit?: ReactNode;
}) {
  return (
    <TextField
      variant="standard"
      fullWidth
      type={secret ? 'password' : undefined}
      value={value}
      placeholder={placeholder}
      error={error}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          spellCheck: prose ? undefined : false,
          autoComplete: secret === undefined ? undefined : 'off',
        },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
      sx={mono ? MONO_INPUT : DENSE_INPUT}
    />
  );
}

/** A cell's choice among fixed values, each shown as `text(value)`. */
export function CellSelect<V extends string>({
  value,
  options,
  text,
  label,
  onChange,
  disabled,
  mono,
}: {
  value: V | '';
  options: readonly V[];
  text(option: V): ReactNode;
  label: string;
  onChange(value: V): void;
  disabled?: boolean;
  /** The values are code (JSON types): monospace. */
  mono?: boolean;
}) {
  return (
    <TextField
      select
      variant="standard"
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as V)}
      slotProps={{ htmlInput: { 'aria-label': label } }}
      sx={mono ? MONO_INPUT : DENSE_INPUT}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} dense sx={mono ? { fontFamily: 'monospace' } : undefined}>
          {text(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A short choice (a type) in a bare select, its options in the row's text size. */
export function CellMenu<V extends string>({
  value,
  options,
  text = (option) => option,
  label,
  onChange,
  disabled,
}: {
  value: V | '';
  options: readonly V[];
  text?(option: V): ReactNode;
  label: string;
  onChange(value: V): void;
  disabled?: boolean;
}) {
  return (
    <Select
      variant="standard"
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as V)}
      inputProps={{ 'aria-label': label }}
      sx={{ fontSize: 13 }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} dense>
          {text(option)}
        </MenuItem>
      ))}
    </Select>
  );
}

/** A cell with nothing to fill in for this row. */
export function NoValue() {
  return (
    <Typography variant="caption" color="text.secondary">
      —
    </Typography>
  );
}

/** The first column of rows that can be switched off: a checkbox, on unless the row says `enabled: false`. */
export function enabledColumn<T extends { enabled?: boolean }>({
  label,
  readOnly,
  onEdit,
  shownFor = () => true,
}: {
  label(row: T): string;
  readOnly: boolean;
  onEdit(index: number, patch: Partial<T>): void;
  shownFor?(row: T, index: number): boolean;
}): RowColumn<T> {
  return {
    width: 40,
    checkbox: true,
    cell: (row, index) =>
      shownFor(row, index) && (
        <Checkbox
          size="small"
          checked={row.enabled !== false}
          disabled={readOnly}
          // a switched-on row says nothing: `enabled` is kept only when false
          onChange={(event) => onEdit(index, { enabled: event.target.checked ? undefined : false } as Partial<T>)}
          slotProps={{ input: { 'aria-label': label(row) } }}
        />
      ),
  };
}

/** The last column: a row's delete button, left out read-only and for rows that may not go. */
export function removeColumn<T>({
  label,
  readOnly,
  onRemove,
  shownFor = () => true,
  width = 44,
}: {
  label: string;
  readOnly: boolean;
  onRemove(index: number): void;
  shownFor?(row: T, index: number): boolean;
  width?: number;
}): RowColumn<T> {
  return {
    width,
    cell: (row, index) =>
      !readOnly &&
      shownFor(row, index) && (
        <IconButton size="small" aria-label={label} onClick={() => onRemove(index)}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      ),
  };
}
