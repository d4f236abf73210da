import { invalid } from '@pmbok/infra';
import { HTTP_METHODS, type Json } from '../../domain/doc/content.js';
import type { ImportPlan, InterchangeProblem } from '../model.js';
import {
  type ApiDoc,
  apiDoc,
  asContent,
  bodyTypeOf,
  checkedNode,
  emptyBody,
  emptyPlan,
  inferSchema,
  isObject,
  jsonOf,
  nodeName,
  type Parameter,
  parameter,
  type RequestBody,
  sourceValue,
  templatePath,
} from './collectionKit.js';
import { yapiSchemaOf } from './yapiSchema.js';

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
/** YApi stores flags as '1' / '0' strings. */
const flag = (value: unknown) => value === '1' || value === 1 || value === true;
const exampleOf = (row: Row): Json => {
  const value = text(row.example) || text(row.value);
  return value === '' ? null : value;
};

/** Whether a parsed JSON value is YApi's JSON export: a list of categories, each with its interfaces in `list`. */
export function looksLikeYapi(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((category) => isObject(category) && typeof category.name === 'string' && Array.isArray(category.list))
  );
}

function bodyOf(api: Row, contentType: string, where: string, problems: InterchangeProblem[]): RequestBody {
  const body = emptyBody();
  const type = text(api.req_body_type);
  const other = text(api.req_body_other);
  if (type === 'form') {
    const fields = rows(api.req_body_form);
    const hasFile = fields.some((field) => field.type === 'file');
    body.mediaType = contentType || (hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded');
    body.type = bodyTypeOf(body.mediaType) === 'form-data' ? 'form-data' : 'x-www-form-urlencoded';
    body.fields = fields
      .filter((field) => text(field.name).trim())
      .map((field) => ({
        name: text(field.name),
        type: field.type === 'file' ? 'file' : 'string',
        required: flag(field.required),
        description: text(field.desc),
        example: field.type === 'file' ? null : exampleOf(field),
        schema: {},
      }));
    return fields.length > 0 ? body : emptyBody();
  }
  if (type === 'file') {
    body.type = 'binary';
    body.mediaType = contentType || 'application/octet-stream';
    return body;
  }
  if (!other.trim()) return body;
  if (type === 'json') {
    body.type = 'json';
    body.mediaType = contentType || 'application/json';
    if (api.req_body_is_json_schema) {
      const schema = yapiSchemaOf(other, `${where} 的请求体`, problems);
      if (schema !== undefined) body.schema = schema;
      else body.raw = other;
    } else {
      body.raw = other;
      const value = jsonOf(other);
      if (value !== undefined) {
        body.schema = inferSchema([value]);
        body.examples = [{ name: '示例', summary: '', value }];
      }
    }
    return body;
  }
  body.type = contentType ? bodyTypeOf(contentType) : 'raw';
  if (body.type === 'binary' || body.type === 'form-data' || body.type === 'x-www-form-urlencoded') body.type = 'raw';
  body.mediaType = contentType || 'text/plain';
  body.raw = other;
  return body;
}

function responseOf(api: Row, where: string, problems: InterchangeProblem[]): ApiDoc['responses'] {
  const resBody = text(api.res_body);
  const json = text(api.res_body_type || 'json') === 'json';
  const response = {
    status: '200',
    name: '成功',
    description: '',
    mediaType: json ? 'application/json' : 'text/plain',
    schema: {} as Json,
    headers: [],
    examples: [] as { name: string; summary: string; value: Json }[],
    extra: {} as Record<string, Json>,
  };
  if (!resBody.trim()) return [response];
  if (json && api.res_body_is_json_schema) {
    const schema = yapiSchemaOf(resBody, `${where} 的响应`, problems);
    if (schema !== undefined) response.schema = schema;
    else response.examples.push({ name: '原始响应', summary: '', value: resBody });
    return [response];
  }
  const value = json ? jsonOf(resBody) : undefined;
  if (value !== undefined) {
    // A JSON example may hold Mock.js templates (`"list|1-10": […]`): kept as written, the mock server reads them.
    response.schema = inferSchema([value]);
    response.examples.push({ name: '示例', summary: '', value });
    if (/"[^"]*\|[^"]*"\s*:/.test(resBody)) response.extra['x-mock-template'] = value;
  } else {
    response.examples.push({ name: '示例', summary: '', value: resBody });
  }
  return [response];
}

function apiOf(api: Row, where: string, problems: InterchangeProblem[]): ApiDoc | undefined {
  const method = text(api.method).toUpperCase() || 'GET';
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    problems.push({ where, message: `请求方法 ${method} 不受支持，未导入` });
    return undefined;
  }
  const queryPath = isObject(api.query_path) ? text(api.query_path.path) : '';
  const { path, names } = templatePath(text(api.path) || queryPath || '/');
  const parameters: Parameter[] = [];
  const add = (next: Parameter) => {
    if (!parameters.some((p) => p.in === next.in && p.name === next.name)) parameters.push(next);
  };
  const pathParams = rows(api.req_params);
  for (const name of names) {
    const row = pathParams.find((p) => text(p.name) === name);
    add(parameter('path', name, { description: text(row?.desc), example: row ? exampleOf(row) : null }));
  }
  for (const row of rows(api.req_query)) {
    if (!text(row.name).trim()) continue;
    add(
      parameter('query', text(row.name), {
        required: flag(row.required),
        description: text(row.desc),
        example: exampleOf(row),
      }),
    );
  }
  // A path written with a query (`/pets?type=cat`) keeps that query in `query_path.params`.
  for (const row of rows(isObject(api.query_path) ? api.query_path.params : [])) {
    if (text(row.name).trim()) add(parameter('query', text(row.name), { example: exampleOf(row) }));
  }
  let contentType = '';
  for (const row of rows(api.req_headers)) {
    const name = text(row.name).trim();
    if (!name) continue;
    if (name.toLowerCase() === 'content-type') {
      contentType = text(row.value);
      continue;
    }
    add(
      parameter('header', name, { required: flag(row.required), description: text(row.desc), example: exampleOf(row) }),
    );
  }
  const description = text(api.markdown) || text(api.desc);
  return apiDoc(method, path, {
    status: api.status === 'done' ? 'released' : 'designing',
    tags: (Array.isArray(api.tag) ? api.tag : [])
      .map(text)
      .filter((tag) => tag && tag.length <= 50)
      .slice(0, 50),
    description,
    parameters,
    requestBody: bodyOf(api, contentType, where, problems),
    responses: responseOf(api, where, problems),
  });
}

