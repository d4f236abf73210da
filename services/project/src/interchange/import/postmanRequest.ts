import type { Item, Response as PostmanResponse, Request } from 'postman-collection';
import type { Json } from '../../domain/doc/content.js';
import type { InterchangeProblem } from '../model.js';
import {
  type ApiDoc,
  apiDoc,
  type BodyField,
  bodyTypeOf,
  type Example,
  emptyBody,
  inferSchema,
  isObject,
  jsonOf,
  type Parameter,
  parameter,
  type RequestBody,
  type Response,
  templatePath,
} from './collectionKit.js';

/** Postman's description: a string, or `{content, type}`. */
export const textOf = (description: unknown): string =>
  typeof description === 'string'
    ? description
    : isObject(description) && typeof description.content === 'string'
      ? description.content
      : '';

const RAW_LANGUAGE_MEDIA: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  javascript: 'application/javascript',
  text: 'text/plain',
};

type KeyValue = { key?: string | null; value?: unknown; description?: unknown; disabled?: boolean; type?: string };
const listOf = (list: { all?: () => unknown[] } | undefined): KeyValue[] =>
  (list?.all?.() ?? []).map((entry) => ((entry as { toJSON?: () => unknown }).toJSON?.() ?? entry) as KeyValue);

const example = (value: unknown): Json => (value === undefined || value === '' ? null : (value as Json));

/** Fields of an urlencoded or form-data body; a `file` field keeps its name, never its local path. */
function fieldsOf(entries: KeyValue[]): BodyField[] {
  return entries
    .filter((entry) => entry.key)
    .map((entry) => ({
      name: String(entry.key),
      type: entry.type === 'file' ? 'file' : 'string',
      required: !entry.disabled,
      description: textOf(entry.description),
      example: entry.type === 'file' ? null : example(entry.value),
      schema: {},
    }));
}

function bodyOf(request: Request, contentType: string, where: string, problems: InterchangeProblem[]): RequestBody {
  const body = request.body;
  const json = (body?.toJSON?.() ?? body ?? {}) as unknown as Record<string, unknown>;
  if (!body?.mode || json.disabled === true) return emptyBody();
  const result = emptyBody();
  switch (body.mode) {
    case 'raw': {
      const raw = typeof json.raw === 'string' ? json.raw : '';
      const options = isObject(json.options) && isObject(json.options.raw) ? json.options.raw : {};
      const language = typeof options.language === 'string' ? options.language : '';
      result.mediaType =
        contentType || RAW_LANGUAGE_MEDIA[language] || (jsonOf(raw) !== undefined ? 'application/json' : '');
      result.type = result.mediaType ? bodyTypeOf(result.mediaType) : 'raw';
      if (result.type === 'binary' || result.type === 'form-data' || result.type === 'x-www-form-urlencoded') {
        result.type = 'raw';
      }
      result.raw = raw;
      const value = jsonOf(raw);
      if (value !== undefined) {
        result.schema = inferSchema([value]);
        result.examples = [{ name: '示例', summary: '', value }];
      }
      break;
    }
    case 'urlencoded':
      result.type = 'x-www-form-urlencoded';
      result.mediaType = 'application/x-www-form-urlencoded';
      result.fields = fieldsOf(listOf(body.urlencoded));
      break;
    case 'formdata':
      result.type = 'form-data';
      result.mediaType = 'multipart/form-data';
      result.fields = fieldsOf(listOf(body.formdata));
      break;
    case 'file':
      result.type = 'binary';
      result.mediaType = contentType || 'application/octet-stream';
      break;
    case 'graphql': {
      result.type = 'json';
      result.mediaType = 'application/json';
      const graphql = isObject(json.graphql) ? json.graphql : {};
      const value = { query: String(graphql.query ?? ''), variables: jsonOf(String(graphql.variables ?? '')) ?? {} };
      result.raw = JSON.stringify(value, null, 2);
      result.examples = [{ name: 'GraphQL', summary: '', value }];
      problems.push({ where, message: 'GraphQL 请求体按 JSON（query 与 variables）导入' });
      break;
    }
    default:
      problems.push({ where, message: `请求体类型「${body.mode}」无法导入` });
  }
  return result;
}

const statusOf = (code: number) => (Number.isInteger(code) && code >= 100 && code <= 599 ? String(code) : 'default');

