import type { Json } from '../../domain/doc/content.js';
import { schemaProblem } from '../../domain/doc/jsonSchema.js';
import type { InterchangeProblem } from '../model.js';
import { isObject, jsonOf } from './collectionKit.js';

/** Keywords whose value is one schema, or a map of names to schemas, or a list of schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * YApi's schemas are draft-04 as its editor writes them: `$schema` names draft-04, `exclusiveMinimum` is a flag,
 * and each field's Mock.js rule sits in `mock: {mock: '@…'}`. The project keeps 2020-12, so the flags become
 * bounds and the rule is kept as `x-mock` (the mock server and the exporters read it there).
 */
export function fromYapiSchema(value: unknown): Json {
  if (typeof value === 'boolean') return value;
  if (!isObject(value)) return {};
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema' || key === 'id') continue;
    if (key === 'mock') {
      const rule = isObject(child) ? child.mock : child;
      if (typeof rule === 'string' && rule !== '') out['x-mock'] = rule;
      continue;
    }
    if (ONE.includes(key)) {
      if (key === 'items' && Array.isArray(child)) out.prefixItems = child.map(fromYapiSchema);
      else out[key] = typeof child === 'boolean' ? child : fromYapiSchema(child);
    } else if (MAP.includes(key)) {
      if (!isObject(child)) continue;
      out[key === 'definitions' ? '$defs' : key] = Object.fromEntries(
        Object.entries(child).map(([name, schema]) => [name, fromYapiSchema(schema)]),
      );
    } else if (LIST.includes(key)) {
      if (Array.isArray(child)) out[key] = child.map(fromYapiSchema);
    } else if (key === 'required') {
      // YApi writes an empty or a per-field boolean `required` in places; only a list of names means anything.
      if (Array.isArray(child) && child.every((name) => typeof name === 'string')) {
        out.required = [...new Set(child)];
      }
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (typeof child === 'number') out[key] = child;
    } else if (key === 'type' && typeof child === 'string' && child === '') {
      // An untyped field.
    } else {
      out[key] = child as Json;
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (value[flag] === true && typeof value[bound] === 'number') {
      out[flag] = value[bound];
      delete out[bound];
    }
  }
  // draft-04 references point into `definitions`, which is `$defs` now.
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace(/^#\/definitions\//, '#/$defs/');
  return out;
}

/**
 * A YApi body text as a schema: a JSON Schema when YApi says it is one, else inferred elsewhere. A schema the
 * project cannot keep is reported and left empty (the text stays as the raw body).
 */
export function yapiSchemaOf(text: unknown, where: string, problems: InterchangeProblem[]): Json | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const parsed = jsonOf(text);
  if (parsed === undefined) {
    problems.push({ where, message: 'JSON Schema 不是正确的 JSON，保留为原始文本' });
    return undefined;
  }
  const schema = fromYapiSchema(parsed);
  const problem = schemaProblem(schema);
  if (problem) {
    problems.push({ where, message: `JSON Schema 无法使用（${problem}），保留为原始文本` });
    return undefined;
  }
  return schema;
}
