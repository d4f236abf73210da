/** Comparing what a response holds with what an assertion or a condition expects. */

/** An expected value as typed: JSON when it parses (`1`, `true`, `"a"`, `[1,2]`), else the text itself. */
export function parseExpected(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return '';
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => deepEqual(item, other[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length && keys.every((key) => key in right && deepEqual(left[key], right[key]))
  );
}

/** Equal as values, or, between a number, a boolean and a text, equal as text (`200` and `"200"`). */
export function looselyEqual(actual: unknown, expected: unknown): boolean {
  if (deepEqual(actual, expected)) return true;
  const scalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
  return scalar(actual) && scalar(expected) && String(actual) === String(expected);
}

export function contains(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string')
    return actual.includes(typeof expected === 'string' ? expected : JSON.stringify(expected));
  if (Array.isArray(actual)) return actual.some((item) => looselyEqual(item, expected));
  if (actual && typeof actual === 'object') {
    if (typeof expected === 'string') return expected in actual;
    if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
      const object = actual as Record<string, unknown>;
      return Object.entries(expected).every(([key, value]) => key in object && deepEqual(object[key], value));
    }
  }
  if (typeof actual === 'number' || typeof actual === 'boolean') return String(actual).includes(String(expected));
  return false;
}

/** JSON Schema's names for a value's type, `integer` for whole numbers. */
export function typeNames(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  if (typeof value === 'object') return ['object'];
  return [typeof value];
}

export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** A value as a report shows it: text as is, anything else as JSON, cut to a readable length. */
export function shown(value: unknown, max = 2_000): string {
  const text = value === undefined ? '(无)' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A user's pattern compiled, or why not. */
export function compilePattern(pattern: string): RegExp | string {
  try {
    return new RegExp(pattern);
  } catch (error) {
    return `正则表达式不正确：${(error as Error).message}`;
  }
}
