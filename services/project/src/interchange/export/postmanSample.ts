import type { Json } from '../../domain/doc/content.js';
import { MODEL_REF } from '../../domain/doc/jsonSchema.js';

type Obj = Record<string, Json>;
const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};

/**
 * A value that fits a schema, for a request body that has no example: Postman sends what is in the body, so an
 * exported request should carry something a reader can edit. Models are followed (once per branch: a recursive
 * model stops at null).
 */
export function sampleOf(
  schema: unknown,
  models: ReadonlyMap<string, Json>,
  seen: ReadonlySet<string> = new Set(),
): Json {
  const s = obj(schema);
  if (typeof s.$ref === 'string' && s.$ref.startsWith(MODEL_REF)) {
    const name = decodeURIComponent(s.$ref.slice(MODEL_REF.length).split('/')[0] ?? '');
    if (seen.has(name) || !models.has(name)) return null;
    return sampleOf(models.get(name), models, new Set([...seen, name]));
  }
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0] ?? null;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] ?? null;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const first = Array.isArray(s[key]) ? s[key][0] : undefined;
    if (first !== undefined) return sampleOf(first, models, seen);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => obj(sampleOf(part, models, seen))));
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  if (type === 'object' || (type === undefined && s.properties)) {
    return Object.fromEntries(
      Object.entries(obj(s.properties)).map(([name, child]) => [name, sampleOf(child, models, seen)]),
    );
  }
  if (type === 'array') return s.items === undefined ? [] : [sampleOf(s.items, models, seen)];
  if (type === 'string')
    return s.format === 'date-time' ? '2024-01-01T00:00:00Z' : s.format === 'date' ? '2024-01-01' : '';
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 0;
  if (type === 'boolean') return false;
  return null;
}
