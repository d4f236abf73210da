import { describe, expect, it } from 'vitest';
import { id, integersUpTo } from '../../src/schemas/fields.js';

describe('integersUpTo', () => {
  const matches = (max: number, text: string) => new RegExp(`^${integersUpTo(max)}$`).test(text);

  it('matches exactly the numbers 1 to max written without leading zeros', () => {
    for (const max of [1, 9, 10, 99, 100, 305, 4096, 90_001]) {
      for (let n = 0; n <= max + 20; n++) expect(matches(max, String(n)), `${n} ≤ ${max}`).toBe(n >= 1 && n <= max);
      expect(matches(max, `0${max}`)).toBe(false);
    }
  });

  it('makes the id field refuse numbers past 2^53 - 1 and keep every safe one', () => {
    const safeId = new RegExp(id.pattern ?? '');
    for (const text of ['1', '42', '187213387186324', '9007199254740991', '8999999999999999', '9007199254740899'])
      expect(safeId.test(text), text).toBe(true);
    for (const text of ['0', '-1', '01', '9007199254740992', '9007199254740999', '9999999999999999', '1e3', '1.5', ''])
      expect(safeId.test(text), text).toBe(false);
    // Random numbers around the boundary agree with Number.isSafeInteger.
    for (let i = 0; i < 2_000; i++) {
      const text = String(Math.floor(Math.random() * 2 ** 54) + 1);
      expect(safeId.test(text), text).toBe(Number.isSafeInteger(Number(text)) && BigInt(text) <= 2n ** 53n - 1n);
    }
  });
});
