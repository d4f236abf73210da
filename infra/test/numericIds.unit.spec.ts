import { describe, expect, it } from 'vitest';
import { nextNumericId } from '../src/ids.js';

describe('numeric ids', () => {
  // An import draws two ids per operation in one loop: thousands within the same millisecond.
  it('never repeats when far more ids than a millisecond holds are drawn at one instant', () => {
    const now = Date.now() + 60_000;
    const ids = Array.from({ length: 20_000 }, () => nextNumericId(now));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1] as number);
  });

  it('keeps increasing when the clock goes back', () => {
    const first = nextNumericId(Date.now() + 120_000);
    expect(nextNumericId(Date.now())).toBeGreaterThan(first);
  });

  it('stays a safe integer', () => {
    expect(Number.isSafeInteger(nextNumericId(Date.UTC(2120, 0, 1)))).toBe(true);
  });
});
