import { describe, expect, it } from 'vitest';
import { type GenerateScope, valueForName } from '../../src/mock/generate/index.js';
import { idCheckDigit } from '../../src/mock/generate/providers.js';
import regions from '../../src/schemas/regions.json' with { type: 'json' };

type Compact = [string, string, Compact[]?];
const codes = new Set<string>();
const collect = (nodes: Compact[]) => {
  for (const [code, , children] of nodes) {
    codes.add(code);
    collect(children ?? []);
  }
};
collect(regions as Compact[]);

const scope: GenerateScope = { models: {}, fields: [] };
const NOW = Date.UTC(2026, 5, 15);
const value = (name: string, seed: number) =>
  valueForName(name, 'string', scope, { seed, deadline: Date.now() + 5_000, now: NOW }) as string;

/** GB 11643-1999, written out again here so the test does not trust the code it checks. */
function validCheckDigit(id: string): boolean {
  const sum = [...id.slice(0, 17)].reduce((total, digit, i) => total + Number(digit) * (2 ** (17 - i) % 11), 0);
  return id[17] === '10X98765432'[sum % 11];
}

describe('Chinese providers', () => {
  it('computes GB 11643 check digits (the standard sample 11010519491231002X)', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(idCheckDigit('44030419900101001')).toBe('1');
  });

  it('makes ID cards with a real district code, a real past birth date and a valid check digit', () => {
    for (let seed = 0; seed < 500; seed += 1) {
      const id = value('idCard', seed);
      expect(id).toMatch(/^\d{17}[\dX]$/);
      expect(codes.has(id.slice(0, 6)), id).toBe(true);
      expect(Number(id.slice(0, 2))).toBeLessThanOrEqual(65);
      const birth = Date.UTC(Number(id.slice(6, 10)), Number(id.slice(10, 12)) - 1, Number(id.slice(12, 14)));
      expect(new Date(birth).toISOString().slice(0, 10).replaceAll('-', '')).toBe(id.slice(6, 14));
      expect(NOW - birth).toBeGreaterThanOrEqual(17.9 * 365 * 86_400_000);
      expect(validCheckDigit(id), id).toBe(true);
    }
  });

  it("makes mainland mobile numbers of SPEC §5's pattern", () => {
    const numbers = new Set<string>();
    for (let seed = 0; seed < 1_000; seed += 1) {
      const mobile = value('mobile', seed);
      expect(mobile).toMatch(/^1[345789]\d{9}$/);
      numbers.add(mobile);
    }
    expect(numbers.size).toBeGreaterThan(990);
  });

  it('makes names, addresses from the region data, companies and amounts', () => {
    const provinces = new Set((regions as Compact[]).map(([, name]) => name));
    for (let seed = 0; seed < 200; seed += 1) {
      expect(value('realName', seed)).toMatch(/^\p{Script=Han}{2,4}$/u);
      const address = value('address', seed);
      expect(
        [...provinces].some((province) => address.startsWith(province)),
        address,
      ).toBe(true);
      expect(address).toMatch(/\d+号$/);
      expect(value('company', seed)).toMatch(/^\p{Script=Han}+(公司|（集团）有限公司)$/u);
      expect(provinces.has(value('province', seed))).toBe(true);
      const price = valueForName('price', 'number', scope, { seed, deadline: Date.now() + 5_000 }) as number;
      expect(Math.round(price * 100) / 100).toBe(price);
    }
  });
});
