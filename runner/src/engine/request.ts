import type { AuthSpec, FormDataField, KeyValue, PlanEnvironment, RequestSpec } from '../model.js';
import type { PreparedRequest, ScriptRequest } from '../ports.js';

/**
 * From a case's request to what is sent. A pre-request script sees the request as written (`{{token}}` unresolved,
 * as in Postman) and may change it; variables are resolved after it, part by part, so a value holding `&` or `/`
 * never splits a query or a path.
 */

const enabled = <T extends KeyValue>(list: T[] | undefined): T[] =>
  (list ?? []).filter((item) => item.enabled !== false);

const FULL_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The written URL: the base URL joined, path parameters put in, the query appended (all still unresolved). */
export function writtenUrl(request: RequestSpec, environment: PlanEnvironment): string {
  let url = request.url.trim();
  for (const param of enabled(request.pathParams)) {
    url = url
      .split(`{${param.name}}`)
      .join(param.value)
      .replace(new RegExp(`/:${escapeRegExp(param.name)}(?=/|$|\\?)`, 'g'), `/${param.value}`);
  }
  if (!FULL_URL.test(url) && !url.startsWith('{{') && environment.baseUrl) {
    url = `${environment.baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  }
  const query = enabled(request.query);
  if (query.length === 0) return url;
  const pairs = query.map((item) =>
    item.value === '' && !item.name.includes('=') ? item.name : `${item.name}=${item.value}`,
  );
  return `${url}${url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?'}${pairs.join('&')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The request a pre-request script sees. */
export function scriptRequestOf(request: RequestSpec, environment: PlanEnvironment, name: string): ScriptRequest {
  const headers: [string, string][] = enabled(request.headers).map((item) => [item.name, item.value]);
  const body = request.body;
  let scriptBody: ScriptRequest['body'] = { mode: 'none' };
  if (body && (body.type === 'json' || body.type === 'raw' || body.type === 'xml')) {
    scriptBody = { mode: 'raw', raw: body.raw ?? '' };
  } else if (body?.type === 'x-www-form-urlencoded') {
    scriptBody = { mode: 'urlencoded', fields: enabled(body.fields).map((f) => ({ key: f.name, value: f.value })) };
  } else if (body?.type === 'form-data') {
    const text = enabled(body.fields).filter((f) => f.type !== 'file');
    scriptBody = { mode: 'formdata', fields: text.map((f) => ({ key: f.name, value: f.value })) };
  }
  return {
    method: request.method.toUpperCase(),
    url: writtenUrl(request, environment),
    headers,
    body: scriptBody,
    name,
  };
}

export type Resolve = (text: string) => string;

/** The URL with variables resolved in each part, encoded where the written text was not. */
export function resolveUrl(written: string, resolve: Resolve): string {
  const hashAt = written.indexOf('#');
  const withoutHash = hashAt >= 0 ? written.slice(0, hashAt) : written;
  const queryAt = withoutHash.indexOf('?');
  let base = resolve(queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash).trim();
  if (!FULL_URL.test(base)) base = `http://${base.replace(/^\/+/, '')}`;
  if (queryAt < 0) return base;
  const query = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = encodePart(resolve(decodePart(equals >= 0 ? pair.slice(0, equals) : pair)));
      return equals >= 0 ? `${key}=${encodePart(resolve(decodePart(pair.slice(equals + 1))))}` : key;
    });
  return query.length ? `${base}?${query.join('&')}` : base;
}

function decodePart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** As a browser's form would, keeping what a URL's query may hold as it is. */
function encodePart(text: string): string {
  return encodeURIComponent(text).replace(/%(2C|3A|40|2F|24|5B|5D)/g, (match) => decodeURIComponent(match));
}

const DEFAULT_TYPES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  raw: 'text/plain',
  'x-www-form-urlencoded': 'application/x-www-form-urlencoded',
  binary: 'application/octet-stream',
};

const has = (headers: [string, string][], name: string) =>
  headers.some(([key]) => key.toLowerCase() === name.toLowerCase());

/**
 * The request to send: the script's changes kept, variables resolved, the environment's headers and the auth added
 * unless the request sets them, the body encoded.
 */
