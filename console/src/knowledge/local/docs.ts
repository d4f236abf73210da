import type { ApiDoc, DocDetail, NodeKind, PageDoc, SchemaDoc, SearchHit } from '@pmbok/api-types';
import { API_STATUSES, apiPath, httpMethod, isRecord, json, MAX_DOC_BYTES, maxLength, oneOf, refuse } from './rules';
import type { LocalDoc, LocalNode } from './store';

/** The local user: signed out, userId 0 (SPEC §3). */
export const LOCAL_USER = { userId: 0, name: '本地用户' } as const;

export type DocContent = Pick<LocalDoc, 'api' | 'page' | 'schema'>;

const emptyBody = (): ApiDoc['requestBody'] => ({
  type: 'none',
  mediaType: '',
  required: false,
  description: '',
  schema: {},
  fields: [],
  raw: '',
  examples: [],
  extra: {},
});

export function newApi(method = 'GET', path = '/'): ApiDoc {
  return {
    method: httpMethod(method),
    path: apiPath(path),
    status: 'designing',
    tags: [],
    ownerId: LOCAL_USER.userId,
    description: '',
    operationId: '',
    deprecated: false,
    parameters: [],
    requestBody: emptyBody(),
    responses: [],
    extra: {},
  };
}

/** The content a new node of `kind` starts with; folders have none. */
export function newContent(kind: NodeKind, method?: string, path?: string): DocContent {
  if (kind === 'api') return { api: newApi(method || 'GET', path || '/') };
  if (kind === 'page') return { page: { markdown: '' } };
  if (kind === 'schema') return { schema: { schema: { type: 'object', properties: {} }, description: '' } };
  return {};
}

const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA = ['items', 'not', 'additionalProperties', 'if', 'then', 'else', 'contains'];
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties'];

/** The structural rules of JSON Schema 2020-12 that an editor can break; anything else is kept as written. */
function isSchema(value: unknown, depth = 0): boolean {
  if (typeof value === 'boolean') return true;
  if (!isRecord(value) || depth > 64) return false;
  const { type, required, $ref } = value;
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (!types.every((t) => typeof t === 'string' && SCHEMA_TYPES.includes(t))) return false;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) {
    return false;
  }
  if ($ref !== undefined && typeof $ref !== 'string') return false;
  if (value.enum !== undefined && !Array.isArray(value.enum)) return false;
  const sub = (schema: unknown) => isSchema(schema, depth + 1);
  return (
    SUBSCHEMA.every((key) => value[key] === undefined || sub(value[key])) &&
    SUBSCHEMA_LISTS.every((key) => value[key] === undefined || (Array.isArray(value[key]) && value[key].every(sub))) &&
    SUBSCHEMA_MAPS.every(
      (key) => value[key] === undefined || (isRecord(value[key]) && Object.values(value[key]).every(sub)),
    )
  );
}

function schema(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isRecord(value) || !isSchema(value)) refuse(`${where}不是有效的 JSON Schema`);
  return value as Record<string, unknown>;
}

const list = <T>(value: unknown, where: string): T[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) refuse(`${where}格式错误`);
  return value as T[];
};

function apiContent(raw: Record<string, unknown>): ApiDoc {
  const base = newApi(String(raw.method ?? 'GET'), String(raw.path ?? '/'));
  const body = isRecord(raw.requestBody) ? raw.requestBody : {};
  const parameters = list<ApiDoc['parameters'][number]>(raw.parameters, '请求参数');
  for (const parameter of parameters) {
    if (!isRecord(parameter) || typeof parameter.name !== 'string') refuse('请求参数格式错误');
    schema(parameter.schema, `参数 ${parameter.name} 的类型`);
  }
  const responses = list<ApiDoc['responses'][number]>(raw.responses, '响应');
  for (const response of responses) {
    if (!isRecord(response) || typeof response.status !== 'string') refuse('响应格式错误');
    schema(response.schema, `响应 ${response.status} 的结构`);
  }
  return {
    ...base,
    ...raw,
    method: base.method,
    path: base.path,
    status: oneOf(String(raw.status ?? 'designing'), API_STATUSES, '接口状态无效'),
    tags: list<string>(raw.tags, '标签'),
    description: maxLength(String(raw.description ?? ''), '接口说明', 1_000_000),
    parameters,
    requestBody: { ...emptyBody(), ...body, schema: schema(body.schema, '请求体结构') } as ApiDoc['requestBody'],
    responses,
    extra: isRecord(raw.extra) ? raw.extra : {},
  } as ApiDoc;
}

