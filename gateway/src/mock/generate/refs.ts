import { type Json, MockDocumentError } from './api.js';

type Schema = Record<string, Json>;

const MODEL_PREFIXES = ['#/components/schemas/', '#/definitions/', '#/$defs/'];

export interface RefTarget {
  /** What the cache keys the compiled target by: the model's name, or the pointer within its document. */
  key: string;
  /** The document the target's own local `$ref`s resolve in (the model, or the same root). */
  root: Json;
  schema: Json;
  /** How errors inside it are named: `模型 Pet`, or the pointer. */
  label: string;
}

const unescapePart = (part: string) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');

function pointer(root: Json, parts: string[]): Json | undefined {
  let at: Json | undefined = root;
  for (const part of parts) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, Json>)[unescapePart(part)];
  }
  return at;
}

/**
 * Where a `$ref` points: the root's own definitions first (`#/$defs/x` inside a model), then the project's models
 * by name (`#/components/schemas/Pet`, as the project stores references; `#/definitions/Pet` from Swagger 2).
 */
export function resolveRef(ref: string, root: Json, models: Record<string, Json>, where: string): RefTarget {
  if (ref === '#') return { key: '#', root, schema: root, label: '#' };
  if (ref.startsWith('#/')) {
    const local = pointer(root, ref.slice(2).split('/'));
    if (local !== undefined) return { key: ref, root, schema: local, label: ref };
  }
  for (const prefix of MODEL_PREFIXES) {
    if (!ref.startsWith(prefix)) continue;
    const [name = '', ...rest] = ref.slice(prefix.length).split('/');
    const modelName = unescapePart(name);
    const model = Object.hasOwn(models, modelName) ? models[modelName] : undefined;
    if (model === undefined) break;
    if (rest.length === 0) return { key: `model:${modelName}`, root: model, schema: model, label: `模型 ${modelName}` };
    const inner = pointer(model, rest);
    if (inner !== undefined) {
      return { key: `model:${modelName}/${rest.join('/')}`, root: model, schema: inner, label: `模型 ${modelName}` };
    }
  }
  throw new MockDocumentError(`$ref 指向的「${ref}」不存在`, where);
}

const ANNOTATIONS = new Set([
  '$ref',
  'description',
  'title',
  'example',
  'examples',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  '$comment',
  'nullable',
  'x-nullable',
  '$schema',
  '$id',
]);

/** Whether a `$ref`'s siblings add constraints of their own (2020-12 applies both, as `allOf` would). */
export const refHasSiblings = (s: Schema) =>
  Object.keys(s).some((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));

const isSchema = (value: Json | undefined): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Two schemas as one (allOf): properties merged (a property in both merged too), required joined, rest overridden. */
export function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (key === 'properties' && isSchema(mine) && isSchema(value)) {
      const properties: Schema = { ...mine };
      for (const [name, schema] of Object.entries(value)) {
        const before = properties[name];
        properties[name] = isSchema(before) && isSchema(schema) ? mergeSchemas(before, schema) : schema;
      }
      out.properties = properties;
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value)) {
      out.required = [...new Set([...mine, ...value])];
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * A schema with its `allOf` folded in, each branch's `$ref` followed (a branch referring back to one being folded
 * is a cycle no data can satisfy: the document's error).
 */
export function flattenAllOf(
  s: Schema,
  root: Json,
  models: Record<string, Json>,
  where: string,
  seen: string[] = [],
): { schema: Schema; root: Json } {
  const { allOf, ...rest } = s;
  if (!Array.isArray(allOf)) return { schema: s, root };
  let merged: Schema = {};
  let mergedRoot = root;
  for (const branch of allOf) {
    if (!isSchema(branch)) continue;
    let part = branch;
    let partRoot = root;
    if (typeof branch.$ref === 'string') {
      if (seen.includes(branch.$ref)) {
        throw new MockDocumentError(`allOf 循环引用：${[...seen, branch.$ref].join(' → ')}`, `${where}.allOf`);
      }
      const target = resolveRef(branch.$ref, root, models, `${where}.allOf`);
      if (!isSchema(target.schema)) continue;
      const { $ref: _ref, ...siblings } = branch;
      part = mergeSchemas(withoutPolymorphism(target.schema), siblings);
      partRoot = target.root;
      seen = [...seen, branch.$ref];
    }
    const flat = flattenAllOf(part, partRoot, models, where, seen);
    merged = mergeSchemas(merged, flat.schema);
    // Local references of a model's branch keep resolving in the model.
    if (flat.root !== root) mergedRoot = flat.root;
  }
  return { schema: mergeSchemas(merged, rest), root: mergedRoot };
}

/** An allOf's `$ref` to a polymorphic parent (`Pet: oneOf [Cat, Dog]`, `Cat: allOf [Pet, …]`) takes its fields only. */
function withoutPolymorphism(s: Schema): Schema {
  const refers = (list: Json | undefined) => Array.isArray(list) && list.some((b) => isSchema(b) && '$ref' in b);
  if (!refers(s.oneOf) && !refers(s.anyOf)) return s;
  const { oneOf: _one, anyOf: _any, discriminator: _d, ...rest } = s;
  return rest;
}
