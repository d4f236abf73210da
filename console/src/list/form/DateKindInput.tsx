import { type InputProps, useInput, useTranslate } from 'react-admin';
import { DateTimeValuePicker, DayPicker, TimeOfDayPicker } from '../../dates';

export type DateKind = 'date' | 'datetime' | 'time';

// Stored values (SPEC §5): epoch ms for dates and datetimes, ms since midnight for times; filters may hold text.
const toNumber = (value: unknown): number | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Number(value);

/** A date, datetime or time picker (zh-CN conventions, 24-hour) writing SPEC §5 values into the form. */
export const DateKindInput = ({ kind, label, source, validate, disabled }: InputProps & { kind: DateKind }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate });
  const common = {
    name: field.name,
    label: typeof label === 'string' ? translate(label) : String(label ?? ''),
    disabled,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ? translate(fieldState.error.message) : undefined,
    clearable: true,
    // a picker keeps its own width: in a column (the form dialog, the search drawer) it is not stretched
    sx: { minWidth: kind === 'time' ? 140 : kind === 'datetime' ? 230 : 200, alignSelf: 'flex-start' },
  };
  const value = toNumber(field.value);
  const write = (next: number | null) => {
    field.onChange(next === 0 && kind !== 'time' ? null : next);
    field.onBlur();
  };
  if (kind === 'time') return <TimeOfDayPicker {...common} value={value} onChange={write} />;
  if (kind === 'datetime') return <DateTimeValuePicker {...common} seconds value={value} onChange={write} />;
  return <DayPicker {...common} value={value} onChange={write} />;
};
