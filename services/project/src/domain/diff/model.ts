/** One difference inside a document (gateway/src/schemas/publishing.ts FieldDiff). */
export interface FieldDiff {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
  breaking: boolean;
  message: string;
}

/**
 * Which way data flows through a schema: a request is written by clients (narrowing what it accepts breaks them), a
 * response is read by clients (widening what it returns breaks them). A shared model is both.
 */
export type Direction = 'request' | 'response' | 'both';

export type Obj = Record<string, unknown>;

export const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/** Deep equality of JSON values, blind to key order (schemas pasted by hand keep their own order). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => same(item, b[i]));
  }
  if (!isObj(a) || !isObj(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && same(a[key], b[key]));
}

/** Values travel as JSON: an absent side is null. */
export const json = (value: unknown) => (value === undefined ? null : value);

/** A short, readable rendering of a value inside a message. */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return '空';
  if (typeof value === 'string') return value === '' ? '空' : value.length > 40 ? `${value.slice(0, 40)}…` : value;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

const LATIN_THEN_CJK = /([A-Za-z0-9\])}*_.-])([\u3400-\u9fff])/g;
const CJK_THEN_LATIN = /([\u3400-\u9fff])([A-Za-z0-9[{(*/#$_.-])/g;

/** Chinese copy puts a space between Chinese and Latin words ('查询参数 limit 改为必填'); labels are glued, so space them here. */
export const spaced = (text: string) =>
  text.replace(LATIN_THEN_CJK, '$1 $2').replace(CJK_THEN_LATIN, '$1 $2').replace(/ {2,}/g, ' ');

/** Collects differences; `breaking` is decided by the caller from the direction. */
export class Diffs {
  readonly list: FieldDiff[] = [];
  add(path: string, before: unknown, after: unknown, breaking: boolean, message: string) {
    const change = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    this.list.push({ path, change, before: json(before), after: json(after), breaking, message: spaced(message) });
  }
}

/**
 * Pairs the items of two lists by a key (parameters by location and name, responses by status). A key seen twice in
 * one list gets `#2`, `#3` so nothing is lost.
 */
export function pairBy<T>(before: T[], after: T[], key: (item: T) => string) {
  const index = (items: T[]) => {
    const map = new Map<string, T>();
    for (const item of items) {
      let name = key(item);
      for (let n = 2; map.has(name); n += 1) name = `${key(item)}#${n}`;
      map.set(name, item);
    }
    return map;
  };
  const a = index(before);
  const b = index(after);
  const keys = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  return keys.map((k) => ({ key: k, before: a.get(k), after: b.get(k) }));
}

export const listOf = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);
