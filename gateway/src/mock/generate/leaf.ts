import type { MockField } from '@pmbok/project-service/mock-index';
import { type Json, MockDocumentError, type MockLimits } from './api.js';
import { chineseText, formatGenerator, isStringFormat } from './formats.js';
import { compilePattern } from './pattern.js';
import { charged, type Run, rng } from './random.js';
import { nameGenerator } from './smart.js';
import { compileString } from './templateString.js';

/**
 * Values of scalar schemas: a property's `x-mock` rule, then the field library's field of its name or alias, then
 * its name, then its type, format and bounds. Everything is decided here, once; the closures only draw.
 */

export type Make = (run: Run) => Json;
type Schema = Record<string, Json>;

const numberOr = (value: Json | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A value of another type than the schema's, turned into it where that reads naturally (`"12"` → 12). */
export function coerce(value: Json, type: string): Json {
  if (!type || value === null) return value;
  if (type === 'string' && typeof value !== 'string')
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if ((type === 'integer' || type === 'number') && typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return type === 'integer' ? Math.round(n) : n;
  }
  if (type === 'integer' && typeof value === 'number') return Math.round(value);
  if (type === 'boolean' && typeof value === 'string') return value === 'true' || value === '1';
  return value;
}

/** A Mock.js rule as a property's generator (`@cname`, `@integer(1, 100)`, `@pick(["a","b"])`). */
export function ruleGenerator(rule: string, type: string, where: string): Make {
  const compiled = compileString(rule);
  return (run) => {
    const value = coerce(compiled.make(run, where), type);
    return typeof value === 'object' && value !== null ? value : charged(run, value, where);
  };
}

const sameType = (a: string, b: string) =>
  !a || !b || a === b || (a === 'number' && b === 'integer') || (a === 'integer' && b === 'number');

/** What the library's field contributes: a whole generator (its rule, enum or example), or a format and a type. */
export function libraryPart(field: MockField | undefined, type: string, where: string) {
  if (!field || !sameType(type, field.type)) return {};
  if (field.mockRule) return { make: ruleGenerator(field.mockRule, type || field.type, where) };
  if (field.enum.length > 0) {
    const values = field.enum;
    return { make: (run: Run) => charged(run, rng.pick(values), where) };
  }
  const example = field.example;
  if (example !== null && example !== '' && (typeof example !== 'object' || type === 'object' || type === 'array')) {
    return { make: (run: Run) => charged(run, example, where) };
  }
  return { format: field.format, type: field.type };
}

function numberMaker(s: Schema, type: 'integer' | 'number', format: string, where: string): Make {
  const integer = type === 'integer';
  let lo = numberOr(s.minimum);
  let hi = numberOr(s.maximum);
  const exLo = s.exclusiveMinimum === true ? lo : numberOr(s.exclusiveMinimum);
  const exHi = s.exclusiveMaximum === true ? hi : numberOr(s.exclusiveMaximum);
  if (exLo !== undefined) lo = integer ? Math.floor(exLo) + 1 : Math.max(lo ?? exLo, exLo);
  if (exHi !== undefined) hi = integer ? Math.ceil(exHi) - 1 : Math.min(hi ?? exHi, exHi);
  const bound = format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  const low = Math.max(lo ?? (hi !== undefined ? Math.min(hi, integer ? 1 : 0) : integer ? 1 : 0), -bound);
  const high = Math.min(hi ?? low + 10_000, bound);
  if (low > high) throw new MockDocumentError(`minimum ${low} 大于 maximum ${high}`, `${where}.minimum`);
  const strictLo = exLo !== undefined && !integer ? exLo : undefined;
  const strictHi = exHi !== undefined && !integer ? exHi : undefined;
  const multipleOf = numberOr(s.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) {
    const decimals = (String(multipleOf).split('.')[1] ?? '').length;
    let kLo = Math.ceil(low / multipleOf);
    let kHi = Math.floor(high / multipleOf);
    if (strictLo !== undefined && kLo * multipleOf <= strictLo) kLo += 1;
    if (strictHi !== undefined && kHi * multipleOf >= strictHi) kHi -= 1;
    if (kLo > kHi) throw new MockDocumentError(`${low}～${high} 之间没有 ${multipleOf} 的倍数`, `${where}.multipleOf`);
    return (run) => charged(run, Number((rng.int(kLo, kHi) * multipleOf).toFixed(decimals)), where);
  }
  if (integer) return (run) => charged(run, rng.int(Math.ceil(low), Math.floor(high)), where);
  return (run) => {
    const raw = rng.float(low, high);
    let value = Math.round(raw * 100) / 100;
    if (value < low || value > high) value = raw;
    if ((strictLo !== undefined && value <= strictLo) || (strictHi !== undefined && value >= strictHi)) {
      value = (low + high) / 2;
    }
    return charged(run, value, where);
  };
}

function stringMaker(s: Schema, format: string, limits: MockLimits, where: string): Make {
  const minLength = numberOr(s.minLength) ?? 0;
  const maxLength = numberOr(s.maxLength);
  if (minLength > limits.maxStringLength) {
    throw new MockDocumentError(`minLength ${minLength} 超过上限 ${limits.maxStringLength}`, `${where}.minLength`);
  }
  if (maxLength !== undefined && maxLength < minLength) {
    throw new MockDocumentError(`minLength ${minLength} 大于 maxLength ${maxLength}`, `${where}.minLength`);
  }
  const high = Math.min(maxLength ?? Math.max(minLength, 8), Math.max(minLength, 8) + 24, limits.maxStringLength);
  const text = chineseText(minLength, Math.max(minLength, high));
  if (typeof s.pattern === 'string') {
    const pattern = compilePattern(s.pattern, limits.maxStringLength, `${where}.pattern`);
    if (pattern) return (run) => charged(run, pattern(run), where);
  }
  const byFormat = formatGenerator(format);
  if (byFormat) {
    return (run) => {
      const value = byFormat(run);
      const fits = value.length >= minLength && (maxLength === undefined || value.length <= maxLength);
      return charged(run, fits ? value : text(run), where);
    };
  }
  return (run) => charged(run, text(run), where);
}

/** Whether a value from a name or a library fits the schema's bounds (else the type's own generator answers). */
function fitsBounds(s: Schema, type: string): ((value: Json) => boolean) | undefined {
  const checks: ((value: Json) => boolean)[] = [];
  const min = numberOr(s.minimum);
  const max = numberOr(s.maximum);
  const exMin = numberOr(s.exclusiveMinimum);
  const exMax = numberOr(s.exclusiveMaximum);
  const multipleOf = numberOr(s.multipleOf);
  if (min !== undefined) checks.push((v) => typeof v !== 'number' || v >= min);
  if (max !== undefined) checks.push((v) => typeof v !== 'number' || v <= max);
  if (exMin !== undefined) checks.push((v) => typeof v !== 'number' || v > exMin);
  if (exMax !== undefined) checks.push((v) => typeof v !== 'number' || v < exMax);
  if (multipleOf) checks.push((v) => typeof v !== 'number' || Number.isInteger(Number((v / multipleOf).toFixed(8))));
  const minLength = numberOr(s.minLength);
  const maxLength = numberOr(s.maxLength);
  if (minLength !== undefined) checks.push((v) => typeof v !== 'string' || v.length >= minLength);
  if (maxLength !== undefined) checks.push((v) => typeof v !== 'string' || v.length <= maxLength);
  if (type === 'integer') checks.push((v) => typeof v !== 'number' || Number.isInteger(v));
  if (checks.length === 0) return undefined;
  return (value) => checks.every((check) => check(value));
}

export interface LeafInput {
  schema: Schema;
  /** The schema's type, '' when it has none (then the library's, else whatever the name says, else a string). */
  type: string;
  name: string;
  field: MockField | undefined;
  limits: MockLimits;
  where: string;
}

/** A scalar schema's generator (string, integer, number, boolean, or untyped). */
export function compileLeaf({ schema: s, type: declared, name, field, limits, where }: LeafInput): Make {
  if (declared === 'boolean') {
    const library = libraryPart(field, 'boolean', where);
    if (library.make) return library.make;
    return (run) => charged(run, rng.bool(), where);
  }
  const library = libraryPart(field, declared, where);
  if (library.make) return library.make;
  let type = declared || library.type || '';
  const format = typeof s.format === 'string' && s.format ? s.format : (library.format ?? '');
  // A pattern is followed exactly: a name's guess would rarely match it.
  const patterned = typeof s.pattern === 'string' && (type === 'string' || type === '');
  if (!patterned && name) {
    const stringFormat = type === 'string' || type === '' ? (isStringFormat(format) ? format : '') : '';
    const byName = nameGenerator(name, type, stringFormat);
    if (byName) {
      type ||= byName.type;
      const fits = fitsBounds(s, type);
      const fallback = fits ? typed(s, type, format, limits, where) : undefined;
      const make = byName.make;
      if (!fits || !fallback) return (run) => charged(run, make(run), where);
      return (run) => {
        const value = make(run);
        return fits(value) ? charged(run, value, where) : fallback(run);
      };
    }
  }
  return typed(s, type, format, limits, where);
}

function typed(s: Schema, type: string, format: string, limits: MockLimits, where: string): Make {
  if (type === 'integer' || type === 'number') return numberMaker(s, type, format, where);
  if (type === 'boolean') return (run) => charged(run, rng.bool(), where);
  return stringMaker(s, format, limits, where);
}
