import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import zh from 'ajv-i18n/localize/zh/index.js';
import type { ResponseSchemas } from '../model.js';

/**
 * A response against its document's schema. OpenAPI 3.1 schemas are JSON Schema 2020-12; documents refer to shared
 * models as `#/components/schemas/<name>`, so each schema is compiled inside a root that carries the components.
 */

/** The schema for a status: the exact one, then its range (`4XX`), then `default`. */
export function schemaFor(
  schemas: ResponseSchemas | undefined,
  status: number,
): { key: string; schema: unknown } | undefined {
  if (!schemas) return undefined;
  const keys = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'];
  for (const key of keys) {
    const schema = schemas[key];
    if (schema !== undefined && schema !== null) return { key, schema };
  }
  return undefined;
}

/** A run's checker: its own ajv, whose compiled schemas live as long as the run (ajv caches every root it compiles). */
export function createSchemaChecker() {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    validateFormats: true,
    // Documents carry OpenAPI's own keywords (example, xml, discriminator …) beside JSON Schema's.
    keywords: ['example', 'xml', 'externalDocs', 'discriminator', 'x-mock'],
  });
  addFormats.default(ajv);
  // OpenAPI's own formats say how a value is stored, not what it may be: only the type is checked.
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);
  const compiled = new Map<string, ValidateFunction | string>();

  const compile = (schema: unknown, components: Record<string, unknown> | undefined, key: string) => {
    const known = compiled.get(key);
    if (known) return known;
    let outcome: ValidateFunction | string;
    try {
      const root = { allOf: [openApiNullable(schema)], components: { schemas: openApiNullable(components ?? {}) } };
      outcome = ajv.compile(root);
    } catch (error) {
      outcome = `文档中的响应结构无法使用：${(error as Error).message}`;
    }
    compiled.set(key, outcome);
    return outcome;
  };

  return {
    /** The ways a value breaks the schema (path and Chinese message each), [] when it conforms, or why it can't be checked. */
    errors(
      schema: unknown,
      components: Record<string, unknown> | undefined,
      value: unknown,
      cacheKey: string,
    ): { path: string; message: string }[] | string {
      const validate = compile(schema, components, cacheKey);
      if (typeof validate === 'string') return validate;
      if (validate(value)) return [];
      return describe((validate.errors ?? []) as ErrorObject[]);
    },
  };
}

export type SchemaChecker = ReturnType<typeof createSchemaChecker>;

/** OpenAPI 3.0's `nullable: true` as 2020-12 says it (`type: [t, 'null']`), on a copy. */
function openApiNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openApiNullable);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = openApiNullable(child);
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

// The CommonJS module's default export, as Node's ESM loader hands it over.
const localizeZh = ((zh as unknown as { default?: unknown }).default ?? zh) as unknown as (
  errors: ErrorObject[],
) => void;

function describe(errors: ErrorObject[]): { path: string; message: string }[] {
  localizeZh(errors);
  const seen = new Set<string>();
  const out: { path: string; message: string }[] = [];
  for (const error of errors) {
    // allOf wraps every failure once more; the inner ones say what is wrong.
    if (error.keyword === 'allOf') continue;
    const path = error.instancePath || '/';
    const detail =
      error.keyword === 'additionalProperties'
        ? `${error.message}：${(error.params as { additionalProperty?: string }).additionalProperty ?? ''}`
        : (error.message ?? error.keyword);
    const line = `${path} ${detail}`;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push({ path, message: detail });
    if (out.length >= 50) break;
  }
  return out;
}
