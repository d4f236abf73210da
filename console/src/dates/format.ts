// Display helpers: numeric dates and 24-hour times the Chinese way whatever the browser's language;
// only the long date and the relative fallback follow the app's language.
import { type AppLocale, type Dayjs, dayjs, dayjsLocale } from './dayjs';

/** Epoch ms, a Date or a dayjs; 0, null and undefined mean "not set". */
export type DateValue = number | Date | Dayjs | null | undefined;

const toDayjs = (value: DateValue): Dayjs | null => {
  if (value === null || value === undefined || value === 0) return null;
  const d = dayjs(value as number | Date | Dayjs);
  return d.isValid() ? d : null;
};

export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm';
export const DATETIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

/** 2026-11-23; empty when unset. */
export const formatDate = (value: DateValue): string => toDayjs(value)?.format(DATE_FORMAT) ?? '';

/** 14:05 (24-hour); empty when unset. */
export const formatTime = (value: DateValue): string => toDayjs(value)?.format(TIME_FORMAT) ?? '';

/** 2026-11-23 14:05; empty when unset. */
export const formatDateTime = (value: DateValue): string => toDayjs(value)?.format(DATETIME_FORMAT) ?? '';

/** 2026年11月23日 in Chinese, Nov 23, 2026 in English; empty when unset. */
export function formatLongDate(value: DateValue, locale?: AppLocale): string {
  const d = toDayjs(value);
  if (!d) return '';
  return dayjsLocale(locale) === 'en' ? d.locale('en').format('MMM D, YYYY') : d.format('YYYY年M月D日');
}

/** 11月23日 14:05 (this year) or 2025年11月23日 14:05 in Chinese; Nov 23, 14:05 in English. */
export function formatShortDateTime(value: DateValue, locale?: AppLocale, now: number = Date.now()): string {
  const d = toDayjs(value);
  if (!d) return '';
  const sameYear = d.year() === dayjs(now).year();
  if (dayjsLocale(locale) === 'en') return d.locale('en').format(sameYear ? 'MMM D, HH:mm' : 'MMM D, YYYY, HH:mm');
  return d.format(sameYear ? 'M月D日 HH:mm' : 'YYYY年M月D日 HH:mm');
}

/** Weekday name: 星期一 / Monday. */
export const formatWeekday = (value: DateValue, locale?: AppLocale): string =>
  toDayjs(value)?.locale(dayjsLocale(locale)).format('dddd') ?? '';

/** A YYYY-MM-DD text as local midnight in epoch ms (0 when empty or invalid); `endOfDay` for 23:59:59.999. */
export function parseDate(text: string, endOfDay = false): number {
  const d = dayjs(text.trim(), DATE_FORMAT, true);
  if (!d.isValid()) return 0;
  return (endOfDay ? d.endOf('day') : d.startOf('day')).valueOf();
}

/** A picker's value (dayjs or null) as epoch ms: 0 when empty or incomplete; the day's end when `endOfDay`. */
export function pickerToEpoch(value: Dayjs | null, endOfDay = false): number {
  if (!value?.isValid()) return 0;
  return endOfDay ? value.endOf('day').valueOf() : value.valueOf();
}

/** Epoch ms (0 = unset) as a picker's value. */
export const epochToPicker = (ms: number | null | undefined): Dayjs | null => (ms ? dayjs(ms) : null);
