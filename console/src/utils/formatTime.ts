// Kept for the screens that import these names; the console's date module (src/dates) does the work.
import { formatDate, formatDateTime, parseDate } from '../dates/format';

/** 2025-03-07 (local time); empty for 0 (unset). */
export const formatDay = (ms: number): string => formatDate(ms);

/** 2025-03-07 14:05 (local time); empty for 0. */
export const formatMinute = (ms: number): string => formatDateTime(ms);

/** A YYYY-MM-DD text as local midnight in epoch ms (0 when empty); `endOfDay` for 23:59:59.999. */
export const parseDay = (value: string, endOfDay = false): number => parseDate(value, endOfDay);
