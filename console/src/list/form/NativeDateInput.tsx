import { TextField } from '@mui/material';
import { type InputProps, useInput, useTranslate } from 'react-admin';
import { epochToDateInput, epochToDatetimeInput, inputToEpoch, msToTimeInput, timeInputToMs } from '../values';

export type DateKind = 'date' | 'datetime' | 'time';

const conversions = {
  date: { type: 'date', format: epochToDateInput, parse: inputToEpoch },
  datetime: { type: 'datetime-local', format: epochToDatetimeInput, parse: inputToEpoch },
  time: { type: 'time', format: msToTimeInput, parse: timeInputToMs },
} as const;

/** The browser's date, datetime or time picker holding SPEC §5 values: epoch ms, or ms since midnight for times. */
export const NativeDateInput = ({ kind, label, source, validate, disabled }: InputProps & { kind: DateKind }) => {
  const translate = useTranslate();
  const { type, format, parse } = conversions[kind];
  const { field, fieldState, id } = useInput({ source, validate, format, parse });
  return (
    <TextField
      {...field}
      id={id}
      type={type}
      fullWidth={false}
      label={typeof label === 'string' ? translate(label) : label}
      disabled={disabled}
      size="small"
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: kind === 'date' ? undefined : 1 } }}
      // a picker keeps its own width: in a column (the form dialog, the search drawer) it is not stretched
      sx={{ minWidth: kind === 'time' ? 140 : 200, alignSelf: 'flex-start' }}
    />
  );
};
