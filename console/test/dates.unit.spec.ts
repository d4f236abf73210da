import { describe, expect, it } from 'vitest';
import { dayjs, dayjsLocale } from '../src/dates/dayjs';
import {
  epochToPicker,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatShortDateTime,
  formatTime,
  formatWeekday,
  parseDate,
  pickerToEpoch,
} from '../src/dates/format';

// Local times, so the expectations hold in any time zone the tests run in.
const afternoon = new Date(2026, 10, 23, 14, 5, 9).getTime();
const morning = new Date(2026, 0, 3, 9, 7).getTime();

describe('date display helpers', () => {
  it('writes numeric dates and 24-hour times the Chinese way', () => {
    expect(formatDate(afternoon)).toBe('2026-11-23');
    expect(formatTime(afternoon)).toBe('14:05');
    expect(formatTime(morning)).toBe('09:07');
    expect(formatDateTime(afternoon)).toBe('2026-11-23 14:05');
  });

  it('says nothing for an unset value', () => {
    for (const unset of [0, null, undefined]) {
      expect(formatDate(unset)).toBe('');
      expect(formatDateTime(unset)).toBe('');
      expect(formatLongDate(unset, 'zh-CN')).toBe('');
    }
  });

  it('writes the long date in the app language, not the browser one', () => {
    expect(formatLongDate(afternoon, 'zh-CN')).toBe('2026年11月23日');
    expect(formatLongDate(morning)).toBe('2026年1月3日');
    expect(formatLongDate(afternoon, 'en')).toBe('Nov 23, 2026');
    expect(formatWeekday(afternoon, 'zh-CN')).toBe('星期一');
    expect(formatWeekday(afternoon, 'en')).toBe('Monday');
  });

  it('leaves the year out of a short date time of this year only', () => {
    const now = new Date(2026, 11, 1).getTime();
    expect(formatShortDateTime(afternoon, 'zh-CN', now)).toBe('11月23日 14:05');
    expect(formatShortDateTime(afternoon, 'zh-CN', new Date(2027, 0, 2).getTime())).toBe('2026年11月23日 14:05');
    expect(formatShortDateTime(afternoon, 'en', now)).toBe('Nov 23, 14:05');
  });

  it('does not change the global dayjs locale', () => {
    formatWeekday(afternoon, 'en');
    formatLongDate(afternoon, 'en');
    expect(dayjs.locale()).toBe('en'); // dayjs's own default, untouched
    expect(dayjsLocale('zh-CN')).toBe('zh-cn');
    expect(dayjsLocale('en')).toBe('en');
    expect(dayjsLocale(undefined)).toBe('zh-cn');
  });
});

describe('date values for the server (epoch ms)', () => {
  it('parses YYYY-MM-DD to local midnight or the end of the day', () => {
    expect(parseDate('2026-11-23')).toBe(new Date(2026, 10, 23).getTime());
    expect(parseDate('2026-11-23', true)).toBe(new Date(2026, 10, 23, 23, 59, 59, 999).getTime());
    expect(parseDate('')).toBe(0);
    expect(parseDate('11/23/2026')).toBe(0);
    expect(parseDate('2026-02-30')).toBe(0);
  });

  it('round-trips a picker value', () => {
    expect(epochToPicker(0)).toBeNull();
    expect(pickerToEpoch(null)).toBe(0);
    expect(pickerToEpoch(dayjs('not a date'))).toBe(0);
    const picked = epochToPicker(afternoon);
    expect(pickerToEpoch(picked)).toBe(afternoon);
    expect(pickerToEpoch(picked, true)).toBe(new Date(2026, 10, 23, 23, 59, 59, 999).getTime());
  });
});
