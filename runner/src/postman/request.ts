import type { FormDataField, KeyValue, RequestBodySpec, RequestSpec } from '../model.js';
import type { PostmanSdk } from './sdk.js';
import { isObject } from './shapes.js';

/**
 * Reads a file a collection names (form-data files, binary bodies), relative to the collection's folder. Throws
 * an Error with a Chinese message when the file is missing or larger than `maxBytes`.
 */
export type CollectionFileReader = (src: string, maxBytes: number) => Promise<Uint8Array>;

/** A file field's or binary body's content at most (the server's rule for a case's file field). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Postman's runtime sends no body with these methods unless the item disables body pruning. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'COPY', 'PURGE', 'UNLOCK']);

const RAW_LANGUAGES: Record<string, { type: RequestBodySpec['type']; mediaType: string }> = {
  json: { type: 'json', mediaType: 'application/json' },
  xml: { type: 'xml', mediaType: 'application/xml' },
  html: { type: 'raw', mediaType: 'text/html' },
  javascript: { type: 'raw', mediaType: 'application/javascript' },
  text: { type: 'raw', mediaType: 'text/plain' },
};

export interface RequestContext {
  sdk: PostmanSdk;
  /** The item's name, for warnings. */
  itemName: string;
  readFile?: CollectionFileReader;
  warn: (message: string) => void;
  disableBodyPruning: boolean;
}

type SdkRequest = InstanceType<PostmanSdk['Request']>;
type SdkUrl = SdkRequest['url'];
/** The SDK's RequestBody as it is at run time (its type declarations leave some fields out). */
interface SdkBody {
  mode: string;
  disabled?: boolean;
  raw?: string;
  options?: { raw?: { language?: string } };
  urlencoded?: { all(): unknown[] };
  formdata?: { all(): unknown[] };
  graphql?: { query?: unknown; variables?: unknown };
  file?: { src?: unknown; content?: unknown };
}
interface SdkParam {
  key?: string | null;
  value?: unknown;
  disabled?: boolean;
  description?: unknown;
  type?: string;
  src?: unknown;
  contentType?: string;
}

/** A raw request as the SDK reads it: a string URL alone, or an object whose `url` may carry only `raw`. */
export function normaliseRawRequest(raw: unknown): unknown {
  if (typeof raw === 'string') return { url: raw, method: 'GET' };
  if (!isObject(raw)) return { url: '', method: 'GET' };
  const url = raw.url;
  if (isObject(url) && typeof url.raw === 'string' && url.host === undefined && url.path === undefined) {
    return { ...raw, url: url.raw };
  }
  return raw;
}

export async function toRequestSpec(request: SdkRequest, context: RequestContext): Promise<RequestSpec> {
  const method = (request.method || 'GET').toUpperCase();
  const spec: RequestSpec = { method, url: urlWithoutQuery(request.url) };
  const query = params(request.url.query?.all() as SdkParam[] | undefined);
  if (query.length > 0) spec.query = query;
  const headers = params(request.headers.all() as SdkParam[]);
  if (headers.length > 0) spec.headers = headers;
  const pruned = BODYLESS_METHODS.has(method) && !context.disableBodyPruning;
  const sdkBody = request.body as SdkBody | undefined;
  const body = sdkBody && !sdkBody.disabled && !pruned ? await toBody(sdkBody, context) : undefined;
  if (body) spec.body = body;
  return spec;
}

function params(list: SdkParam[] | undefined): KeyValue[] {
  return (list ?? [])
    .filter((param) => param.key !== undefined && param.key !== null)
    .map((param) => {
      const entry: KeyValue = { name: String(param.key), value: textOf(param.value) };
      if (param.disabled) entry.enabled = false;
      const description = descriptionText(param.description);
      if (description) entry.description = description;
      return entry;
    });
}

/**
 * The URL without its query (the query travels as entries, with their enabled flags): `:name` path segments take
 * their values as Postman does, and a literal host without a scheme gets http:// as Postman's runtime gives it.
 */
function urlWithoutQuery(url: SdkUrl): string {
  let text = '';
  const host = url.getHost();
  if (url.protocol) text += url.protocol.endsWith('://') ? url.protocol : `${url.protocol}://`;
  else if (host && !host.startsWith('{{')) text += 'http://';
  const auth = url.auth as { user?: string; password?: string } | undefined;
  if (auth && typeof auth.user === 'string') {
    text += typeof auth.password === 'string' ? `${auth.user}:${auth.password}@` : `${auth.user}@`;
  }
  text += host;
  if (url.port !== undefined && url.port !== null && String(url.port) !== '') text += `:${url.port}`;
  if (url.path && url.path.length > 0) text += url.getPath();
  return text;
}

