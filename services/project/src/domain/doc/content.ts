import { invalid } from '@pmbok/infra';
import type { NodeKind } from '../tree/tree.js';
import { schemaProblem } from './jsonSchema.js';

/** The whole document, and a page's markdown, at most 5 MB of JSON (UTF-8). */
export const DOC_MAX_BYTES = 5 * 1024 * 1024;
/** Long texts (descriptions, raw bodies, markdown) are bounded by the whole document's 5 MB only. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export const API_STATUSES = ['designing', 'developing', 'testing', 'released', 'deprecated'] as const;
const PARAMETER_IN = ['path', 'query', 'header', 'cookie'];
const BODY_TYPES = ['none', 'form-data', 'x-www-form-urlencoded', 'json', 'xml', 'raw', 'binary'];
const FIELD_TYPES = ['string', 'integer', 'number', 'boolean', 'file', 'array'];
/** A path of segments with well-formed `{name}` parameters (OpenAPI's template): /users/{id}/posts/{postId}. */
const PATH = /^\/(?:[^{}\s]|\{[A-Za-z_][\w.-]*\})*$/;
/** An HTTP status, a range (4XX) or 'default', as OpenAPI keys responses. */
const STATUS = /^(?:[1-5]\d\d|[1-5]XX|default)$/;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Content = Record<string, Json>;

/** The parts of an api node's document, named as the user reads them. */
const where = {
  parameter: (i: number) => `第 ${i + 1} 个参数`,
  field: (i: number) => `请求体第 ${i + 1} 个字段`,
  response: (i: number) => `第 ${i + 1} 个响应`,
};

