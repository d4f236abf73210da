import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { ResponseSchemas } from '../model.js';

// ajv is loaded when a run first checks a schema: a Postman collection never does, and the CLI's start and peak
// memory are the smaller for it (about 90 ms and a few MB).
const require = createRequire(import.meta.url);

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

function newAjv(): Ajv2020 {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as { default: (ajv: Ajv2020) => void };
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateFormats: true,
    // Documents carry OpenAPI's own keywords (example, xml, discriminator …) beside JSON Schema's.
    keywords: ['example', 'xml', 'externalDocs', 'discriminator', 'x-mock'],
  });
  addFormats.default(ajv);
  // OpenAPI's own formats say how a value is stored, not what it may be: only the type is checked.
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);
  return ajv;
}

/** A run's checker: its own ajv, whose compiled schemas live as long as the run (ajv caches every root it compiles). */
export function createSchemaChecker() {
  let made: Ajv2020 | undefined;
  const compiled = new Map<string, ValidateFunction | string>();

  const compile = (schema: unknown, components: Record<string, unknown> | undefined, key: string) => {
    const known = compiled.get(key);
    if (known) return known;
    let outcome: ValidateFunction | string;
    try {
      const root = { allOf: [openApiNullable(schema)], components: { schemas: openApiNullable(components ?? {}) } };
      made ??= newAjv();
      outcome = made.compile(root);
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

function describe(errors: ErrorObject[]): { path: string; message: string }[] {
  const zh = require('ajv-i18n/localize/zh/index.js') as { default?: unknown };
  const localizeZh = (zh.default ?? zh) as (errors: ErrorObject[]) => void;
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
