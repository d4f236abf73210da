import type { GenerateScope, Json, RunOptions } from './api.js';
import { compileLeaf } from './leaf.js';
import { startRun } from './random.js';
import { compilerOf } from './schema.js';
import { nameGenerator } from './smart.js';

/** A value for a property called `name` of JSON type `type` from the library and the name alone; else undefined. */
export function valueForName(
  name: string,
  type: string,
  scope: GenerateScope,
  options: RunOptions & { format?: string },
): Json | undefined {
  const c = compilerOf(scope);
  const field = c.fields.get(name.toLowerCase());
  const schema: Record<string, Json> = options.format ? { format: options.format } : {};
  if (!field && !nameGenerator(name, type, options.format ?? '')) return undefined;
  const make = compileLeaf({ schema, type, name, field, limits: c.limits, where: name });
  return make(startRun(options, c.limits));
}
