import type { SxProps, Theme } from '@mui/material';
import { DatePicker, DateTimePicker, TimePicker } from '@mui/x-date-pickers';
import { useRef } from 'react';
import { DatesProvider, useCalendarHeaderFormat } from './DatesProvider';
import { type Dayjs, dayjs } from './dayjs';
import { DATE_FORMAT, epochToPicker, pickerToEpoch } from './format';

interface BasePickerProps {
  label: string;
  /** The input's name (forms and tests find it by it). */
  name?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  required?: boolean;
  /** Offer a clear button (filters, optional dates). */
  clearable?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

export interface DayPickerProps extends BasePickerProps {
  /** Epoch ms; 0, null or undefined when unset. */
  value: number | null | undefined;
  /** Every complete value (and 0 when cleared): the day's start, or its last millisecond with `endOfDay`. */
  onChange?: (ms: number) => void;
  /** The value when the user is done: a day picked in the calendar, or the typed field left. */
  onCommit?: (ms: number) => void;
  endOfDay?: boolean;
  minDate?: number;
  maxDate?: number;
}

// A plain <input> (not the sectioned field) so labels, names, autofill and tests behave like any text field.
const fieldSlotProps = (props: BasePickerProps, headerFormat: string | undefined, onBlur?: () => void) => ({
  calendarHeader: { format: headerFormat },
  textField: {
    name: props.name,
    size: props.size ?? 'small',
    error: props.error,
    helperText: props.helperText,
    required: props.required,
    fullWidth: props.fullWidth ?? false,
    sx: props.sx,
    onBlur,
  },
  field: { clearable: props.clearable },
});

const useCommit = (onChange?: (ms: number) => void, onCommit?: (ms: number) => void) => {
  const latest = useRef<number | null>(null);
  return {
    change: (ms: number) => {
      latest.current = ms;
      onChange?.(ms);
    },
    commit: (ms?: number) => {
      const value = ms ?? latest.current;
      if (value !== null) onCommit?.(value);
    },
  };
};

/** A date (YYYY-MM-DD) with a calendar in the app's language, holding epoch ms. */
export const DayPicker = (props: DayPickerProps) => {
  const { value, onChange, onCommit, endOfDay, minDate, maxDate, label, disabled } = props;
  const { change, commit } = useCommit(onChange, onCommit);
  const headerFormat = useCalendarHeaderFormat();
  const emit = (next: Dayjs | null) => (next === null || next.isValid() ? pickerToEpoch(next, endOfDay) : null);
  return (
    <DatesProvider>
      <DatePicker
        label={label}
        value={epochToPicker(value)}
        format={DATE_FORMAT}
        disabled={disabled}
        enableAccessibleFieldDOMStructure={false}
        minDate={minDate ? dayjs(minDate) : undefined}
        maxDate={maxDate ? dayjs(maxDate) : undefined}
        onChange={(next) => {
          const ms = emit(next);
          if (ms !== null) change(ms);
        }}
        onAccept={(next) => {
          const ms = emit(next);
          if (ms !== null) commit(ms);
        }}
        slotProps={fieldSlotProps(props, headerFormat, () => commit())}
      />
    </DatesProvider>
  );
};

export interface DateTimeValuePickerProps extends BasePickerProps {
  value: number | null | undefined;
  onChange: (ms: number) => void;
  /** Show and accept seconds. */
  seconds?: boolean;
  minDateTime?: number;
}

/** A date and a 24-hour time (YYYY-MM-DD HH:mm[:ss]) in the app's language, holding epoch ms. */
export const DateTimeValuePicker = (props: DateTimeValuePickerProps) => {
  const { value, onChange, seconds, minDateTime, label, disabled } = props;
  const headerFormat = useCalendarHeaderFormat();
  return (
    <DatesProvider>
      <DateTimePicker
        label={label}
        value={epochToPicker(value)}
        format={seconds ? `${DATE_FORMAT} HH:mm:ss` : `${DATE_FORMAT} HH:mm`}
        views={seconds ? ['year', 'month', 'day', 'hours', 'minutes', 'seconds'] : undefined}
        ampm={false}
        disabled={disabled}
        enableAccessibleFieldDOMStructure={false}
        minDateTime={minDateTime ? dayjs(minDateTime) : undefined}
        onChange={(next) => {
          if (next === null || next.isValid()) onChange(pickerToEpoch(next));
        }}
        slotProps={fieldSlotProps(props, headerFormat)}
      />
    </DatesProvider>
  );
};

export interface TimeOfDayPickerProps extends BasePickerProps {
  /** Milliseconds since midnight; null when unset. */
  value: number | null | undefined;
  onChange: (ms: number | null) => void;
}

/** A 24-hour time of day (HH:mm:ss) holding milliseconds since midnight. */
export const TimeOfDayPicker = (props: TimeOfDayPickerProps) => {
  const { value, onChange, label, disabled } = props;
  const picked = value === null || value === undefined ? null : dayjs().startOf('day').add(value, 'ms');
  return (
    <DatesProvider>
      <TimePicker
        label={label}
        value={picked}
        format="HH:mm:ss"
        views={['hours', 'minutes', 'seconds']}
        ampm={false}
        disabled={disabled}
        enableAccessibleFieldDOMStructure={false}
        onChange={(next) => {
          if (next === null) onChange(null);
          else if (next.isValid()) onChange(next.diff(next.startOf('day')));
        }}
        slotProps={fieldSlotProps(props, undefined)}
      />
    </DatesProvider>
  );
};