/** saveDoc's `doc` for a node of `kind`: at most 5 MB, shaped like its kind's content, schemas valid. */
export function parseContent(kind: NodeKind, text: string): DocContent {
  if (new TextEncoder().encode(text).length > MAX_DOC_BYTES) refuse('文档内容过大，最多 5 MB');
  const raw = json(text, '文档内容格式错误：JSON 无法解析');
  if (!isRecord(raw)) return refuse('文档内容格式错误');
  if (kind === 'api') return { api: apiContent(raw) };
  if (kind === 'page') {
    if (typeof raw.markdown !== 'string') refuse('页面内容格式错误');
    return { page: { markdown: raw.markdown } as PageDoc };
  }
  if (kind === 'schema') {
    return {
      schema: { schema: schema(raw.schema ?? {}, '数据模型'), description: String(raw.description ?? '') } as SchemaDoc,
    };
  }
  return refuse('目录没有文档内容');
}

export function docDetail(node: LocalNode, doc: LocalDoc): DocDetail {
  return {
    projectId: node.projectId,
    projectStructureId: node.projectStructureId,
    projectDocId: doc.projectDocId,
    kind: node.kind,
    name: node.name,
    version: doc.version,
    ...(doc.api ? { api: doc.api } : {}),
    ...(doc.page ? { page: doc.page } : {}),
    ...(doc.schema ? { schema: doc.schema } : {}),
    createdBy: LOCAL_USER.userId,
    createdByName: LOCAL_USER.name,
    updatedBy: LOCAL_USER.userId,
    updatedByName: LOCAL_USER.name,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    linkedTasks: [],
  };
}

/** Property names anywhere in a schema (the "field names" search looks at). */
function* fieldNames(value: unknown, depth = 0): Generator<string> {
  if (!isRecord(value) || depth > 64) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'properties' && isRecord(child)) yield* Object.keys(child);
    if (typeof child === 'object') yield* fieldNames(child, depth + 1);
  }
}

function* searchable(node: LocalNode, doc: LocalDoc | undefined): Generator<[SearchHit['matchedIn'], string]> {
  yield ['name', node.name];
  const api = doc?.api;
  if (api) {
    yield ['path', api.path];
    yield ['description', api.description];
    for (const parameter of api.parameters) yield ['parameter', parameter.name];
    for (const schemaOf of [api.requestBody.schema, ...api.responses.map((r) => r.schema)]) {
      for (const field of fieldNames(schemaOf)) yield ['field', field];
    }
  }
  if (doc?.page) yield ['content', doc.page.markdown];
  if (doc?.schema) {
    yield ['description', doc.schema.description];
    for (const field of fieldNames(doc.schema.schema)) yield ['field', field];
  }
}

/** Substring match, case-insensitive, so Chinese text is found without word splitting. */
export function searchHit(node: LocalNode, doc: LocalDoc | undefined, keyword: string): SearchHit | null {
  const needle = keyword.toLowerCase();
  for (const [matchedIn, value] of searchable(node, doc)) {
    const at = value.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    return {
      projectStructureId: node.projectStructureId,
      projectDocId: node.projectDocId,
      kind: node.kind,
      name: node.name,
      method: doc?.api?.method ?? '',
      path: doc?.api?.path ?? '',
      matchedIn,
      snippet: value.slice(Math.max(0, at - 20), at + keyword.length + 40),
    };
  }
  return null;
}
