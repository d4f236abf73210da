import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from '../src/application/views.js';

const MINUTE = 60_000;
const now = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('updateTimeLabel, the relative time of the project list', () => {
  it('reads 刚刚, minutes, hours and days ago, then the date in China time', () => {
    expect(relativeTimeLabel(now - 20_000, now)).toBe('刚刚');
    expect(relativeTimeLabel(now + 5_000, now)).toBe('刚刚');
    expect(relativeTimeLabel(now - 5 * MINUTE, now)).toBe('5分钟前');
    expect(relativeTimeLabel(now - 3 * 60 * MINUTE, now)).toBe('3小时前');
    expect(relativeTimeLabel(now - 2 * 24 * 60 * MINUTE, now)).toBe('2天前');
    // 2026-09-30 20:00 UTC is already 1 October in Beijing.
    expect(relativeTimeLabel(Date.UTC(2026, 8, 30, 20, 0, 0), now)).toBe('2026-10-01');
  });
});
