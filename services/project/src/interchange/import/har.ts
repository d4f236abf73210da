import { invalid } from '@pmbok/infra';
import { HTTP_METHODS, type Json } from '../../domain/doc/content.js';
import type { ImportPlan, InterchangeProblem } from '../model.js';
import {
  type ApiDoc,
  apiDoc,
  asContent,
  bodyTypeOf,
  checkedNode,
  type Example,
  emptyBody,
  emptyPlan,
  inferSchema,
  isObject,
  isTextMediaType,
  jsonOf,
  type Parameter,
  parameter,
  type Response,
  sourceValue,
  templatePath,
} from './collectionKit.js';

type Row = Record<string, unknown>;
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Headers the browser or the network adds to every request: they say nothing about the API. */
const NOISE =
  /^(:|sec-|accept-encoding$|accept-language$|cache-control$|connection$|content-length$|cookie$|dnt$|host$|if-modified-since$|if-none-match$|origin$|pragma$|referer$|upgrade-insecure-requests$|user-agent$|x-client-data$|priority$)/i;
const RESPONSE_NOISE =
  /^(content-type|content-length|content-encoding|date|connection|keep-alive|transfer-encoding|alt-svc|via|age|server|vary|report-to|nel|x-amz-.*|x-cache|set-cookie)$/i;
/** A captured credential is not an example to publish. */
const SECRET = /authorization|cookie|token|api[-_]?key|secret|password/i;
/** Examples kept per body: a capture may repeat one call hundreds of times. */
const MAX_EXAMPLES = 5;
const MAX_EXAMPLE_CHARS = 64 * 1024;

export function looksLikeHar(value: unknown): boolean {
  return isObject(value) && isObject(value.log) && Array.isArray(value.log.entries);
}

type Group = {
  method: string;
  path: string;
  entries: { request: Row; response: Row; index: number }[];
};

function addExample(examples: Example[], value: Json, name: string) {
  const key = JSON.stringify(value);
  if (examples.length >= MAX_EXAMPLES || examples.some((e) => JSON.stringify(e.value) === key)) return;
  examples.push({ name, summary: '', value });
}

/** A text body as a value for an example, or undefined (and a problem) when it is binary or too large. */
function bodyValue(content: Row, where: string, problems: InterchangeProblem[]): Json | undefined {
  const mediaType = text(content.mimeType);
  const body = text(content.text);
  if (!body) return undefined;
  if (content.encoding === 'base64' || !isTextMediaType(mediaType)) {
    problems.push({ where, message: `二进制内容（${mediaType || '未知类型'}）未解码，没有导入为示例` });
    return undefined;
  }
  if (body.length > MAX_EXAMPLE_CHARS) {
    problems.push({ where, message: `内容超过 ${MAX_EXAMPLE_CHARS / 1024} KB，没有导入为示例` });
    return undefined;
  }
  return jsonOf(body) ?? body;
}

function parametersOf(group: Group): Parameter[] {
  const parameters: Parameter[] = [];
  const seen = new Map<string, number>();
  const { names } = templatePath(group.path);
  for (const name of names) parameters.push(parameter('path', name));
  for (const { request } of group.entries) {
    const here = [
      ...rows(request.queryString).map((q) => ({ in: 'query' as const, row: q })),
      ...rows(request.headers)
        .filter((h) => !NOISE.test(text(h.name)) && text(h.name).toLowerCase() !== 'content-type')
        .map((h) => ({ in: 'header' as const, row: h })),
    ];
    for (const { in: where, row } of here) {
      const name = text(row.name);
      if (!name) continue;
      const key = `${where}:${where === 'header' ? name.toLowerCase() : name}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (parameters.some((p) => `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}` === key)) continue;
      parameters.push(parameter(where, name, { example: SECRET.test(name) ? null : text(row.value) || null }));
    }
  }
  // A query or header present in every captured call is taken as required.
  for (const p of parameters) {
    if (p.in === 'path') continue;
    const key = `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
    p.required = (seen.get(key) ?? 0) >= group.entries.length;
  }
  return parameters;
}

