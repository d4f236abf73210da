import { createSchema } from 'genson-js';
import type { JsonSchema } from './schemaRows';

export type Generated = { ok: true; schema: JsonSchema } | { ok: false; error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LEAF_TYPES: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
};

/**
 * Puts the pasted values back onto the schema genson made (it keeps only types), so the document view and the
 * request snippets show 张三 rather than "string". `samples` are all values seen at this place: an array's
 * elements are merged by genson, so a key present only in a later element still gets that element's value.
 */
function withExamples(schema: JsonSchema, samples: unknown[]): JsonSchema {
  const next: JsonSchema = { ...schema };
  if (isObject(schema.properties)) {
    const objects = samples.filter(isObject);
    next.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [
        key,
        isObject(child)
          ? withExamples(
              child,
              objects.filter((o) => key in o).map((o) => o[key]),
            )
          : child,
      ]),
    );
  }
  if (isObject(schema.items)) {
    next.items = withExamples(schema.items, samples.filter(Array.isArray).flat());
  }
  const fits = typeof schema.type === 'string' ? LEAF_TYPES[schema.type] : undefined;
  const sample = fits ? samples.find(fits) : undefined;
  if (sample !== undefined) next.examples = [sample];
  return next;
}

/**
 * A JSON Schema from a pasted JSON example (genson-js: every key seen is a property; arrays merge the schemas of
 * their elements), each leaf keeping its pasted value as `examples`. Nothing is required: a sample cannot say
 * which fields may be left out, so the user ticks 必填. Answers the parser's message when the text is not JSON.
 */
export function generateSchema(text: string): Generated {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return { ok: true, schema: withExamples(createSchema(value, { noRequired: true }) as JsonSchema, [value]) };
}
