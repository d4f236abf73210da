import type { Json } from '../../domain/doc/content.js';
import { isObject, pointer, text } from './common.js';
import type { RefReader } from './openapiRefs.js';

/** Extensions the exporter writes for fields OpenAPI has no place of its own for. */
export const X = {
  folder: 'x-pmbok-folder',
  status: 'x-pmbok-status',
  owner: 'x-pmbok-owner-id',
  name: 'x-pmbok-name',
  extra: 'x-pmbok-extra',
  pages: 'x-pmbok-pages',
  folders: 'x-pmbok-folders',
} as const;
const OURS = new Set<string>(Object.values(X));

/** The body types of the project's model, by media type. */
export function bodyTypeOf(mediaType: string): string {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') return 'form-data';
  if (type === 'application/x-www-form-urlencoded') return 'x-www-form-urlencoded';
  if (type === 'application/json' || type.endsWith('+json') || type === '*/*') return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (type.startsWith('text/')) return 'raw';
  return 'binary';
}

/** An object's keys that `mapped` leaves out, as the `extra` of the document part (x-pmbok-extra spread back). */
export function extraOf(value: Record<string, unknown>, mapped: readonly string[]): Record<string, Json> {
  const extra: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) {
    if (mapped.includes(key) || OURS.has(key)) continue;
    extra[key] = child as Json;
  }
  if (isObject(value[X.extra])) Object.assign(extra, value[X.extra]);
  return extra;
}

type Example = { name: string; summary: string; value: Json };

/** A media type's `example` (unnamed) and `examples` (by name, `$ref`s followed) as the project's list. */
function examplesOf(refs: RefReader, media: Record<string, unknown>, where: string): Example[] {
  const list: Example[] = [];
  if (media.example !== undefined) list.push({ name: '', summary: '', value: media.example as Json });
  if (isObject(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const example = refs.follow(raw, `${where}/examples/${name}`);
      if (!example) continue;
      if (example.externalValue !== undefined) {
        refs.problems.add(`${where}/examples/${name}`, '外部示例（externalValue）不会读取，未导入');
      }
      list.push({ name, summary: text(example.summary), value: (example.value ?? null) as Json });
    }
  }
  return list;
}

/** The first media type of a `content` map, and the others kept whole for the exporter. */
function firstMedia(content: unknown) {
  const entries = isObject(content) ? Object.entries(content).filter(([, media]) => isObject(media)) : [];
  const [first, ...others] = entries as [string, Record<string, unknown>][];
  return { first, others };
}

/** The media types after the first, kept for the exporter in the project's terms (model refs, examples inlined). */
function otherContentOf(refs: RefReader, others: [string, Record<string, unknown>][], where: string) {
  const out: Record<string, Json> = {};
  for (const [type, media] of others) {
    const kept: Record<string, Json> = extraOf(media, ['schema', 'example', 'examples']);
    if (media.schema !== undefined) kept.schema = refs.schema(media.schema, `${where}/${type}/schema`);
    if (media.example !== undefined) kept.example = media.example as Json;
    if (isObject(media.examples)) {
      const examples: Record<string, Json> = {};
      for (const [name, raw] of Object.entries(media.examples)) {
        const example = refs.follow(raw, `${where}/${type}/examples/${name}`);
        if (example)
          examples[name] = {
            ...(example.summary !== undefined && { summary: text(example.summary) }),
            value: (example.value ?? null) as Json,
          };
      }
      kept.examples = examples;
    }
    out[type] = kept;
  }
  return out;
}

const FIELD_TYPES = ['string', 'integer', 'number', 'boolean', 'array'];

/** Form fields from an inline object schema's properties (a `$ref` body keeps only its schema). */
function fieldsOf(schema: Json) {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties).map(([name, property]) => {
    const prop = isObject(property) ? property : {};
    // 3.1 writes a file as a contentMediaType (the upgrade turns 3.0's format: binary into one).
    const file = prop.format === 'binary' || (typeof prop.contentMediaType === 'string' && !prop.contentEncoding);
    const type = file ? 'file' : FIELD_TYPES.find((t) => t === prop.type);
    return {
      name,
      type: type ?? 'string',
      required: required.includes(name),
      description: text(prop.description),
      example: (prop.example ?? null) as Json,
      schema: property as Json,
    };
  });
}

export function requestBodyOf(refs: RefReader, raw: unknown, where: string) {
  const body = raw === undefined ? undefined : refs.follow(raw, where);
  if (!body) {
    return { type: 'none', mediaType: '', required: false, description: '', schema: {}, fields: [], raw: '' };
  }
  const { first, others } = firstMedia(body.content);
  const [mediaType = '', media = {}] = first ?? [];
  const type = first ? bodyTypeOf(mediaType) : 'none';
  const schema = refs.schema(media.schema, `${where}/content/${mediaType}/schema`);
  const extra = extraOf(body, ['description', 'required', 'content']);
  const mediaExtra = extraOf(media, ['schema', 'example', 'examples']);
  if (Object.keys(mediaExtra).length > 0) extra.media = mediaExtra;
  if (others.length > 0) extra.otherContent = otherContentOf(refs, others, `${where}/content`);
  return {
    type,
    mediaType,
    required: body.required === true,
    description: text(body.description),
    schema,
    fields: type === 'form-data' || type === 'x-www-form-urlencoded' ? fieldsOf(schema) : [],
    raw: '',
    examples: examplesOf(refs, media, `${where}/content/${mediaType}`),
    extra,
  };
}

