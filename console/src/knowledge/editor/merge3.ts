/**
 * A three-way merge of JSON documents: what only one side changed since their common base is taken from that side;
 * where both changed the same value differently, the user's own value stays and the place is reported, for the
 * merge dialog to point at. Objects merge key by key (to any depth); arrays and other values merge whole.
 */

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

export interface Merged<T> {
  merged: T;
  /** Paths changed on both sides differently (`requestBody.schema.properties.id.type`); mine was kept. */
  conflicts: string[];
}

const MISSING = Symbol('missing');

function mergeValue(base: Json, mine: Json, theirs: Json, path: string, conflicts: string[]): Json {
  if (same(mine, theirs)) return mine;
  if (same(base, mine)) return theirs;
  if (same(base, theirs)) return mine;
  if (isObject(mine) && isObject(theirs)) {
    const from = isObject(base) ? base : {};
    const out: Record<string, Json> = {};
    // My key order first, then keys only they added.
    const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
    for (const key of keys) {
      const at = path ? `${path}.${key}` : key;
      const b = key in from ? from[key] : MISSING;
      const m = key in mine ? mine[key] : MISSING;
      const t = key in theirs ? theirs[key] : MISSING;
      const value = mergeValue(b, m, t, at, conflicts);
      if (value !== MISSING) out[key] = value;
    }
    return out;
  }
  conflicts.push(path);
  return mine;
}

export function mergeThreeWay<T>(base: T, mine: T, theirs: T): Merged<T> {
  const conflicts: string[] = [];
  const merged = mergeValue(base, mine, theirs, '', conflicts) as T;
  return { merged, conflicts };
}
