import { dayjs, dayjsLocale, formatLongDate, formatShortDateTime, formatWeekday } from '../dates';

/**
 * The home page's and the workspace's dates over the console's one date module (src/dates): Chinese conventions in
 * Chinese (2026年11月23日 星期一, 11月23日 18:00), 24-hour times in both languages.
 */

export function formatLongDay(ms: number, locale: string): string {
  const day = formatLongDate(ms, locale);
  const weekday = formatWeekday(ms, locale);
  return dayjsLocale(locale) === 'en' ? `${weekday}, ${day}` : `${day} ${weekday}`;
}

/** A due time: the day, and the time unless it is the end of the day (a due date without a time). */
export function formatDue(ms: number, locale: string, now = Date.now()): string {
  const time = dayjs(ms);
  if (!(time.hour() === 23 && time.minute() === 59)) return formatShortDateTime(ms, locale, now);
  const sameYear = time.year() === dayjs(now).year();
  if (dayjsLocale(locale) === 'en') return time.locale('en').format(sameYear ? 'MMM D' : 'MMM D, YYYY');
  return time.format(sameYear ? 'M月D日' : 'YYYY年M月D日');
}

/** 周一 / Mon: a day of the hours chart (yyyy-MM-dd). */
export const formatShortWeekday = (date: string, locale: string) =>
  dayjs(date).locale(dayjsLocale(locale)).format('ddd');
