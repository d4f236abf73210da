import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * Dates as the home page and workspace show them: Chinese conventions in Chinese (11月23日 18:00, 2026年11月23日
 * 星期一), 24-hour times in both languages.
 */
const zh = (locale: string) => locale.toLowerCase().startsWith('zh');

export function formatLongDay(ms: number, locale: string): string {
  return zh(locale)
    ? dayjs(ms).locale('zh-cn').format('YYYY年M月D日 dddd')
    : dayjs(ms).locale('en').format('dddd, D MMMM YYYY');
}

/** A due time: the day, and the time unless it is the end of the day (a due date without a time). */
export function formatDue(ms: number, locale: string, now = Date.now()): string {
  const time = dayjs(ms);
  const sameYear = time.year() === dayjs(now).year();
  const endOfDay = time.hour() === 23 && time.minute() === 59;
  if (zh(locale)) {
    const day = time.format(sameYear ? 'M月D日' : 'YYYY年M月D日');
    return endOfDay ? day : `${day} ${time.format('HH:mm')}`;
  }
  const day = time.locale('en').format(sameYear ? 'D MMM' : 'D MMM YYYY');
  return endOfDay ? day : `${day} ${time.format('HH:mm')}`;
}

/** 周一 11/23 or Mon 23/11: a day of the hours chart. */
export function formatWeekday(date: string, locale: string): string {
  const day = dayjs(date);
  return zh(locale) ? day.locale('zh-cn').format('dd') : day.locale('en').format('ddd');
}
