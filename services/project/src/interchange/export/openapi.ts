import { stringify } from 'yaml';
import type { Json } from '../../domain/doc/content.js';
import { DEFAULT_FOLDER } from '../import/common.js';
import { MODELS_FOLDER, nodeName } from '../import/openapi.js';
import { withPathParameters, X } from '../import/openapiOperation.js';
import type { ExportedFile, ExportSource } from '../model.js';
import { ModelKeys } from './openapiModels.js';
import { parameterOf, requestBodyOf, responseOf, spreadExtra } from './openapiOperation.js';
import { type WalkedNode, walkTree } from './openapiTree.js';
import { swaggerDocument } from './swagger.js';

type Obj = Record<string, Json>;
const isObject = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The folder an importer would give a node without `x-pmbok-folder`: written only when the node's differs. */
const impliedFolder = (tags: unknown[]) => [nodeName(str(tags[0])) || DEFAULT_FOLDER];

function operationOf(node: WalkedNode, models: ModelKeys): Obj {
  const doc = (node.content ?? {}) as Obj;
  const tags = Array.isArray(doc.tags) ? doc.tags.filter((t) => typeof t === 'string') : [];
  const op: Obj = {};
  if (tags.length > 0) op.tags = tags;
  op.summary = node.name;
  if (str(doc.description)) op.description = str(doc.description);
  if (str(doc.operationId)) op.operationId = str(doc.operationId);
  if (doc.deprecated === true) op.deprecated = true;
  // OpenAPI requires a parameter for each {name} of the path: a document saved before the editor added them has none.
  // and refuses a path parameter the path has no {name} for.
  const inPath = new Set([...str(doc.path).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
  const kept = list(doc.parameters).filter((p) => p.in !== 'path' || inPath.has(str(p.name)));
  const declared = withPathParameters(str(doc.path), kept);
  const parameters = declared.map((parameter) => parameterOf(parameter as Obj, models));
  if (parameters.length > 0) op.parameters = parameters;
  const body = requestBodyOf(isObject(doc.requestBody) ? doc.requestBody : {}, models);
  if (body) op.requestBody = body;
  const responses: Obj = {};
  for (const response of list(doc.responses)) {
    const status = str(response.status) || '200';
    if (!responses[status]) responses[status] = responseOf(response, models);
  }
  if (Object.keys(responses).length > 0) op.responses = responses;
  spreadExtra(op, doc.extra, ['externalDocs', 'servers']);
  if (!same(node.folderPath, impliedFolder(tags))) op[X.folder] = node.folderPath;
  op[X.status] = str(doc.status) || 'designing';
  if (typeof doc.ownerId === 'number' && doc.ownerId > 0) op[X.owner] = doc.ownerId;
  return op;
}

/**
 * The project as an OpenAPI 3.1 document. Fields OpenAPI has no place for travel as `x-pmbok-*` extensions (folder,
 * status, owner, a response's name, pages, empty folders), so importing the export gives the same documents back.
 */
export function openApiDocument(source: ExportSource): Obj {
  const walked = walkTree(source);
  const schemaNodes = walked.filter((node) => node.kind === 'schema');
  const models = new ModelKeys(
    schemaNodes.map((node) => node.name),
    '#/components/schemas/',
  );
  const paths: Record<string, Obj> = {};
  const tags: string[] = [];
  for (const node of walked) {
    if (node.kind !== 'api' || !node.content) continue;
    const method = str(node.content.method).toLowerCase() || 'get';
    const path = str(node.content.path) || '/';
    const item = paths[path] ?? {};
    paths[path] = item;
    // OpenAPI holds one operation per method and path: a second document for the same pair is left out.
    if (item[method]) continue;
    item[method] = operationOf(node, models);
    for (const tag of ((item[method] as Obj).tags as Json[] | undefined) ?? [])
      if (!tags.includes(tag as string)) tags.push(tag as string);
  }
  const schemas: Obj = {};
  for (const node of schemaNodes) {
    const key = models.keyOf(node.name);
    if (schemas[key] !== undefined) continue;
    const doc = (node.content ?? {}) as Obj;
    let schema = models.rewrite(doc.schema ?? {});
    if (isObject(schema)) {
      schema = { ...schema };
      if (str(doc.description) && schema.description === undefined) schema.description = str(doc.description);
      if (key !== node.name) schema[X.name] = node.name;
      if (!same(node.folderPath, [MODELS_FOLDER])) schema[X.folder] = node.folderPath;
    }
    schemas[key] = schema;
  }
  const pages = walked
    .filter((node) => node.kind === 'page')
    .map((node) => ({ name: node.name, folderPath: node.folderPath, markdown: str(node.content?.markdown) }));
  const folders = walked.filter((node) => node.kind === 'folder' && node.empty).map((n) => [...n.folderPath, n.name]);
  const info: Obj = { title: source.project.name || 'API', version: '1.0.0' };
  if (source.project.description) info.description = source.project.description;
  const doc: Obj = { openapi: '3.1.0', info };
  const servers = source.project.servers.filter((server) => server.url);
  if (servers.length > 0) {
    doc.servers = servers.map((server) => ({
      url: server.url,
      ...(server.name && server.name !== server.url && { description: server.name }),
    }));
  }
  if (tags.length > 0) doc.tags = tags.map((name) => ({ name }));
  doc.paths = paths;
  if (Object.keys(schemas).length > 0) doc.components = { schemas };
  if (pages.length > 0) doc[X.pages] = pages;
  if (folders.length > 0) doc[X.folders] = folders;
  return doc;
}

const fileBase = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'api';

export function exportOpenApi(
  source: ExportSource,
  flavour: 'openapi' | 'swagger',
  syntax: 'json' | 'yaml',
): ExportedFile {
  const doc = flavour === 'openapi' ? openApiDocument(source) : swaggerDocument(openApiDocument(source));
  const base = `${fileBase(source.project.name)}.${flavour}`;
  if (syntax === 'json') {
    return { fileName: `${base}.json`, mediaType: 'application/json', text: `${JSON.stringify(doc, null, 2)}\n` };
  }
  return {
    fileName: `${base}.yaml`,
    mediaType: 'application/yaml',
    text: stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 }),
  };
}
