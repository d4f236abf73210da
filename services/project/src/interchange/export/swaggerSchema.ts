import type { Json } from '../../domain/doc/content.js';

type Obj = Record<string, Json>;
const isObject = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/** The keywords a Swagger 2.0 Schema Object has (its meta-schema refuses any other but `x-` ones). */
const SCHEMA_KEYS = new Set([
  '$ref',
  'format',
  'title',
  'description',
  'default',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'additionalProperties',
  'type',
  'items',
  'allOf',
  'properties',
  'discriminator',
  'readOnly',
  'xml',
  'externalDocs',
  'example',
]);

/**
 * A JSON Schema 2020-12 (OpenAPI 3.1) as Swagger 2.0 takes it: `$ref`s to `#/definitions/`, a type list with
 * null as `x-nullable`, `const` as a one-value enum, numeric exclusive bounds as draft 4's booleans, `examples` as
 * `example`; what 2.0 has no keyword for (oneOf, anyOf, not, …) is kept as an `x-` extension.
 */
export function toSwaggerSchema(value: Json): Json {
  if (typeof value === 'boolean') return value ? {} : { 'x-not': {} };
  if (!isObject(value)) return {};
  // `anyOf: [X, {type: null}]` is how 3.1 says a nullable X (the upgrade writes it for 2.0's x-nullable $ref).
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = value[key];
    if (!Array.isArray(options) || options.length !== 2) continue;
    const nulls = options.filter((o) => isObject(o) && o.type === 'null' && Object.keys(o).length === 1);
    const other = options.find((o) => !nulls.includes(o));
    if (nulls.length !== 1 || !isObject(other)) continue;
    const { [key]: _, ...siblings } = value;
    return { ...(toSwaggerSchema({ ...siblings, ...other }) as Obj), 'x-nullable': true };
  }
  const out: Obj = {};
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('x-')) out[key] = child;
    else if (key === 'properties' && isObject(child)) {
      out.properties = Object.fromEntries(Object.entries(child).map(([k, v]) => [k, toSwaggerSchema(v)]));
    } else if (key === 'items') out.items = toSwaggerSchema(Array.isArray(child) ? (child[0] ?? {}) : child);
    else if (key === 'allOf' && Array.isArray(child)) out.allOf = child.map(toSwaggerSchema);
    else if (key === 'additionalProperties') {
      out.additionalProperties = typeof child === 'boolean' ? child : toSwaggerSchema(child);
    } else if (key === '$ref' && typeof child === 'string') {
      out.$ref = child.replace(/^#\/components\/schemas\//, '#/definitions/');
    } else if (key === 'type') {
      const types = Array.isArray(child) ? child : [child];
      const real = types.filter((t) => t !== 'null');
      if (real.length !== types.length) out['x-nullable'] = true;
      if (real.length === 1) out.type = real[0]!;
      else if (real.length > 1) out['x-type'] = real;
    } else if (key === 'const') out.enum = [child];
    else if (key === 'contentMediaType' && value.contentEncoding === undefined) {
      out.type = 'string';
      out.format = 'binary';
    } else if (key === 'contentEncoding' && child === 'base64') {
      out.type = 'string';
      out.format = 'byte';
    } else if (key === 'examples' && Array.isArray(child)) {
      if (value.example === undefined && child.length > 0) out.example = child[0]!;
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof child === 'number') {
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = child;
      out[key] = true;
    } else if (key === 'discriminator' && isObject(child)) {
      if (typeof child.propertyName === 'string') out.discriminator = child.propertyName;
    } else if ((key === 'enum' || key === 'required') && Array.isArray(child) && child.length === 0) {
    } else if (SCHEMA_KEYS.has(key)) out[key] = child;
    else out[`x-${key}`] = child;
  }
  return out;
}

/** The keywords a non-body parameter, a response header or an items object carries itself in Swagger 2.0. */
const PRIMITIVE_KEYS = [
  'format',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
];
const PRIMITIVE_TYPES = ['string', 'number', 'integer', 'boolean', 'array'];

/** A (converted) schema as the inline type of a parameter, header or items: objects and refs become strings. */
export function primitiveOf(schema: Json, allowFile = false): Obj {
  const s = isObject(schema) ? schema : {};
  const type = typeof s.type === 'string' && PRIMITIVE_TYPES.includes(s.type) ? s.type : 'string';
  const out: Obj = { type };
  if (allowFile && s.type === 'string' && s.format === 'binary') return { type: 'file' };
  for (const key of PRIMITIVE_KEYS) if (s[key] !== undefined) out[key] = s[key]!;
  if (typeof s.type !== 'string' || !PRIMITIVE_TYPES.includes(s.type)) {
    for (const key of PRIMITIVE_KEYS) delete out[key];
    if (Object.keys(s).length > 0) out['x-schema'] = s;
  }
  if (type === 'array') out.items = primitiveOf(s.items ?? {});
  for (const [key, value] of Object.entries(s)) if (key.startsWith('x-') && out[key] === undefined) out[key] = value;
  return out;
}
