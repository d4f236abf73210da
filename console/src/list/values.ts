/**
 * SPEC §5 values: dates as epoch milliseconds, times as milliseconds since midnight, a range field as
 * begin{Field} and end{Field}. Inputs speak the browser's strings (yyyy-mm-dd, yyyy-mm-ddThh:mm, hh:mm[:ss]) in local
 * time; these functions translate both ways.
 */

export const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** begin{Field} and end{Field} of a range input. */
export function rangeKeys(field: string): [begin: string, end: string] {
  const capitalised = field.charAt(0).toUpperCase() + field.slice(1);
  return [`begin${capitalised}`, `end${capitalised}`];
}

/** 'yyyy-mm-dd' (local midnight) or 'yyyy-mm-ddThh:mm[:ss]' (local) to epoch ms; empty or invalid to null. */
export function inputToEpoch(text: string | null | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date.getTime();
}

const isEpoch = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d+$/.test(value));

/** Epoch ms to the value of a date input ('yyyy-mm-dd'). */
export function epochToDateInput(value: unknown): string {
  if (!isEpoch(value)) return '';
  const date = new Date(Number(value));
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Epoch ms to the value of a datetime-local input ('yyyy-mm-ddThh:mm:ss'). */
export function epochToDatetimeInput(value: unknown): string {
  if (!isEpoch(value)) return '';
  const date = new Date(Number(value));
  return `${epochToDateInput(value)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** 'hh:mm[:ss]' to milliseconds since midnight. */
export function timeInputToMs(text: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, h, m, s = '0'] = match;
  if (Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return null;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
}

/** Milliseconds since midnight to 'hh:mm:ss'. */
export function msToTimeInput(value: unknown): string {
  if (!isEpoch(value)) return '';
  const seconds = Math.floor(Number(value) / 1000) % 86_400;
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

export type DateRangeShortcut = 'lastWeek' | 'lastMonth' | 'lastThreeMonths';
export const DATE_RANGE_SHORTCUTS: Record<DateRangeShortcut, number> = {
  lastWeek: 7,
  lastMonth: 30,
  lastThreeMonths: 90,
};

/** SPEC §5 shortcuts: the given number of days up to now, as epoch ms. */
export function shortcutRange(shortcut: DateRangeShortcut, now = Date.now()): [number, number] {
  return [now - DATE_RANGE_SHORTCUTS[shortcut] * DAY_MS, now];
}

/** A value as a cell shows and a spreadsheet exports it. */
export function formatValue(value: unknown, type: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'date':
      return epochToDateInput(value);
    case 'datetime':
      return epochToDatetimeInput(value).replace('T', ' ');
    case 'time':
      return msToTimeInput(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
