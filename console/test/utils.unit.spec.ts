import { describe, expect, it } from 'vitest';
import { isPosterIndex, POSTER_COUNT, posterOrDefault, randomPoster } from '../src/utils/defaultPoster';
import { relativeTime, timeAgo } from '../src/utils/relativeTime';
import { isArray, isEmail, isExternal, isMixedPassword, isName, isString } from '../src/utils/validate';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => now - ms;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime (SPEC §9)', () => {
  it('says just now under 30 seconds, and for times ahead of the clock', () => {
    expect(relativeTime(now, now)).toEqual({ unit: 'just_now' });
    expect(relativeTime(ago(29 * SECOND), now)).toEqual({ unit: 'just_now' });
    expect(relativeTime(now + MINUTE, now)).toEqual({ unit: 'just_now' });
  });

  it('counts minutes under an hour and hours under a day, rounding up', () => {
    expect(relativeTime(ago(30 * SECOND), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(5 * MINUTE), now)).toEqual({ unit: 'minutes', count: 5 });
    expect(relativeTime(ago(59 * MINUTE + 10 * SECOND), now)).toEqual({ unit: 'minutes', count: 60 });
    expect(relativeTime(ago(HOUR), now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(23 * HOUR + MINUTE), now)).toEqual({ unit: 'hours', count: 24 });
  });

  it('says 1 day ago under two days, else gives the date', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ unit: 'one_day' });
    expect(relativeTime(ago(2 * DAY - SECOND), now)).toEqual({ unit: 'one_day' });
    expect(relativeTime(ago(2 * DAY), now)).toEqual({ unit: 'date', date: new Date(ago(2 * DAY)) });
  });

  it('accepts a Date and a date string', () => {
    expect(relativeTime(new Date(ago(3 * MINUTE)), now)).toEqual({ unit: 'minutes', count: 3 });
    expect(relativeTime(new Date(ago(2 * HOUR)).toISOString(), now)).toEqual({ unit: 'hours', count: 2 });
  });
});

describe('timeAgo', () => {
  it('gives whole minutes under an hour, whole hours under a day, else whole days', () => {
    expect(timeAgo(ago(59 * SECOND), now)).toEqual({ unit: 'minutes', count: 0 });
    expect(timeAgo(ago(59 * MINUTE), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(timeAgo(ago(HOUR), now)).toEqual({ unit: 'hours', count: 1 });
    expect(timeAgo(ago(DAY - 1), now)).toEqual({ unit: 'hours', count: 23 });
    expect(timeAgo(ago(3 * DAY + HOUR), now)).toEqual({ unit: 'days', count: 3 });
  });
});

describe('the helper validators (SPEC §5)', () => {
  it('url: http, https, mailto or tel', () => {
    for (const url of ['http://a.cn', 'https://pmbok.cn/x', 'mailto:a@b.cn', 'tel:13800000000']) {
      expect(isExternal(url)).toBe(true);
    }
    for (const url of ['/index', 'ftp://a.cn', 'www.a.cn', 'javascript:alert(1)']) expect(isExternal(url)).toBe(false);
  });

  it('name: Chinese characters, letters, digits and underscores', () => {
    expect(isName('研发部_2组')).toBe(true);
    expect(isName('Team_1')).toBe(true);
    expect(isName('研发 部')).toBe(false);
    expect(isName('a-b')).toBe(false);
    expect(isName('')).toBe(false);
  });

  it('password: at least two of letters, digits and !@#$%^&*, 8 characters or more', () => {
    expect(isMixedPassword('abcd1234')).toBe(true);
    expect(isMixedPassword('1234!@#$')).toBe(true);
    expect(isMixedPassword('abcd!@#$')).toBe(true);
    expect(isMixedPassword('abcdefgh')).toBe(false);
    expect(isMixedPassword('12345678')).toBe(false);
    expect(isMixedPassword('!@#$%^&*')).toBe(false);
    expect(isMixedPassword('ab12')).toBe(false);
    expect(isMixedPassword('abcd 1234')).toBe(false);
    expect(isMixedPassword('abcd1234()')).toBe(false);
  });

  it('e-mail', () => {
    expect(isEmail('dev@pmbok.cn')).toBe(true);
    expect(isEmail('dev@pmbok')).toBe(false);
    expect(isEmail('dev pmbok@a.cn')).toBe(false);
  });

  it('string and array checks', () => {
    expect(isString('a')).toBe(true);
    expect(isString(new String('a'))).toBe(true);
    expect(isString(1)).toBe(false);
    expect(isArray([])).toBe(true);
    expect(isArray({ length: 0 })).toBe(false);
  });
});

describe('the default poster (SPEC §9: one of nine, index 0-8)', () => {
  it('picks an index from 0 to 8 whatever the random number', () => {
    expect(POSTER_COUNT).toBe(9);
    expect(randomPoster(() => 0)).toBe(0);
    expect(randomPoster(() => 0.5)).toBe(4);
    expect(randomPoster(() => 0.999_999)).toBe(8);
    expect(randomPoster(() => 1)).toBe(8);
    const seen = new Set(Array.from({ length: 500 }, () => randomPoster()));
    expect([...seen].every(isPosterIndex)).toBe(true);
  });

  it('keeps a record’s own poster and replaces a missing or invalid one', () => {
    expect(posterOrDefault(3, () => 0)).toBe(3);
    expect(posterOrDefault(undefined, () => 0.3)).toBe(2);
    expect(posterOrDefault(9, () => 0)).toBe(0);
    expect(posterOrDefault('2', () => 0.9)).toBe(8);
  });
});
