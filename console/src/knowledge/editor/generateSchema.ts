import { createSchema } from 'genson-js';
import type { JsonSchema } from './schemaRows';

export type Generated = { ok: true; schema: JsonSchema } | { ok: false; error: string };

/**
 * A JSON Schema from a pasted JSON example (genson-js: every key seen is a property, required when present; arrays
 * merge the schemas of their elements). Answers the parser's message when the text is not JSON.
 */
export function generateSchema(text: string): Generated {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return { ok: true, schema: createSchema(value) as JsonSchema };
}
