import type { Json } from '../../domain/doc/content.js';
import { X } from '../import/openapiOperation.js';
import type { ModelKeys } from './openapiModels.js';

type Obj = Record<string, Json>;
const isObject = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Spreads a document part's `extra` back on its OpenAPI object: OpenAPI's own fields of that object and `x-` keys
 * as they are, anything else (what other formats' importers kept) under `x-pmbok-extra` so it validates.
 */
export function spreadExtra(target: Obj, extra: unknown, allowed: readonly string[], skip: readonly string[] = []) {
  if (!isObject(extra)) return target;
  const rest: Obj = {};
  for (const [key, value] of Object.entries(extra)) {
    if (skip.includes(key)) continue;
    if (allowed.includes(key) || key.startsWith('x-')) target[key] = value;
    else rest[key] = value;
  }
  if (Object.keys(rest).length > 0) target[X.extra] = rest;
  return target;
}

const DEFAULT_MEDIA: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  'form-data': 'multipart/form-data',
  'x-www-form-urlencoded': 'application/x-www-form-urlencoded',
  raw: 'text/plain',
  binary: 'application/octet-stream',
};

/** The project's example list as OpenAPI's `example` (the unnamed one) and `examples` (by name). */
function writeExamples(media: Obj, examples: unknown) {
  const named: Obj = {};
  for (const [i, example] of list(examples).entries()) {
    const name = str(example.name);
    if (!name && media.example === undefined && Object.keys(named).length === 0) {
      media.example = example.value ?? null;
      continue;
    }
    const key = name || `example${i + 1}`;
    named[key] = { ...(str(example.summary) && { summary: example.summary }), value: example.value ?? null };
  }
  if (Object.keys(named).length > 0) media.examples = named;
}

function emptySchema(schema: Json) {
  return isObject(schema) && Object.keys(schema).length === 0;
}

/** The media type objects of a part: the chosen one and the others an import kept. */
function contentOf(mediaType: string, schema: Json, part: Obj, models: ModelKeys): Obj {
  const extra = isObject(part.extra) ? part.extra : {};
  const media: Obj = {};
  if (!emptySchema(schema)) media.schema = models.rewrite(schema);
  writeExamples(media, part.examples);
  if (isObject(extra.media)) Object.assign(media, extra.media);
  const content: Obj = { [mediaType]: media };
  if (isObject(extra.otherContent)) {
    for (const [type, other] of Object.entries(extra.otherContent)) content[type] = models.rewrite(other);
  }
  return content;
}

const FIELD_SCHEMAS: Record<string, Obj> = {
  file: { type: 'string', format: 'binary' },
  array: { type: 'array', items: { type: 'string' } },
};

/** A form body's schema from its fields (the editor's truth), keeping the rest of the schema it was read from. */
export function formSchema(body: Obj): Json {
  const fields = list(body.fields);
  if (fields.length === 0) return body.schema ?? {};
  const base = isObject(body.schema) ? body.schema : {};
  const properties: Obj = {};
  for (const field of fields) {
    const own = isObject(field.schema) && Object.keys(field.schema).length > 0 ? { ...field.schema } : undefined;
    const property: Obj = own ?? { ...(FIELD_SCHEMAS[str(field.type)] ?? { type: str(field.type) || 'string' }) };
    if (str(field.description)) property.description = str(field.description);
    if (field.example !== null && field.example !== undefined) property.example = field.example;
    properties[str(field.name)] = property;
  }
  const required = fields.filter((f) => f.required === true).map((f) => str(f.name));
  const kept = Array.isArray(base.required) ? base.required : [];
  const same = kept.length === required.length && required.every((name) => kept.includes(name));
  const schema: Obj = { ...base, type: base.type ?? 'object', properties };
  if (same && kept.length > 0) schema.required = kept;
  else if (required.length > 0) schema.required = required;
  else delete schema.required;
  return schema;
}

export function requestBodyOf(body: Obj, models: ModelKeys): Obj | undefined {
  const type = str(body.type) || 'none';
  if (type === 'none') return undefined;
  const mediaType = str(body.mediaType) || DEFAULT_MEDIA[type] || 'application/json';
  const form = type === 'form-data' || type === 'x-www-form-urlencoded';
  const schema = form ? formSchema(body) : (body.schema ?? {});
  const part: Obj = { ...body };
  if (str(body.raw) && list(body.examples).length === 0) part.examples = [{ name: '', value: str(body.raw) }];
  const out: Obj = {};
  if (str(body.description)) out.description = str(body.description);
  out.content = contentOf(mediaType, schema, part, models);
  if (body.required === true) out.required = true;
  return spreadExtra(out, body.extra, [], ['media', 'otherContent']);
}

const PARAMETER_FIELDS = ['style', 'explode', 'allowEmptyValue', 'allowReserved', 'examples', 'content'];

export function parameterOf(parameter: Obj, models: ModelKeys): Obj {
  const extra = isObject(parameter.extra) ? parameter.extra : {};
  const out: Obj = { name: str(parameter.name), in: str(parameter.in) || 'query' };
  if (str(parameter.description)) out.description = str(parameter.description);
  if (parameter.in === 'path' || parameter.required === true) out.required = true;
  if (parameter.deprecated === true) out.deprecated = true;
  // OpenAPI takes a parameter's `schema` or its `content`, never both.
  if (!isObject(extra.content)) out.schema = models.rewrite(parameter.schema ?? { type: 'string' });
  if (parameter.example !== null && parameter.example !== undefined) out.example = parameter.example;
  spreadExtra(out, extra, PARAMETER_FIELDS);
  if (isObject(out.content)) out.content = models.rewrite(out.content);
  return out;
}

/** The short name the importer derives from a description, so a name equal to it need not be written. */
const derivedName = (description: string) => {
  const line = description.trim();
  return line.length <= 50 && !line.includes('\n') ? line : '';
};

export function responseOf(response: Obj, models: ModelKeys): Obj {
  const description = str(response.description);
  const out: Obj = { description };
  if (str(response.name) !== derivedName(description)) out[X.name] = str(response.name);
  const headers: Obj = {};
  for (const header of list(response.headers)) {
    if (!str(header.name)) continue;
    headers[str(header.name)] = {
      ...(str(header.description) && { description: header.description }),
      ...(header.required === true && { required: true }),
      schema: models.rewrite(header.schema ?? { type: 'string' }),
    };
  }
  if (Object.keys(headers).length > 0) out.headers = headers;
  const mediaType = str(response.mediaType);
  if (mediaType) out.content = contentOf(mediaType, response.schema ?? {}, response, models);
  return spreadExtra(out, response.extra, [], ['media', 'otherContent']);
}
