import { NAME_MAX, NAME_PATTERN, nameKeyOf } from './names.js';

/**
 * The field names a document uses, as a library field would be named (lower case): parameters, form fields and the
 * properties of every schema at every level (nested schemas followed, `$ref`s not: a model counts in its own
 * document). Names no field could hold (`user-name`, `$ref`) are left out.
 */
export function docFieldNames(kind: string, content: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const add = (name: unknown) => {
    if (typeof name === 'string' && name.length <= NAME_MAX && NAME_PATTERN.test(name)) names.add(nameKeyOf(name));
  };
  const schemaNames = (schema: unknown, depth: number): void => {
    if (depth > 64 || typeof schema !== 'object' || schema === null) return;
    if (Array.isArray(schema)) {
      for (const item of schema) schemaNames(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
      if (key === 'properties' && typeof value === 'object' && value && !Array.isArray(value)) {
        for (const [name, property] of Object.entries(value)) {
          add(name);
          schemaNames(property, depth + 1);
        }
      } else if (!VALUES.has(key)) {
        schemaNames(value, depth + 1);
      }
    }
  };
  if (kind === 'schema') {
    schemaNames(content.schema, 0);
    return names;
  }
  const body = (content.requestBody ?? {}) as { fields?: unknown; schema?: unknown };
  for (const item of [...listOf(content.parameters), ...listOf(body.fields)]) {
    add(item.name);
    schemaNames(item.schema, 0);
  }
  schemaNames(body.schema, 0);
  for (const response of listOf(content.responses)) schemaNames(response.schema, 0);
  return names;
}

/** Keywords holding data rather than schemas: their keys are not field names. */
const VALUES = new Set(['enum', 'const', 'examples', 'example', 'default']);

type Named = { name?: unknown; schema?: unknown };
const listOf = (value: unknown): Named[] => (Array.isArray(value) ? (value as Named[]) : []);
