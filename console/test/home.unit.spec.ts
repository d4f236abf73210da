import { describe, expect, it } from 'vitest';
import { formatDue, formatLongDay, formatShortWeekday } from '../src/home/dates';
import { addDays, dueBucket, startOfDay, startOfWeek } from '../src/home/period';
import { isHomeChange } from '../src/home/useHomeLive';
import { stepsOf, taskLink } from '../src/home/useTaskStep';

// Local times: the buckets are the user's days (China time for a Chinese team), whatever the machine's zone.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();
// Wednesday 2026-11-25 10:00
const now = at(2026, 11, 25, 10);

describe('home periods', () => {
  it('starts weeks on Monday, Sunday included in the week before it', () => {
    expect(startOfWeek(now)).toBe(at(2026, 11, 23));
    expect(startOfWeek(at(2026, 11, 29, 23))).toBe(at(2026, 11, 23));
    expect(startOfWeek(at(2026, 11, 30, 1))).toBe(at(2026, 11, 30));
    expect(startOfDay(now)).toBe(at(2026, 11, 25));
    expect(addDays(at(2026, 11, 30), 2)).toBe(at(2026, 12, 2));
  });

  it('buckets a due time: overdue before today, today (even earlier today), this week, later, none', () => {
    expect(dueBucket(at(2026, 11, 24, 23, 59), now)).toBe('overdue');
    expect(dueBucket(at(2026, 11, 25, 8), now)).toBe('today');
    expect(dueBucket(at(2026, 11, 25, 23, 59), now)).toBe('today');
    expect(dueBucket(at(2026, 11, 26), now)).toBe('week');
    expect(dueBucket(at(2026, 11, 29, 23, 59), now)).toBe('week');
    expect(dueBucket(at(2026, 11, 30), now)).toBe('later');
    expect(dueBucket(0, now)).toBe('none');
  });
});

describe('home dates', () => {
  it('writes days the Chinese way in Chinese, with 24-hour times in both languages', () => {
    expect(formatLongDay(now, 'zh-CN')).toBe('2026年11月25日 星期三');
    expect(formatLongDay(now, 'en')).toBe('Wednesday, Nov 25, 2026');
    expect(formatDue(at(2026, 11, 26, 18, 30), 'zh-CN', now)).toBe('11月26日 18:30');
    expect([formatShortWeekday('2026-11-23', 'zh-CN'), formatShortWeekday('2026-11-23', 'en')]).toEqual([
      '周一',
      'Mon',
    ]);
    expect(formatDue(at(2026, 11, 26, 23, 59), 'zh-CN', now)).toBe('11月26日');
    expect(formatDue(at(2027, 1, 3, 9), 'zh-CN', now)).toBe('2027年1月3日 09:00');
    expect(formatDue(at(2026, 11, 26, 18, 30), 'en', now)).toBe('Nov 26, 18:30');
    expect(formatDue(at(2026, 11, 26, 23, 59), 'en', now)).toBe('Nov 26');
  });
});

describe('home live and steps', () => {
  it('reads again on an activity of this team and on task changes, not on other pushes', () => {
    expect(isHomeChange({ code: 200203, data: { teamId: 7, activityId: 1 } }, 7)).toBe(true);
    expect(isHomeChange({ code: 200203, data: { teamId: 8, activityId: 1 } }, 7)).toBe(false);
    expect(isHomeChange({ code: 200300, data: { taskProjectId: 3 } }, 7)).toBe(true);
    expect(isHomeChange({ code: 200202, data: {} }, 7)).toBe(false);
  });

  it('offers start only before a task runs, finish while it is open, nothing once done', () => {
    expect(stepsOf('todo')).toEqual(['start', 'finish']);
    expect(stepsOf('paused')).toEqual(['start', 'finish']);
    expect(stepsOf('in_progress')).toEqual(['finish']);
    expect(stepsOf('finished')).toEqual([]);
    expect(stepsOf('closed')).toEqual([]);
    expect(taskLink({ projectId: 3, taskId: 9 })).toBe('/task/home/3?task=9');
  });
});