/** Reads one field of a user's object: absent takes the default, a wrong type is refused with a message. */
class Reader {
  constructor(
    private readonly value: Record<string, unknown>,
    private readonly label: string,
  ) {}
  private fail(field: string, expected: string): never {
    throw invalid(`${this.label}的 ${field} 必须是${expected}`);
  }
  string(field: string, fallback = '', max = 100_000): string {
    const value = this.value[field] ?? fallback;
    if (typeof value !== 'string') this.fail(field, '文字');
    if (value.length > max) throw invalid(`${this.label}的 ${field} 最多 ${max} 个字符`);
    return value;
  }
  boolean(field: string): boolean {
    const value = this.value[field] ?? false;
    if (typeof value !== 'boolean') this.fail(field, 'true 或 false');
    return value;
  }
  integer(field: string, fallback: number): number {
    const value = this.value[field] ?? fallback;
    if (!Number.isSafeInteger(value) || (value as number) < 0) this.fail(field, '非负整数');
    return value as number;
  }
  oneOf<T extends string>(field: string, allowed: readonly T[], fallback: T, message: string): T {
    const value = this.value[field] ?? fallback;
    if (!allowed.includes(value as T)) throw invalid(`${this.label}：${message}`);
    return value as T;
  }
  object(field: string): Record<string, Json> {
    const value = this.value[field] ?? {};
    if (!isObject(value)) this.fail(field, '对象');
    return value as Record<string, Json>;
  }
  array(field: string, max = 1_000): unknown[] {
    const value = this.value[field] ?? [];
    if (!Array.isArray(value)) this.fail(field, '列表');
    if (value.length > max) throw invalid(`${this.label}的 ${field} 最多 ${max} 项`);
    return value;
  }
  schema(field: string, models: ReadonlySet<string> | undefined, fallback: Json = {}): Json {
    const value = (this.value[field] ?? fallback) as Json;
    const problem = schemaProblem(value, models);
    if (problem) throw invalid(`${this.label}的 JSON Schema 不正确：${problem}`);
    return value;
  }
  any(field: string): Json {
    return (this.value[field] ?? null) as Json;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const readerOf = (value: unknown, label: string) => {
  if (!isObject(value)) throw invalid(`${label}必须是一个对象`);
  return new Reader(value, label);
};

/** The fields each kind's document has: any other top-level field is refused, never dropped unsaid. */
const FIELDS = {
  api: [
    'method',
    'path',
    'status',
    'tags',
    'ownerId',
    'description',
    'operationId',
    'deprecated',
    'parameters',
    'requestBody',
    'responses',
    'extra',
  ],
  page: ['markdown'],
  schema: ['schema', 'description'],
} as const;
const LABELS = { api: '接口文档', page: '文档', schema: '数据模型' } as const;

function assertKnownFields(kind: keyof typeof FIELDS, value: unknown) {
  if (!isObject(value)) return;
  const known: readonly string[] = FIELDS[kind];
  const unknown = Object.keys(value).filter((field) => !known.includes(field));
  if (unknown.length > 0) throw invalid(`${LABELS[kind]}没有这些字段：${unknown.slice(0, 5).join('、')}`);
}

const examples = (reader: Reader) =>
  reader.array('examples').map((example, i) => {
    const r = readerOf(example, `第 ${i + 1} 个示例`);
    return { name: r.string('name', '', 200), summary: r.string('summary', '', 2_000), value: r.any('value') };
  });

function apiDoc(value: unknown, models: ReadonlySet<string> | undefined): Content {
  const doc = readerOf(value, '接口文档');
  const method = doc.oneOf(
    'method',
    HTTP_METHODS,
    'GET',
    '请求方法只能是 GET、POST、PUT、PATCH、DELETE、HEAD、OPTIONS 或 TRACE',
  );
  const path = doc.string('path', '/', 2_000);
  if (!path.startsWith('/')) throw invalid('接口路径必须以 / 开头');
  if (!PATH.test(path)) throw invalid('接口路径不正确：不能有空格，路径参数写成 {name}，名称由字母、数字和下划线组成');
  const tags = doc.array('tags', 50).map((tag) => {
    if (typeof tag !== 'string' || tag.length > 50) throw invalid('标签必须是不超过 50 个字符的文字');
    return tag;
  });
  const parameters = doc.array('parameters').map((parameter, i) => {
    const r = readerOf(parameter, where.parameter(i));
    const name = r.string('name', '', 200);
    if (!name.trim()) throw invalid(`${where.parameter(i)}没有名称`);
    return {
      in: r.oneOf('in', PARAMETER_IN, 'query', '参数位置只能是 path、query、header 或 cookie'),
      name,
      required: r.boolean('required'),
      description: r.string('description'),
      schema: r.schema('schema', models, { type: 'string' }),
      example: r.any('example'),
      deprecated: r.boolean('deprecated'),
      extra: r.object('extra'),
    };
  });
  const body = readerOf(doc.object('requestBody'), '请求体');
  const requestBody = {
    type: body.oneOf(
      'type',
      BODY_TYPES,
      'none',
      '请求体类型只能是 none、form-data、x-www-form-urlencoded、json、xml、raw 或 binary',
    ),
    mediaType: body.string('mediaType', '', 200),
    required: body.boolean('required'),
    description: body.string('description'),
    schema: body.schema('schema', models),
    fields: body.array('fields').map((field, i) => {
      const r = readerOf(field, where.field(i));
      const name = r.string('name', '', 200);
      if (!name.trim()) throw invalid(`${where.field(i)}没有名称`);
      return {
        name,
        type: r.oneOf('type', FIELD_TYPES, 'string', '字段类型只能是 string、integer、number、boolean、file 或 array'),
        required: r.boolean('required'),
        description: r.string('description'),
        example: r.any('example'),
        schema: r.schema('schema', models),
      };
    }),
    raw: body.string('raw', '', UNBOUNDED),
    examples: examples(body),
    extra: body.object('extra'),
  };
  const responses = doc.array('responses', 100).map((response, i) => {
    const r = readerOf(response, where.response(i));
    const status = r.string('status', '200', 10);
    if (!STATUS.test(status)) throw invalid(`${where.response(i)}的状态码必须是 100–599、如 4XX 的范围或 default`);
    return {
      status,
      name: r.string('name', '', 200),
      description: r.string('description'),
      mediaType: r.string('mediaType', 'application/json', 200),
      schema: r.schema('schema', models),
      headers: r.array('headers').map((header, j) => {
        const h = readerOf(header, `${where.response(i)}的第 ${j + 1} 个响应头`);
        return {
          name: h.string('name', '', 200),
          description: h.string('description'),
          required: h.boolean('required'),
          schema: h.schema('schema', models, { type: 'string' }),
        };
      }),
      examples: examples(r),
      extra: r.object('extra'),
    };
  });
  return {
    method,
    path,
    status: doc.oneOf('status', API_STATUSES, 'designing', '状态只能是设计中、开发中、测试中、已发布或已废弃'),
    tags,
    ownerId: doc.integer('ownerId', 0),
    description: doc.string('description', '', UNBOUNDED),
    operationId: doc.string('operationId', '', 200),
    deprecated: doc.boolean('deprecated'),
    parameters,
    requestBody,
    responses,
    extra: doc.object('extra'),
  } as unknown as Content;
}

function pageDoc(value: unknown): Content {
  const markdown = readerOf(value, '文档').string('markdown', '', UNBOUNDED);
  if (Buffer.byteLength(markdown) > DOC_MAX_BYTES) throw invalid('文档内容不能超过 5 MB');
  return { markdown };
}

function schemaDoc(value: unknown, models: ReadonlySet<string> | undefined): Content {
  const doc = readerOf(value, '数据模型');
  return {
    schema: doc.schema('schema', models, { type: 'object', properties: {} }),
    description: doc.string('description'),
  };
}

/**
 * The document a user saved, checked and in its canonical shape (absent fields take their defaults; an unknown
 * top-level field is refused, as it may be another kind's document): bad input is refused with a message the
 * editor shows, never stored.
 * `models`: the names of the project's schema nodes, which `$ref: '#/components/schemas/<name>'` may point at.
 */
export function checkContent(kind: NodeKind, value: unknown, models?: ReadonlySet<string>): Content {
  if (kind !== 'folder') assertKnownFields(kind, value);
  const content = kind === 'api' ? apiDoc(value, models) : kind === 'page' ? pageDoc(value) : schemaDoc(value, models);
  if (Buffer.byteLength(JSON.stringify(content)) > DOC_MAX_BYTES) throw invalid('文档不能超过 5 MB');
  return content;
}

/** A new document of its kind: an api node may start with a method and a path. */
export function emptyContent(
  kind: NodeKind,
  start: { method?: string; path?: string; ownerId?: number } = {},
): Content {
  if (kind === 'page') return { markdown: '' };
  if (kind === 'schema') return schemaDoc({}, undefined);
  return apiDoc(
    {
      method: start.method || 'GET',
      path: start.path || '/',
      ownerId: start.ownerId ?? 0,
      responses: [{ status: '200', name: '成功', schema: { type: 'object', properties: {} } }],
    },
    undefined,
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The top-level fields that differ, with their values before and after. */
export function changesOf(before: Content, after: Content) {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields]
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
