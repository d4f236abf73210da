import { InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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

/** A cell with nothing to fill in for this row. */
export function NoValue() {
  return (
    <Typography variant="caption" color="text.disabled">
      —
    </Typography>
  );
}
