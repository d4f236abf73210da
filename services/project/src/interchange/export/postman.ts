import type { Json } from '../../domain/doc/content.js';
import type { ExportedFile, ExportSource } from '../model.js';
import { exportFileBase } from './markdown.js';
import { walkTree } from './openapiTree.js';
import { sampleOf } from './postmanSample.js';

type Obj = Record<string, Json>;
const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(obj) : []);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
/** A parameter's example as the text Postman sends. */
const valueText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const RAW_LANGUAGE: Record<string, string> = { json: 'json', xml: 'xml', raw: 'text' };

/** The parameter an import made of Postman's authorization. */
const isAuth = (p: Obj) => obj(p.extra).postmanAuth !== undefined;
/**
 * Whether it goes back as the request's `auth` only: a value the request wrote itself (not a `{{placeholder}}`)
 * stays a header or query parameter too, as it was.
 */
const authOnly = (p: Obj) =>
  isAuth(p) && (p.example === null || p.example === undefined || /\{\{/.test(valueText(p.example)));

function authOf(doc: Obj): Obj | undefined {
  const type = str(obj(doc.extra).postmanAuth);
  if (!type) return undefined;
  const param = list(doc.parameters).find(isAuth);
  if (type === 'bearer') {
    return {
      type,
      bearer: [{ key: 'token', value: valueText(param?.example).replace(/^Bearer\s+/i, ''), type: 'string' }],
    };
  }
  if (type === 'apikey' && param) {
    const where = param.in === 'query' ? 'query' : 'header';
    const entries = [
      { key: 'key', value: str(param.name) },
      { key: 'value', value: valueText(param.example) },
      { key: 'in', value: where },
    ];
    return { type, apikey: entries.map((entry) => ({ ...entry, type: 'string' })) };
  }
  return { type };
}

type Group = { name: string; description?: string; item: Obj[] };

function urlOf(doc: Obj) {
  const parameters = list(doc.parameters);
  // Postman writes path variables as `:name`; the `{{baseUrl}}` variable holds the server.
  // A variable inside a segment (`celeb_{name}`) is not a Postman path variable: it is written as `{{name}}`.
  const segments = str(doc.path)
    .split('/')
    .slice(1)
    .filter((segment, i, all) => segment !== '' || (i === all.length - 1 && i > 0))
    .map((segment) =>
      /^\{[^{}]+\}$/.test(segment) ? `:${segment.slice(1, -1)}` : segment.replace(/\{([^{}]+)\}/g, '{{$1}}'),
    );
  const query = parameters
    .filter((p) => p.in === 'query' && !authOnly(p))
    .map((p) => ({
      key: str(p.name),
      value: valueText(p.example),
      description: str(p.description),
      ...(obj(p.extra).disabled ? { disabled: true } : {}),
    }));
  const variable = parameters
    .filter((p) => p.in === 'path')
    .map((p) => ({ key: str(p.name), value: valueText(p.example), description: str(p.description) }));
  const search = query
    .filter((q) => !q.disabled)
    .map((q) => `${q.key}=${q.value}`)
    .join('&');
  return {
    raw: `{{baseUrl}}/${segments.join('/')}${search ? `?${search}` : ''}`,
    host: ['{{baseUrl}}'],
    path: segments,
    ...(query.length > 0 ? { query } : {}),
    ...(variable.length > 0 ? { variable } : {}),
  };
}

function bodyOf(doc: Obj, models: ReadonlyMap<string, Json>): Obj | undefined {
  const body = obj(doc.requestBody);
  const type = str(body.type);
  const fields = list(body.fields).map((f) => ({
    key: str(f.name),
    ...(f.type === 'file' ? { type: 'file', src: [] } : { type: 'text', value: valueText(f.example) }),
    description: str(f.description),
  }));
  if (type === 'form-data') return { mode: 'formdata', formdata: fields };
  if (type === 'x-www-form-urlencoded') {
    return {
      mode: 'urlencoded',
      urlencoded: fields.map(({ key, description, ...rest }) => ({
        key,
        value: str((rest as Obj).value),
        description,
      })),
    };
  }
  if (type === 'binary') return { mode: 'file', file: {} };
  if (type === 'json' || type === 'xml' || type === 'raw') {
    const example = list(body.examples)[0];
    const raw =
      str(body.raw) ||
      (example ? valueText(example.value ?? null) : '') ||
      (type === 'json' && Object.keys(obj(body.schema)).length > 0
        ? JSON.stringify(sampleOf(body.schema, models), null, 2)
        : '');
    // A raw body of no stated media type stays without a language, so it reads back the same.
    if (type === 'raw' && !str(body.mediaType)) return { mode: 'raw', raw };
    return { mode: 'raw', raw, options: { raw: { language: RAW_LANGUAGE[type] ?? 'text' } } };
  }
  return undefined;
}

function headersOf(doc: Obj) {
  const headers = list(doc.parameters)
    .filter((p) => p.in === 'header' && !authOnly(p))
    .map((p) => ({
      key: str(p.name),
      value: valueText(p.example),
      description: str(p.description),
      ...(obj(p.extra).disabled ? { disabled: true } : {}),
    }));
  const mediaType = str(obj(doc.requestBody).mediaType);
  const type = str(obj(doc.requestBody).type);
  if (
    mediaType &&
    type !== 'none' &&
    type !== 'form-data' &&
    !headers.some((h) => h.key.toLowerCase() === 'content-type')
  ) {
    headers.unshift({ key: 'Content-Type', value: mediaType, description: '' });
  }
  return headers;
}

/** How Postman shows a saved body. */
const previewLanguage = (mediaType: string) =>
  /json/i.test(mediaType) ? 'json' : /xml/i.test(mediaType) ? 'xml' : /html/i.test(mediaType) ? 'html' : 'text';

/** One saved response per example (a status without examples is kept with an empty body). */
function responsesOf(doc: Obj, request: Obj): Obj[] {
  return list(doc.responses).flatMap((response) => {
    const status = str(response.status);
    const code = /^\d{3}$/.test(status) ? Number(status) : /^[1-5]XX$/.test(status) ? Number(status[0]) * 100 : 0;
    const header = str(response.mediaType) ? [{ key: 'Content-Type', value: str(response.mediaType) }] : [];
    const base = {
      originalRequest: request,
      status: str(response.description) || str(response.name),
      code,
      header,
      _postman_previewlanguage: previewLanguage(str(response.mediaType)),
    };
    const examples = list(response.examples);
    if (examples.length === 0) return [{ ...base, name: str(response.name) || status, body: '' }];
    return examples.map((example) => ({
      ...base,
      name: str(example.name) || str(response.name) || status,
      body: typeof example.value === 'string' ? example.value : JSON.stringify(example.value ?? null, null, 2),
    }));
  });
}

function scriptsOf(doc: Obj): Obj[] {
  const scripts = obj(obj(doc.extra).postmanScripts);
  const lines = (value: unknown) => (Array.isArray(value) ? value.map(str) : str(value) ? str(value).split('\n') : []);
  return (['prerequest', 'test'] as const)
    .filter((listen) => lines(scripts[listen]).length > 0)
    .map((listen) => ({ listen, script: { type: 'text/javascript', exec: lines(scripts[listen]) } }));
}

function requestItem(name: string, doc: Obj, models: ReadonlyMap<string, Json>): Obj {
  const body = bodyOf(doc, models);
  const auth = authOf(doc);
  const request: Obj = {
    method: str(doc.method) || 'GET',
    header: headersOf(doc),
    url: urlOf(doc),
    ...(body ? { body } : {}),
    ...(str(doc.description) ? { description: str(doc.description) } : {}),
    ...(auth ? { auth } : {}),
  };
  const events = scriptsOf(doc);
  return { name, request, response: responsesOf(doc, request), ...(events.length > 0 ? { event: events } : {}) };
}

/**
 * The project as a Postman Collection v2.1: folders → folders, api documents → requests (`{{baseUrl}}` holds the
 * first server, the others are variables too), examples → saved responses, kept scripts → events. Pages have no
 * place in a collection: they become the description of the folder they are in. Models are written into the
 * bodies they describe (a sample), as Postman has no models.
 */
export function exportPostman(source: ExportSource): ExportedFile {
  const models = new Map<string, Json>(
    source.nodes.filter((n) => n.kind === 'schema').map((n) => [n.name, (n.content?.schema ?? {}) as Json]),
  );
  const root: Group = { name: source.project.name, description: source.project.description, item: [] };
  const groups = new Map<string, Group>([['[]', root]]);
  const groupOf = (path: string[]): Group => {
    const key = JSON.stringify(path);
    const found = groups.get(key);
    if (found) return found;
    const group: Group = { name: path[path.length - 1] ?? '', item: [] };
    groupOf(path.slice(0, -1)).item.push(group as unknown as Obj);
    groups.set(key, group);
    return group;
  };
  for (const node of walkTree(source)) {
    if (node.kind === 'folder') groupOf([...node.folderPath, node.name]);
    else if (node.kind === 'api') groupOf(node.folderPath).item.push(requestItem(node.name, obj(node.content), models));
    else if (node.kind === 'page') {
      const group = groupOf(node.folderPath);
      const page = `## ${node.name}\n\n${str(node.content?.markdown)}`;
      group.description = group.description ? `${group.description}\n\n${page}` : page;
    }
  }
  const servers = source.project.servers;
  const variable = [
    { key: 'baseUrl', value: servers[0]?.url ?? 'http://localhost', type: 'string' },
    ...servers
      .slice(1)
      .map((server, i) => ({ key: `baseUrl${i + 2}`, value: server.url, type: 'string', description: server.name })),
  ];
  const collection = {
    info: { name: source.project.name || '接口文档', description: root.description ?? '', schema: SCHEMA_V21 },
    item: root.item,
    variable,
  };
  return {
    fileName: `${exportFileBase(source.project.name)}.postman_collection.json`,
    mediaType: 'application/json',
    text: `${JSON.stringify(collection, null, 2)}\n`,
  };
}