/** Saved examples become responses, one per status, each example kept with its name. */
function responsesOf(responses: PostmanResponse[]): Response[] {
  const byStatus = new Map<string, { response: Response; samples: Json[] }>();
  for (const saved of responses) {
    const status = statusOf(saved.code);
    const headers = listOf(saved.headers);
    const contentType = String(headers.find((h) => h.key?.toLowerCase() === 'content-type')?.value ?? '');
    const text = saved.body ?? '';
    const value = jsonOf(text);
    const mediaType = contentType.split(';')[0]?.trim() || (value !== undefined ? 'application/json' : 'text/plain');
    let entry = byStatus.get(status);
    if (!entry) {
      entry = {
        response: {
          status,
          name: saved.name || saved.status || status,
          description: saved.status ?? '',
          mediaType,
          schema: {},
          headers: [],
          examples: [],
          extra: {},
        },
        samples: [],
      };
      byStatus.set(status, entry);
    }
    for (const header of headers) {
      const name = String(header.key ?? '');
      if (!name || name.toLowerCase() === 'content-type') continue;
      if (entry.response.headers.some((h) => h.name.toLowerCase() === name.toLowerCase())) continue;
      entry.response.headers.push({ name, description: '', required: false, schema: { type: 'string' } });
    }
    if (value !== undefined) entry.samples.push(value);
    const sample: Example = {
      name: saved.name || `示例 ${entry.response.examples.length + 1}`,
      summary: '',
      value: value ?? text,
    };
    if (text !== '') entry.response.examples.push(sample);
  }
  return [...byStatus.values()].map(({ response, samples }) => ({ ...response, schema: inferSchema(samples) }));
}

/** A placeholder (`{{token}}`) may be published; a credential written into the collection may not. */
const placeholder = (value: unknown) => (typeof value === 'string' && /^\{\{[^{}]+\}\}$/.test(value) ? value : null);

/**
 * The request's authorization (its own, else its folder's or the collection's) as the parameter it sends:
 * bearer and basic as the Authorization header, an API key as its header or query parameter. Other schemes
 * (OAuth, digest, AWS…) are only named, in `extra.postmanAuth`.
 */
function authOf(item: Item): { type?: string; parameter?: Parameter } {
  const auth = item.getAuth();
  const type = auth?.type;
  if (!auth || !type || type === 'noauth') return {};
  const values = auth.parameters();
  const get = (key: string): unknown => values.get(key);
  const extra = { postmanAuth: type };
  if (type === 'bearer') {
    const token = placeholder(get('token'));
    const example = token ? `Bearer ${token}` : null;
    return {
      type,
      parameter: parameter('header', 'Authorization', { required: true, description: 'Bearer 令牌', example, extra }),
    };
  }
  if (type === 'basic') {
    const description = '基本认证：Basic 加上 Base64 编码的「用户名:密码」';
    return { type, parameter: parameter('header', 'Authorization', { required: true, description, extra }) };
  }
  const key = String(get('key') ?? '');
  if (type === 'apikey' && key) {
    const where = get('in') === 'query' ? 'query' : 'header';
    return {
      type,
      parameter: parameter(where, key, {
        required: true,
        description: 'API Key',
        example: placeholder(get('value')),
        extra,
      }),
    };
  }
  return { type };
}

/**
 * One request as an api document. `base` is what the request's URL starts with (a `{{var}}` base or a literal
 * origin), stripped: the project keeps servers apart from paths.
 */
export function requestDoc(item: Item, urlPath: string[], where: string, problems: InterchangeProblem[]): ApiDoc {
  const request = item.request;
  const { path, names } = templatePath(`/${urlPath.join('/')}`);
  const headers = listOf(request.headers);
  const contentType = String(headers.find((h) => h.key?.toLowerCase() === 'content-type')?.value ?? '');
  const parameters: Parameter[] = [];
  const add = (next: Parameter) => {
    if (!parameters.some((p) => p.in === next.in && p.name === next.name)) parameters.push(next);
  };
  const pathVariables = listOf(request.url.variables);
  for (const name of names) {
    const variable = pathVariables.find((v) => v.key === name);
    add(
      parameter('path', name, {
        description: textOf(variable?.description),
        example: example(variable?.value),
      }),
    );
  }
  for (const query of listOf(request.url.query)) {
    if (!query.key) continue;
    add(
      parameter('query', query.key, {
        description: textOf(query.description),
        example: example(query.value),
        extra: query.disabled ? { disabled: true } : {},
      }),
    );
  }
  for (const header of headers) {
    if (!header.key || header.key.toLowerCase() === 'content-type') continue;
    add(
      parameter('header', header.key, {
        description: textOf(header.description),
        example: example(header.value),
        extra: header.disabled ? { disabled: true } : {},
      }),
    );
  }
  const extra: Record<string, Json> = {};
  const auth = authOf(item);
  if (auth.type) extra.postmanAuth = auth.type;
  if (auth.parameter) {
    const { in: where, name } = auth.parameter;
    // A request that also writes the header itself: that header is the authorization's.
    const written = parameters.find((p) => p.in === where && p.name.toLowerCase() === name.toLowerCase());
    if (written) written.extra = { ...written.extra, postmanAuth: auth.type ?? '' };
    else add(auth.parameter);
  }
  return apiDoc(request.method.toUpperCase(), path, {
    description: textOf(request.description) || textOf((item as { description?: unknown }).description),
    parameters,
    requestBody: bodyOf(request, contentType, where, problems),
    responses: responsesOf(item.responses.all()),
    extra,
  });
}
