import type { ApiDoc, NodeKind, PageDoc, SchemaDoc } from '@pmbok/api-types';
import type { DocContent } from './docs';
import { API_STATUSES, apiPath, HTTP_METHODS, isRecord, json, MAX_DOC_BYTES, refuse } from './rules';

/** A saved document's content read part by part as the project service reads it, with its defaults and labels. */

const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const SUBSCHEMA = ['items', 'not', 'additionalProperties', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
const PARAMETER_IN = ['path', 'query', 'header', 'cookie'] as const;
const BODY_TYPES = ['none', 'form-data', 'x-www-form-urlencoded', 'json', 'xml', 'raw', 'binary'] as const;
const FIELD_TYPES = ['string', 'integer', 'number', 'boolean', 'file', 'array'] as const;
const STATUS = /^(?:[1-5]\d\d|[1-5]XX|default)$/;

/**
 * Why a value is not a JSON Schema 2020-12, or '': the structural rules an editor can break (the server checks the
 * whole meta-schema; a compiled validator would need eval, which the console's CSP forbids).
 */
function schemaProblem(value: unknown, path = '', depth = 0): string {
  if (typeof value === 'boolean') return '';
  if (!isRecord(value)) return path ? `${path} must be schema` : '必须是一个对象';
  if (depth > 64) return `${path} 嵌套过深`;
  const types = Array.isArray(value.type) ? value.type : value.type === undefined ? [] : [value.type];
  if (!types.every((t) => typeof t === 'string' && SCHEMA_TYPES.includes(t)))
    return `${path}/type must be equal to one of the allowed values`;
  if (
    value.required !== undefined &&
    !(Array.isArray(value.required) && value.required.every((r) => typeof r === 'string'))
  ) {
    return `${path}/required must be array`;
  }
  if (value.$ref !== undefined && typeof value.$ref !== 'string') return `${path}/$ref must be string`;
  if (value.enum !== undefined && !Array.isArray(value.enum)) return `${path}/enum must be array`;
  const children: [string, unknown][] = [];
  for (const key of SUBSCHEMA) if (value[key] !== undefined) children.push([`${path}/${key}`, value[key]]);
  for (const key of SUBSCHEMA_LISTS) {
    const list = value[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${path}/${key} must be array`;
    for (const [i, item] of list.entries()) children.push([`${path}/${key}/${i}`, item]);
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = value[key];
    if (map === undefined) continue;
    if (!isRecord(map)) return `${path}/${key} must be object`;
    for (const [name, item] of Object.entries(map)) children.push([`${path}/${key}/${name}`, item]);
  }
  for (const [at, child] of children) {
    const problem = schemaProblem(child, at, depth + 1);
    if (problem) return problem;
  }
  return '';
}

/** Reads one part of a document as the server does: absent takes the default, a wrong type is refused. */
function reader(value: unknown, label: string) {
  if (!isRecord(value)) return refuse(`${label}必须是一个对象`);
  const fail = (field: string, expected: string): never => refuse(`${label}的 ${field} 必须是${expected}`);
  return {
    string(field: string, fallback = '', max = 100_000): string {
      const v = value[field] ?? fallback;
      if (typeof v !== 'string') return fail(field, '文字');
      if (v.length > max) refuse(`${label}的 ${field} 最多 ${max} 个字符`);
      return v;
    },
    boolean: (field: string): boolean => {
      const v = value[field] ?? false;
      return typeof v === 'boolean' ? v : fail(field, 'true 或 false');
    },
    integer: (field: string): number => {
      const v = value[field] ?? 0;
      return Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : fail(field, '非负整数');
    },
    oneOf<T extends string>(field: string, allowed: readonly T[], fallback: T, message: string): T {
      const v = value[field] ?? fallback;
      return allowed.includes(v as T) ? (v as T) : refuse(`${label}：${message}`);
    },
    object: (field: string): Record<string, unknown> => {
      const v = value[field] ?? {};
      return isRecord(v) ? v : fail(field, '对象');
    },
    array(field: string, max = 1_000): unknown[] {
      const v = value[field] ?? [];
      if (!Array.isArray(v)) return fail(field, '列表');
      if (v.length > max) refuse(`${label}的 ${field} 最多 ${max} 项`);
      return v;
    },
    schema(field: string, fallback: unknown = {}): Record<string, unknown> {
      const v = value[field] ?? fallback;
      const problem = schemaProblem(v);
      if (problem) refuse(`${label}的 JSON Schema 不正确：${problem}`);
      return v as Record<string, unknown>;
    },
    any: (field: string): unknown => value[field] ?? null,
  };
}

type Reader = ReturnType<typeof reader>;

const examples = (r: Reader) =>
  r.array('examples').map((example, i) => {
    const e = reader(example, `第 ${i + 1} 个示例`);
    return { name: e.string('name', '', 200), summary: e.string('summary', '', 2_000), value: e.any('value') };
  });

function named(r: Reader, label: string): string {
  const name = r.string('name', '', 200);
  if (!name.trim()) refuse(`${label}没有名称`);
  return name;
}

function apiContent(value: unknown): ApiDoc {
  const doc = reader(value, '接口文档');
  const method = doc.oneOf(
    'method',
    HTTP_METHODS,
    'GET',
    '请求方法只能是 GET、POST、PUT、PATCH、DELETE、HEAD、OPTIONS 或 TRACE',
  );
  const path = apiPath(doc.string('path', '/', 2_000));
  const tags = doc
    .array('tags', 50)
    .map((tag) => (typeof tag === 'string' && tag.length <= 50 ? tag : refuse('标签必须是不超过 50 个字符的文字')));
  const parameters = doc.array('parameters').map((parameter, i) => {
    const label = `第 ${i + 1} 个参数`;
    const r = reader(parameter, label);
    return {
      in: r.oneOf('in', PARAMETER_IN, 'query', '参数位置只能是 path、query、header 或 cookie'),
      name: named(r, label),
      required: r.boolean('required'),
      description: r.string('description'),
      schema: r.schema('schema', { type: 'string' }),
      example: r.any('example'),
      deprecated: r.boolean('deprecated'),
      extra: r.object('extra'),
    };
  });
  const body = reader(doc.object('requestBody'), '请求体');
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
    schema: body.schema('schema'),
    fields: body.array('fields').map((field, i) => {
      const label = `请求体第 ${i + 1} 个字段`;
      const r = reader(field, label);
      return {
        name: named(r, label),
        type: r.oneOf('type', FIELD_TYPES, 'string', '字段类型只能是 string、integer、number、boolean、file 或 array'),
        required: r.boolean('required'),
        description: r.string('description'),
        example: r.any('example'),
        schema: r.schema('schema'),
      };
    }),
    raw: body.string('raw', '', MAX_DOC_BYTES),
    examples: examples(body),
    extra: body.object('extra'),
  };
  const responses = doc.array('responses', 100).map((response, i) => {
    const label = `第 ${i + 1} 个响应`;
    const r = reader(response, label);
    const status = r.string('status', '200', 10);
    if (!STATUS.test(status)) refuse(`${label}的状态码必须是 100–599、如 4XX 的范围或 default`);
    return {
      status,
      name: r.string('name', '', 200),
      description: r.string('description'),
      mediaType: r.string('mediaType', 'application/json', 200),
      schema: r.schema('schema'),
      headers: r.array('headers').map((header, j) => {
        const h = reader(header, `${label}的第 ${j + 1} 个响应头`);
        return {
          name: h.string('name', '', 200),
          description: h.string('description'),
          required: h.boolean('required'),
          schema: h.schema('schema', { type: 'string' }),
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
    ownerId: doc.integer('ownerId'),
    description: doc.string('description', '', MAX_DOC_BYTES),
    operationId: doc.string('operationId', '', 200),
    deprecated: doc.boolean('deprecated'),
    parameters,
    requestBody,
    responses,
    extra: doc.object('extra'),
  } as ApiDoc;
}

/** saveDoc's `doc` for a node of `kind`, as the gateway and the service check it. */
export function parseContent(kind: NodeKind, text: string): DocContent {
  if (new TextEncoder().encode(text).length > MAX_DOC_BYTES) refuse('文档内容不能超过5MB');
  const raw = json(text, '文档内容不是有效的JSON');
  if (!isRecord(raw)) return refuse('文档内容格式错误');
  if (kind === 'api') return { api: apiContent(raw) };
  if (kind === 'page')
    return { page: { markdown: reader(raw, '文档').string('markdown', '', MAX_DOC_BYTES) } as PageDoc };
  if (kind === 'schema') {
    const doc = reader(raw, '数据模型');
    const model = {
      schema: doc.schema('schema', { type: 'object', properties: {} }),
      description: doc.string('description'),
    };
    return { schema: model as SchemaDoc };
  }
  return refuse('目录没有文档');
}
