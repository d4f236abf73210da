/** A JSON Schema as documents keep it (2020-12, OpenAPI 3.1's dialect). */
export type Schema = Record<string, unknown>;

/** One row of a schema table: a property at some depth. */
export interface SchemaRow {
  key: string;
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description: string;
  enumValues: unknown[];
  extra: string;
  /** The shared model (`#/components/schemas/<name>`) the property, or its array's items, refers to. */
  ref?: string;
}

const MAX_DEPTH = 12;
const REF_PREFIX = '#/components/schemas/';
const asSchema = (value: unknown): Schema =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : {};

/** The name of the project model a schema refers to (an array's items too), decoded from the JSON pointer. */
export function refName(schema: unknown): string | undefined {
  const s = asSchema(schema);
  if (typeof s.$ref === 'string' && s.$ref.startsWith(REF_PREFIX)) {
    return s.$ref.slice(REF_PREFIX.length).replaceAll('~1', '/').replaceAll('~0', '~');
  }
  return s.type === 'array' ? refName(s.items) : undefined;
}

/** `string`, `integer[]`, `string | null`, `$ref Name`, `oneOf`… as a reader wants to see it. */
export function typeLabel(schema: Schema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? schema.$ref;
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `${typeLabel(asSchema(schema.items)) || 'any'}[]`;
  if (typeof type === 'string') return typeof schema.format === 'string' ? `${type}<${schema.format}>` : type;
  for (const key of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(schema[key])) return key;
  if (schema.properties) return 'object';
  return '';
}

function constraints(schema: Schema): string {
  const parts: string[] = [];
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'default']) {
    if (schema[key] !== undefined) parts.push(`${key}: ${JSON.stringify(schema[key])}`);
  }
  return parts.join(', ');
}

/** The object a schema describes: an array's items when it is an array of objects. */
function objectOf(schema: Schema): Schema | null {
  if (schema.properties) return schema;
  if (schema.type === 'array') return objectOf(asSchema(schema.items));
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const parts = schema[key];
    if (Array.isArray(parts)) {
      const merged = parts.map(asSchema).filter((part) => part.properties);
      if (merged.length) {
        return {
          properties: Object.assign({}, ...merged.map((part) => part.properties)),
          required: merged.flatMap((part) => (Array.isArray(part.required) ? part.required : [])),
        };
      }
    }
  }
  return null;
}

/** The properties of an object schema as indented rows, nested objects and arrays of objects expanded. */
export function schemaRows(schema: unknown, depth = 0, prefix = ''): SchemaRow[] {
  const object = objectOf(asSchema(schema));
  if (!object || depth > MAX_DEPTH) return [];
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(asSchema(object.properties)).flatMap(([name, value]) => {
    const child = asSchema(value);
    const key = `${prefix}${name}`;
    const row: SchemaRow = {
      key,
      name,
      depth,
      type: typeLabel(child),
      required: required.has(name),
      description: [child.title, child.description].filter((text) => typeof text === 'string' && text).join(' — '),
      enumValues: Array.isArray(child.enum) ? child.enum : child.const !== undefined ? [child.const] : [],
      extra: constraints(child),
    };
    const ref = refName(child);
    if (ref) row.ref = ref;
    return [row, ...schemaRows(child, depth + 1, `${key}.`)];
  });
}

/** An example value made from the schema: its example, default, first enum value, or a value of its type. */
export function exampleOf(schema: unknown, depth = 0): unknown {
  const s = asSchema(schema);
  if (depth > MAX_DEPTH) return null;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const object = s.properties ? s : null;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (object || type === 'object') {
    return Object.fromEntries(
      Object.entries(asSchema(s.properties)).map(([name, value]) => [name, exampleOf(value, depth + 1)]),
    );
  }
  if (type === 'array') return [exampleOf(s.items, depth + 1)];
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    if (Array.isArray(s[key]) && s[key].length) return exampleOf((s[key] as unknown[])[0], depth + 1);
  }
  switch (type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'date-time' ? '2026-01-01T00:00:00Z' : 'string';
    default:
      return null;
  }
}