function requestBodyOf(group: Group, problems: InterchangeProblem[]): ApiDoc['requestBody'] {
  const body = emptyBody();
  const samples: Json[] = [];
  for (const { request, index } of group.entries) {
    const post = isObject(request.postData) ? request.postData : undefined;
    if (!post) continue;
    const where = `第 ${index + 1} 条记录的请求体`;
    const mediaType = text(post.mimeType).split(';')[0]?.trim() ?? '';
    if (!body.mediaType) {
      body.mediaType = mediaType;
      body.type = bodyTypeOf(mediaType);
    }
    for (const param of rows(post.params)) {
      const name = text(param.name);
      if (!name || body.fields.some((f) => f.name === name)) continue;
      const file = typeof param.fileName === 'string';
      body.fields.push({
        name,
        type: file ? 'file' : 'string',
        required: false,
        description: '',
        example: file ? null : text(param.value) || null,
        schema: {},
      });
    }
    if (rows(post.params).length > 0) continue;
    const value = bodyValue({ mimeType: post.mimeType, text: post.text, encoding: post.encoding }, where, problems);
    if (value === undefined) continue;
    if (typeof value !== 'string') samples.push(value);
    else if (!body.raw) body.raw = value;
    addExample(body.examples, value, `记录 ${index + 1}`);
  }
  if (samples.length > 0) body.schema = inferSchema(samples);
  if (!body.raw && samples[0] !== undefined) body.raw = JSON.stringify(samples[0], null, 2);
  return body;
}

function responsesOf(group: Group, problems: InterchangeProblem[]): Response[] {
  const byStatus = new Map<string, { response: Response; samples: Json[] }>();
  for (const { response, index } of group.entries) {
    const status = Number(response.status);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      problems.push({ where: `第 ${index + 1} 条记录`, message: '没有收到响应（状态 0），未导入响应' });
      continue;
    }
    const content = isObject(response.content) ? response.content : {};
    let entry = byStatus.get(String(status));
    if (!entry) {
      entry = {
        response: {
          status: String(status),
          name: text(response.statusText) || String(status),
          description: text(response.statusText),
          mediaType: text(content.mimeType).split(';')[0]?.trim() || 'application/octet-stream',
          schema: {},
          headers: [],
          examples: [],
          extra: {},
        },
        samples: [],
      };
      byStatus.set(String(status), entry);
    }
    for (const header of rows(response.headers)) {
      const name = text(header.name);
      if (!name || RESPONSE_NOISE.test(name)) continue;
      if (entry.response.headers.some((h) => h.name.toLowerCase() === name.toLowerCase())) continue;
      entry.response.headers.push({ name, description: '', required: false, schema: { type: 'string' } });
    }
    const value = bodyValue(content, `第 ${index + 1} 条记录的响应`, problems);
    if (value === undefined) continue;
    if (typeof value !== 'string') entry.samples.push(value);
    addExample(entry.response.examples, value, `记录 ${index + 1}`);
  }
  return [...byStatus.values()].map(({ response, samples }) => ({
    ...response,
    schema: samples.length > 0 ? inferSchema(samples) : {},
  }));
}

/**
 * A HAR 1.2 capture: one api document per distinct method and path (query strings and hosts apart), the hosts as
 * servers, request bodies and responses as examples with JSON Schemas inferred from every captured body.
 * Binary bodies (images, base64 content) are reported, never decoded.
 */
export function parseHar(input: unknown, options: { fileName?: string } = {}): ImportPlan {
  const value = sourceValue(input, 'HAR 文件');
  if (!looksLikeHar(value)) throw invalid('不是 HAR 文件：缺少 log.entries 列表');
  const log = (value as { log: Row }).log;
  const creator = isObject(log.creator) ? text(log.creator.name) : '';
  const title = options.fileName?.replace(/\.har$/i, '') || (creator ? `HAR（${creator}）` : 'HAR 抓包');
  const plan = emptyPlan('har', `HAR ${text(log.version) || '1.2'}`, title);
  const groups = new Map<string, Group>();
  rows(log.entries).forEach((entry, index) => {
    const request = isObject(entry.request) ? entry.request : {};
    const response = isObject(entry.response) ? entry.response : {};
    const where = `第 ${index + 1} 条记录`;
    let url: URL;
    try {
      url = new URL(text(request.url));
    } catch {
      plan.problems.push({ where, message: `地址「${text(request.url).slice(0, 200)}」不正确，未导入` });
      return;
    }
    const method = text(request.method).toUpperCase();
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      plan.problems.push({ where, message: `请求方法 ${method || '（空）'} 不受支持，未导入` });
      return;
    }
    if (!plan.servers.some((s) => s.url === url.origin)) plan.servers.push({ name: url.host, url: url.origin });
    const { path } = templatePath(url.pathname);
    const key = `${method} ${path}`;
    const group = groups.get(key) ?? { method, path, entries: [] };
    group.entries.push({ request, response, index });
    groups.set(key, group);
  });
  for (const group of groups.values()) {
    const name = `${group.method} ${group.path}`.slice(0, 100);
    const doc = apiDoc(group.method, group.path, {
      parameters: parametersOf(group),
      requestBody: requestBodyOf(group, plan.problems),
      responses: responsesOf(group, plan.problems),
    });
    const node = checkedNode({ kind: 'api', name, folderPath: [], content: asContent(doc) }, name, plan.problems);
    if (node) plan.nodes.push(node);
  }
  return plan;
}
