// SPEC §9 "Number abbreviations": k, M, G, T, P, E.
const UNITS: [number, string][] = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** 1234 → '1.2k', 5_000_000 → '5M' (at most `digits` decimals, trailing zeros dropped); below 1000 as is. */
export function abbreviateNumber(value: number, digits = 1): string {
  const size = Math.abs(value);
  for (const [unit, symbol] of UNITS) {
    if (size >= unit) {
      const scaled = (value / unit).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${scaled}${symbol}`;
    }
  }
  return String(value);
}