/**
 * YApi's JSON export (YApi is deprecated and its users are moving): categories → folders, interfaces → api
 * documents, `req_body_other` / `res_body` JSON Schema strings parsed (draft-04 read as 2020-12, Mock.js rules
 * kept as `x-mock`), query, header and path parameters, form fields.
 */
export function parseYapi(input: unknown, options: { fileName?: string } = {}): ImportPlan {
  const value = sourceValue(input, 'YApi 导出文件');
  if (!looksLikeYapi(value)) throw invalid('不是 YApi 的 JSON 导出：应是分类的列表，每个分类有 name 和 list');
  const title = options.fileName?.replace(/(\.yapi)?\.json$/i, '') || 'YApi 项目';
  const plan = emptyPlan('yapi', 'YApi', title);
  for (const category of value as Row[]) {
    const folder = nodeName(text(category.name), '未命名分类');
    const list = rows(category.list);
    if (list.length === 0) plan.nodes.push({ kind: 'folder', name: folder, folderPath: [] });
    for (const api of list) {
      const name = nodeName(text(api.title), `${text(api.method)} ${text(api.path)}`);
      const where = `${folder} / ${name}`;
      const doc = apiOf(api, where, plan.problems);
      if (!doc) continue;
      const node = checkedNode(
        { kind: 'api', name, folderPath: [folder], content: asContent(doc) },
        where,
        plan.problems,
      );
      if (node) plan.nodes.push(node);
    }
  }
  return plan;
}