export function prepareRequest(
  spec: RequestSpec,
  scripted: ScriptRequest,
  original: ScriptRequest,
  environment: PlanEnvironment,
  resolve: Resolve,
  timeoutMs: number,
): PreparedRequest {
  const headers: [string, string][] = scripted.headers
    .filter(([name]) => name.trim() !== '')
    .map(([name, value]) => [resolve(name).trim(), resolve(value)]);
  for (const item of enabled(environment.headers)) {
    const name = resolve(item.name).trim();
    if (name && !has(headers, name)) headers.push([name, resolve(item.value)]);
  }
  let url = resolveUrl(scripted.url, resolve);
  url = applyAuth(spec.auth, headers, url, resolve);
  const bodyChanged = JSON.stringify(scripted.body) !== JSON.stringify(original.body);
  const body = bodyChanged ? scriptedBody(scripted.body, resolve) : encodeBody(spec, resolve);
  if (body?.contentType && !has(headers, 'content-type')) headers.push(['Content-Type', body.contentType]);
  const method = (scripted.method || spec.method || 'GET').toUpperCase();
  return { method, url, headers, ...(body?.data !== undefined ? { body: body.data } : {}), timeoutMs };
}

function applyAuth(auth: AuthSpec | undefined, headers: [string, string][], url: string, resolve: Resolve): string {
  if (!auth || auth.type === 'none' || auth.type === 'inherit') return url;
  if (auth.type === 'bearer') {
    if (!has(headers, 'authorization')) headers.push(['Authorization', `Bearer ${resolve(auth.token)}`]);
  } else if (auth.type === 'basic') {
    const pair = `${resolve(auth.username)}:${resolve(auth.password)}`;
    if (!has(headers, 'authorization'))
      headers.push(['Authorization', `Basic ${Buffer.from(pair).toString('base64')}`]);
  } else if (auth.type === 'apikey') {
    const key = resolve(auth.key);
    const value = resolve(auth.value);
    if (auth.in === 'query') return `${url}${url.includes('?') ? '&' : '?'}${encodePart(key)}=${encodePart(value)}`;
    if (!has(headers, key)) headers.push([key, value]);
  }
  return url;
}

type Encoded = { data?: Uint8Array | string; contentType?: string } | undefined;

function scriptedBody(body: ScriptRequest['body'], resolve: Resolve): Encoded {
  if (!body || body.mode === 'none') return undefined;
  if (body.mode === 'raw') return { data: resolve(body.raw ?? '') };
  const fields = (body.fields ?? []).map((f) => ({ name: resolve(f.key), value: resolve(f.value) }));
  if (body.mode === 'urlencoded') return urlencoded(fields);
  return multipart(fields);
}

function encodeBody(spec: RequestSpec, resolve: Resolve): Encoded {
  const body = spec.body;
  if (!body || body.type === 'none') return undefined;
  const contentType = body.mediaType || DEFAULT_TYPES[body.type];
  switch (body.type) {
    case 'json':
    case 'xml':
    case 'raw':
      return { data: resolve(body.raw ?? ''), contentType };
    case 'binary':
      return { data: Buffer.from(body.base64 ?? '', 'base64'), contentType };
    case 'x-www-form-urlencoded':
      return urlencoded(enabled(body.fields).map((f) => ({ name: resolve(f.name), value: resolve(f.value) })));
    case 'form-data':
      return multipart(enabled(body.fields).map((f) => resolvedField(f, resolve)));
  }
}

function resolvedField(field: FormDataField, resolve: Resolve) {
  if (field.type !== 'file') return { name: resolve(field.name), value: resolve(field.value) };
  return {
    name: resolve(field.name),
    file: {
      name: field.fileName || 'file',
      type: field.contentType || 'application/octet-stream',
      data: Buffer.from(field.base64 ?? '', 'base64'),
    },
  };
}

function urlencoded(fields: { name: string; value: string }[]) {
  return {
    data: new URLSearchParams(fields.map((f): [string, string] => [f.name, f.value])).toString(),
    contentType: 'application/x-www-form-urlencoded',
  };
}

type Part = { name: string; value?: string; file?: { name: string; type: string; data: Buffer } };

function multipart(parts: Part[]) {
  const boundary = `----pmbok${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const quote = (text: string) => text.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`;
    if (part.file) head += `; filename="${quote(part.file.name)}"\r\nContent-Type: ${part.file.type}`;
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      part.file ? part.file.data : Buffer.from(part.value ?? ''),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}