export function parametersOf(
  refs: RefReader,
  pathItem: Record<string, unknown>,
  op: Record<string, unknown>,
  where: string,
) {
  const byKey = new Map<string, { value: Record<string, unknown>; where: string }>();
  const collect = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const value = refs.follow(raw, `${at}/${i}`);
      if (!value || typeof value.name !== 'string' || typeof value.in !== 'string') return;
      byKey.set(`${value.in} ${value.name}`, { value, where: `${at}/${i}` });
    });
  };
  // Operation parameters override the path item's ones of the same place and name (OpenAPI's rule).
  collect(pathItem.parameters, where.replace(/\/[^/]+$/, '/parameters'));
  collect(op.parameters, `${where}/parameters`);
  const parameters = [];
  for (const { value, where: at } of byKey.values()) {
    if (!['path', 'query', 'header', 'cookie'].includes(value.in as string)) {
      refs.problems.add(at, `参数位置「${String(value.in)}」不支持，未导入`);
      continue;
    }
    if (!(value.name as string).trim()) continue;
    const { first } = firstMedia(value.content);
    const schemaSource = value.schema ?? first?.[1].schema;
    parameters.push({
      in: value.in as string,
      name: value.name as string,
      required: value.in === 'path' || value.required === true,
      description: text(value.description),
      schema: schemaSource === undefined ? { type: 'string' } : refs.schema(schemaSource, `${at}/schema`),
      example: (value.example ?? null) as Json,
      deprecated: value.deprecated === true,
      extra: extraOf(value, ['in', 'name', 'required', 'description', 'schema', 'example', 'deprecated']),
    });
  }
  return parameters;
}

/** A response's short name: the first line of its description when it is short, as the editor shows it. */
const nameOf = (response: Record<string, unknown>) => {
  if (typeof response[X.name] === 'string') return (response[X.name] as string).slice(0, 200);
  const line = text(response.description).trim();
  return line.length <= 50 && !line.includes('\n') ? line : '';
};

export function responsesOf(refs: RefReader, raw: unknown, where: string) {
  if (!isObject(raw)) return [];
  const responses = [];
  for (const [key, value] of Object.entries(raw)) {
    const at = `${where}/${key}`;
    if (key.startsWith('x-')) continue;
    const status = key === 'default' ? key : key.toUpperCase();
    if (!/^(?:[1-5]\d\d|[1-5]XX|default)$/.test(status)) {
      refs.problems.add(at, `响应状态码「${key}」不正确，未导入`);
      continue;
    }
    const response = refs.follow(value, at);
    if (!response) continue;
    const { first, others } = firstMedia(response.content);
    const [mediaType = '', media = {}] = first ?? [];
    if (response.links !== undefined) refs.problems.add(`${at}/links`, '响应的 links 没有对应的位置，未导入');
    const headers = [];
    for (const [name, rawHeader] of Object.entries(isObject(response.headers) ? response.headers : {})) {
      const header = refs.follow(rawHeader, `${at}/headers/${name}`);
      if (!header) continue;
      const lost = Object.keys(header).filter((k) => !['description', 'required', 'schema', 'content'].includes(k));
      if (lost.length > 0)
        refs.problems.add(`${at}/headers/${name}`, `响应头的 ${lost.join('、')} 没有对应的位置，未导入`);
      const schema = header.schema ?? firstMedia(header.content).first?.[1].schema;
      headers.push({
        name,
        description: text(header.description),
        required: header.required === true,
        schema: schema === undefined ? { type: 'string' } : refs.schema(schema, `${at}/headers/${name}/schema`),
      });
    }
    const extra = extraOf(response, ['description', 'headers', 'content', 'links']);
    const mediaExtra = extraOf(media, ['schema', 'example', 'examples']);
    if (Object.keys(mediaExtra).length > 0) extra.media = mediaExtra;
    if (others.length > 0) extra.otherContent = otherContentOf(refs, others, `${at}/content`);
    responses.push({
      status,
      name: nameOf(response),
      description: text(response.description),
      mediaType,
      schema: refs.schema(media.schema, `${at}/content/${mediaType}/schema`),
      headers,
      examples: examplesOf(refs, media, `${at}/content/${mediaType}`),
      extra,
    });
  }
  return responses;
}

/** `{name}`s of a path template that no parameter declares get one (the editor does the same on open). */
export function withPathParameters<T extends object>(path: string, parameters: T[]) {
  const place = (p: T) => p as { in?: unknown; name?: unknown };
  const declared = new Set(parameters.filter((p) => place(p).in === 'path').map((p) => place(p).name));
  const missing = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((name) => !declared.has(name));
  const added = [...new Set(missing)].map((name) => ({
    in: 'path',
    name,
    required: true,
    description: '',
    schema: { type: 'string' },
    example: null,
    deprecated: false,
    extra: {},
  }));
  return [...parameters, ...(added as unknown as T[])];
}

export const operationWhere = (path: string, method: string) => pointer('paths', path, method);