async function toBody(body: SdkBody, context: RequestContext): Promise<RequestBodySpec | undefined> {
  switch (body.mode) {
    case 'raw': {
      if (!body.raw) return undefined;
      const language = String(body.options?.raw?.language ?? 'text').toLowerCase();
      const kind = RAW_LANGUAGES[language] ?? RAW_LANGUAGES.text!;
      return { type: kind.type, raw: body.raw, mediaType: kind.mediaType };
    }
    case 'urlencoded':
      return { type: 'x-www-form-urlencoded', fields: params(body.urlencoded?.all() as SdkParam[] | undefined) };
    case 'formdata':
      return { type: 'form-data', fields: await formFields(body.formdata?.all() as SdkParam[] | undefined, context) };
    case 'graphql':
      return graphqlBody(body.graphql);
    case 'file':
      return binaryBody(body.file, context);
    default:
      context.warn(`请求「${context.itemName}」的请求体类型 ${body.mode} 不支持，已忽略请求体`);
      return undefined;
  }
}

async function formFields(list: SdkParam[] | undefined, context: RequestContext): Promise<FormDataField[]> {
  const fields: FormDataField[] = [];
  for (const param of list ?? []) {
    if (param.key === undefined || param.key === null) continue;
    const name = String(param.key);
    if (param.type !== 'file') {
      const field: FormDataField = { name, value: textOf(param.value), type: 'text' };
      if (param.disabled) field.enabled = false;
      if (param.contentType) field.contentType = param.contentType;
      fields.push(field);
      continue;
    }
    // One field per file: Postman lets a file field hold several.
    const sources = Array.isArray(param.src) ? param.src : [param.src];
    for (const src of sources) {
      const field: FormDataField = { name, value: '', type: 'file' };
      if (param.contentType) field.contentType = param.contentType;
      if (typeof src !== 'string' || src === '') {
        field.enabled = false;
        context.warn(`请求「${context.itemName}」的表单字段 ${name} 没有选择文件，该字段不会发送`);
      } else {
        field.fileName = baseName(src);
        if (param.disabled) field.enabled = false;
        const content = await readCollectionFile(src, `表单字段 ${name} 的文件`, context);
        if (content === undefined) field.enabled = false;
        else field.base64 = toBase64(content);
      }
      fields.push(field);
    }
  }
  return fields;
}

/** Postman sends a GraphQL body as JSON; variables written as text (with `{{…}}` in them) stay text. */
function graphqlBody(graphql: { query?: unknown; variables?: unknown } | undefined): RequestBodySpec {
  const query = JSON.stringify(textOf(graphql?.query));
  const variables = textOf(graphql?.variables).trim();
  const raw = variables ? `{"query":${query},"variables":${variables}}` : `{"query":${query}}`;
  return { type: 'json', raw, mediaType: 'application/json' };
}

async function binaryBody(
  file: { src?: unknown; content?: unknown } | undefined,
  context: RequestContext,
): Promise<RequestBodySpec | undefined> {
  if (typeof file?.content === 'string') {
    return { type: 'binary', base64: toBase64(new TextEncoder().encode(file.content)) };
  }
  if (typeof file?.src !== 'string' || file.src === '') {
    context.warn(`请求「${context.itemName}」的二进制请求体没有选择文件，已忽略请求体`);
    return undefined;
  }
  const content = await readCollectionFile(file.src, '二进制请求体的文件', context);
  return content === undefined ? undefined : { type: 'binary', base64: toBase64(content) };
}

async function readCollectionFile(src: string, what: string, context: RequestContext): Promise<Uint8Array | undefined> {
  if (!context.readFile) {
    context.warn(`请求「${context.itemName}」的${what} ${src} 无法读取（没有集合所在的目录），该文件不会发送`);
    return undefined;
  }
  try {
    return await context.readFile(src, MAX_FILE_BYTES);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.warn(`请求「${context.itemName}」的${what} ${src} 无法读取：${reason}，该文件不会发送`);
    return undefined;
  }
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function descriptionText(description: unknown): string | undefined {
  if (typeof description === 'string') return description || undefined;
  if (isObject(description) && typeof description.content === 'string') return description.content || undefined;
  return undefined;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

function toBase64(bytes: Uint8Array): string {
  const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
