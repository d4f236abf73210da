import type { MockApi, MockIndex, MockParameter } from '@pmbok/project-service/mock-index';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import zh from 'ajv-i18n/localize/zh/index.js';
import type { Json, MockRequest } from './choose.js';

/**
 * Request validation (docs/api/mock-and-fields.md, "Validation"), run in the mock's threads: a pattern of the
 * document may backtrack for seconds on a crafted value, and only ending the thread stops it. One validator per
 * part of a route (path, query, header, body), compiled when first needed and kept with the index revision.
 */

export interface ValidationError {
  in: 'path' | 'query' | 'header' | 'body';
  name: string;
  message: string;
}

type Part = 'path' | 'query' | 'header' | 'body';
type Validators = Partial<Record<Part, ValidateFunction | null>>;

// Query, path and header values are strings: coerced to the schema's type (a lone value to a list too).
// One instance per index revision: ajv keeps every schema it compiled, so a thread's validators go with the index
// it drops instead of piling up over a project's edits.
const instances = new WeakMap<MockIndex, Ajv2020>();
function ajvOf(index: MockIndex): Ajv2020 {
  let ajv = instances.get(index);
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, coerceTypes: 'array', strict: false, useDefaults: false });
    addFormats.default(ajv);
    instances.set(index, ajv);
  }
  return ajv;
}

// A CommonJS module: Node gives the function itself, its declaration describes a default export.
const localize = ((zh as unknown as { default?: typeof zh }).default ?? zh) as unknown as (
  errors: ErrorObject[] | null | undefined,
) => void;

const compiled = new WeakMap<MockApi, Validators>();

/** The document's schema with the project's models beside it, so `#/components/schemas/<name>` resolves. */
const withModels = (schema: object, index: MockIndex) => ({ ...schema, components: { schemas: index.models } });

function compile(schema: object, index: MockIndex): ValidateFunction | null {
  try {
    return ajvOf(index).compile(withModels(schema, index));
  } catch {
    // A schema ajv cannot compile (a broken document) is not the caller's fault: that part goes unchecked.
    return null;
  }
}

const objectOf = (params: MockParameter[], lower: boolean) => {
  const key = (p: MockParameter) => (lower ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [key(p), p.schema ?? {}])),
    required: params.filter((p) => p.required || p.in === 'path').map(key),
  };
};

function validatorOf(api: MockApi, part: Part, index: MockIndex): ValidateFunction | null {
  let validators = compiled.get(api);
  if (!validators) {
    validators = {};
    compiled.set(api, validators);
  }
  if (validators[part] !== undefined) return validators[part] as ValidateFunction | null;
  let schema: object | null = null;
  if (part === 'body') {
    const body = api.requestBody;
    if (body.type === 'form-data' || body.type === 'x-www-form-urlencoded') {
      schema = {
        type: 'object',
        properties: Object.fromEntries(
          body.fields.map((f) => [f.name, f.type === 'file' ? {} : (f.schema ?? { type: f.type })]),
        ),
        required: body.fields.filter((f) => f.required).map((f) => f.name),
      };
    } else if (body.type === 'json' && body.schema && typeof body.schema === 'object') {
      schema = body.schema as object;
    }
  } else {
    const params = api.parameters.filter((p) => p.in === part);
    if (params.length > 0) schema = objectOf(params, part === 'header');
  }
  const validator = schema ? compile(schema, index) : null;
  validators[part] = validator;
  return validator;
}

/** Whether a route has anything to check: the gateway's thread answers the others without a worker. */
/** Keywords whose checks run in bounded time whatever the value (no patterns, no string formats). */
const SAFE_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'nullable',
]);
const SAFE_FORMATS = ['int32', 'int64', 'float', 'double'];

/**
 * Whether the gateway's own thread may check the route: no body, and parameters of scalar schemas with only
 * bounded keywords (a GET with an integer id), so that its fixed example needs no worker.
 */
export function checksAreSimple(api: MockApi): boolean {
  if (api.requestBody.type !== 'none') return false;
  return api.parameters.every((p) => {
    const schema = (p.schema ?? {}) as Record<string, Json>;
    if (typeof schema !== 'object' || Array.isArray(schema)) return false;
    return Object.entries(schema).every(([key, value]) =>
      key === 'format'
        ? SAFE_FORMATS.includes(value as string)
        : key === 'type'
          ? ['integer', 'number', 'boolean', 'string'].includes(value as string)
          : SAFE_KEYWORDS.has(key),
    );
  });
}

export function hasChecks(api: MockApi): boolean {
  const trivial = (p: MockParameter) => {
    const schema = (p.schema ?? {}) as Record<string, Json>;
    const keys = Object.keys(schema).filter(
      (k) => !['type', 'description', 'title', 'example', 'examples'].includes(k),
    );
    return (
      (p.in === 'path' || !p.required) && keys.length === 0 && [undefined, 'string'].includes(schema.type as string)
    );
  };
  const params = api.parameters.filter((p) => p.in !== 'cookie');
  return !params.every(trivial) || api.requestBody.type !== 'none';
}

const nameOf = (api: MockApi, part: Part, error: ErrorObject) => {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String((error.params as { missingProperty: string }).missingProperty));
  if (part === 'body') return path.join('.');
  const name = path[0] ?? '';
  // Headers are checked by their lower-case names; the message names them as the document does.
  if (part !== 'header') return name;
  return api.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === name)?.name ?? name;
};

function check(api: MockApi, part: Part, data: unknown, index: MockIndex, errors: ValidationError[]) {
  const validate = validatorOf(api, part, index);
  if (!validate || validate(data)) return;
  localize(validate.errors);
  for (const error of validate.errors ?? []) {
    errors.push({ in: part, name: nameOf(api, part, error), message: error.message ?? '不符合文档' });
    if (errors.length >= 20) return;
  }
}

const isForm = (type: string) => type === 'form-data' || type === 'x-www-form-urlencoded';

/** The request's violations of its document (empty when it conforms). */
export function validateRequest(api: MockApi, request: MockRequest, index: MockIndex): ValidationError[] {
  const errors: ValidationError[] = [];
  check(api, 'path', { ...request.params }, index, errors);
  const query = Object.fromEntries(Object.entries(request.query).filter(([key]) => !key.startsWith('__')));
  check(api, 'query', query, index, errors);
  check(api, 'header', { ...request.headers }, index, errors);
  const body = api.requestBody;
  if (body.type === 'none') return errors;
  if (request.bodyKind === 'none') {
    if (body.required) errors.push({ in: 'body', name: '', message: '缺少请求体' });
    return errors;
  }
  if (body.type === 'json' && request.bodyKind === 'invalidJson')
    errors.push({ in: 'body', name: '', message: '不是合法的 JSON' });
  else if (body.type === 'json' && request.bodyKind !== 'json')
    errors.push({ in: 'body', name: '', message: '请求体应为 JSON（Content-Type: application/json）' });
  else if (isForm(body.type) && request.bodyKind !== 'form')
    errors.push({ in: 'body', name: '', message: `请求体应为表单（${body.mediaType || body.type}）` });
  else if (body.type === 'json' || isForm(body.type)) check(api, 'body', structuredClone(request.body), index, errors);
  return errors;
}
