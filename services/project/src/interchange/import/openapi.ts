import { invalid } from '@pmbok/infra';
import { upgrade, validate } from '@scalar/openapi-parser';
import { type Content, checkContent, HTTP_METHODS, type Json } from '../../domain/doc/content.js';
import { NAME_MAX } from '../../domain/tree/rules.js';
import type { ImportPlan, PlannedNode } from '../model.js';
import { DEFAULT_FOLDER, emptyPlan, isObject, Problems, parseStructured, pointer, text } from './common.js';
import type { ImportSource } from './index.js';
import {
  extraOf,
  operationWhere,
  parametersOf,
  requestBodyOf,
  responsesOf,
  withPathParameters,
  X,
} from './openapiOperation.js';
import { assertLocalRefs, RefReader } from './openapiRefs.js';

/** A version written unquoted in YAML (`swagger: 2.0`, `openapi: 3.0`) is read as a number. */
const versionField = (value: unknown, field: string) =>
  isObject(value) && (typeof value[field] === 'string' || typeof value[field] === 'number');
export const isOpenApi = (value: unknown) => versionField(value, 'openapi');
export const isSwagger = (value: unknown) => versionField(value, 'swagger');

/** The folder that holds a source's shared models. */
export const MODELS_FOLDER = '数据模型';
const STATUSES = ['designing', 'developing', 'testing', 'released', 'deprecated'];
const PATH = /^\/(?:[^{}\s]|\{[A-Za-z_][\w.-]*\})*$/;
const ROOT_MAPPED = ['openapi', 'swagger', 'info', 'servers', 'paths', 'components', 'tags', X.pages, X.folders];
const OPERATION_MAPPED = [
  'tags',
  'summary',
  'description',
  'operationId',
  'deprecated',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'security',
];

/** A node or folder name as the tree takes it: trimmed, at most 100 characters. */
export const nodeName = (name: string) => [...name.trim().replace(/\s+/g, ' ')].slice(0, NAME_MAX).join('').trim();

/** `x-pmbok-folder` (a list, or a /-joined text), else the first tag, else 默认分组. */
function folderOf(value: Record<string, unknown>, fallback: string[]): string[] {
  const raw = value[X.folder];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('/') : undefined;
  if (list)
    return list
      .filter((n): n is string => typeof n === 'string')
      .map(nodeName)
      .filter(Boolean);
  return fallback;
}

/** The first server's variables filled with their defaults, so the URL is usable as an environment's. */
function serversOf(doc: Record<string, unknown>) {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  return servers
    .filter((server) => typeof server.url === 'string')
    .map((server) => {
      const variables = isObject(server.variables) ? server.variables : {};
      const url = (server.url as string).replace(/\{([^}]+)\}/g, (whole, name: string) => {
        const variable = variables[name];
        return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
      });
      return { name: text(server.description) || url, url };
    });
}

/** A path parameter with no {name} in the path is dropped (OpenAPI refuses it, so an export could not keep it). */
function pathParametersIn<T extends { in: string; name: string }>(
  path: string,
  list: T[],
  where: string,
  problems: Problems,
) {
  const names = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
  return list.filter((p) => {
    if (p.in !== 'path' || names.has(p.name)) return true;
    problems.add(`${where}/parameters`, `路径参数「${p.name}」不在路径中，未导入`);
    return false;
  });
}

/** Maps one OpenAPI 3.1 document (Swagger 2.0 and 3.0 upgraded to it first) to the project's nodes. */
function mapDocument(doc: Record<string, unknown>, plan: ImportPlan) {
  const problems = new Problems();
  const refs = new RefReader(doc, problems);
  const info = isObject(doc.info) ? doc.info : {};
  plan.title = text(info.title).trim();
  plan.description = text(info.description);
  plan.servers = serversOf(doc);
  for (const key of Object.keys(doc)) {
    if (!ROOT_MAPPED.includes(key)) problems.add(pointer(key), `「${key}」没有对应的位置，未导入`);
  }
  const lostInfo = Object.keys(info).filter((key) => !['title', 'description', 'version'].includes(key));
  if (lostInfo.length > 0) problems.add(pointer('info'), `info 的 ${lostInfo.join('、')} 没有对应的位置，未导入`);
  if (Array.isArray(doc.tags) && doc.tags.some((tag) => isObject(tag) && Object.keys(tag).some((k) => k !== 'name'))) {
    problems.add(pointer('tags'), '标签的说明（description、externalDocs）没有对应的位置，未导入；标签名用作目录名');
  }
  const components = isObject(doc.components) ? doc.components : {};
  for (const key of Object.keys(components)) {
    if (!['schemas', 'parameters', 'responses', 'requestBodies', 'headers', 'examples', 'pathItems'].includes(key)) {
      problems.add(pointer('components', key), `components 的「${key}」没有对应的位置，未导入`);
    }
  }
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const nodes: PlannedNode[] = [];
  const keep = (node: PlannedNode, where: string) => {
    try {
      nodes.push({ ...node, content: checkContent(node.kind, node.content, refs.models) });
    } catch (error) {
      // Documents may refer to a model by name, so a model stays (empty) rather than leave their refs dangling.
      if (node.kind === 'schema') nodes.push({ ...node, content: checkContent('schema', {}) });
      problems.add(
        where,
        `「${node.name}」${node.kind === 'schema' ? '的内容' : ''}未导入：${(error as Error).message}`,
      );
    }
  };

  const taken = new Set<string>();
  for (const [key, value] of Object.entries(schemas)) {
    const named = isObject(value) && typeof value[X.name] === 'string' ? nodeName(value[X.name] as string) : '';
    const name = named || nodeName(key);
    if (!name || taken.has(name)) {
      problems.add(pointer('components', 'schemas', key), `数据模型名称「${key}」为空或重复，未导入`);
      continue;
    }
    taken.add(name);
    refs.addModel(key, name);
  }
  for (const [key, value] of Object.entries(schemas)) {
    const name = refs.modelNames.get(key);
    if (name === undefined) continue;
    const where = pointer('components', 'schemas', key);
    const raw = isObject(value) ? value : {};
    const { [X.folder]: _folder, [X.name]: _name, ...schema } = raw;
    const content = { schema: refs.schema(schema, where), description: text(raw.description) };
    keep({ kind: 'schema', name, folderPath: folderOf(raw, [MODELS_FOLDER]), content }, where);
  }

  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = refs.follow(rawItem, pointer('paths', path));
    if (!item) continue;
    for (const key of Object.keys(item)) {
      if (key === 'summary' || key === 'description') {
        problems.add(pointer('paths', path, key), `路径的 ${key} 没有对应的位置，未导入（接口各自的说明已导入）`);
      }
      const known = ['parameters', 'summary', 'description', 'servers', ...HTTP_METHODS.map((m) => m.toLowerCase())];
      if (!known.includes(key) && !key.startsWith('x-')) {
        problems.add(pointer('paths', path, key), `路径下的「${key}」没有对应的位置，未导入`);
      }
    }
    for (const method of HTTP_METHODS) {
      const op = item[method.toLowerCase()];
      if (!isObject(op)) continue;
      const where = operationWhere(path, method.toLowerCase());
      if (!PATH.test(path)) {
        problems.add(where, `接口路径「${path}」不正确（不能有空格，路径参数写成 {name}），未导入`);
        continue;
      }
      if (op.callbacks !== undefined) problems.add(`${where}/callbacks`, '回调（callbacks）没有对应的位置，未导入');
      if (op.security !== undefined) problems.add(`${where}/security`, '接口的安全要求（security）未导入');
      const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
      const title = text(op.summary).trim() || text(op.operationId).trim() || `${method} ${path}`;
      const name = nodeName(title);
      if ([...title].length > NAME_MAX) problems.add(`${where}/summary`, `名称超过 ${NAME_MAX} 个字符，已截断`);
      const deprecated = op.deprecated === true;
      const status = STATUSES.includes(op[X.status] as string)
        ? (op[X.status] as string)
        : deprecated
          ? 'deprecated'
          : 'released';
      const owner = op[X.owner];
      const extra = extraOf(op, OPERATION_MAPPED);
      if (item.servers !== undefined && extra.servers === undefined) extra.servers = item.servers as Json;
      const content = {
        method,
        path,
        status,
        tags: tags.slice(0, 50).map((tag) => tag.slice(0, 50)),
        ownerId: Number.isSafeInteger(owner) && (owner as number) > 0 ? owner : 0,
        description: text(op.description),
        operationId: text(op.operationId).slice(0, 200),
        deprecated,
        parameters: withPathParameters(
          path,
          pathParametersIn(path, parametersOf(refs, item, op, where), where, problems),
        ),
        requestBody: requestBodyOf(refs, op.requestBody, `${where}/requestBody`),
        responses: responsesOf(refs, op.responses, `${where}/responses`),
        extra,
      } as unknown as Content;
      const folderPath = folderOf(op, [nodeName(tags[0] ?? '') || DEFAULT_FOLDER]);
      keep({ kind: 'api', name: name || `${method} ${path}`, folderPath, content }, where);
    }
  }
  readPages(doc, nodes, problems);
  plan.nodes = nodes;
  plan.problems = problems.list;
}

/** Pages and empty folders an export of the project wrote in its own extensions. */
function readPages(doc: Record<string, unknown>, nodes: PlannedNode[], problems: Problems) {
  const pages = Array.isArray(doc[X.pages]) ? (doc[X.pages] as unknown[]) : [];
  pages.forEach((page, i) => {
    const name = isObject(page) ? nodeName(text(page.name)) : '';
    if (!isObject(page) || !name) {
      problems.add(pointer(X.pages, i), '文档没有名称，未导入');
      return;
    }
    nodes.push({
      kind: 'page',
      name,
      folderPath: folderOf({ [X.folder]: page.folderPath }, []),
      content: checkContent('page', { markdown: text(page.markdown) }),
    });
  });
  const folders = Array.isArray(doc[X.folders]) ? (doc[X.folders] as unknown[]) : [];
  for (const folder of folders) {
    const path = folderOf({ [X.folder]: folder }, []);
    if (path.length > 0) nodes.push({ kind: 'folder', name: path.at(-1)!, folderPath: path.slice(0, -1) });
  }
}

/**
 * Why the upgrade failed, in the words of scalar's validator (which names the place) when it finds the document
 * malformed; the upgrade changed the value in place, so the text is read again.
 */
async function whyUnreadable(source: ImportSource, name: string, error: unknown): Promise<string> {
  const fallback = `无法读取该 ${name} 文件，它的结构不符合规范：${(error as Error)?.message ?? ''}`;
  try {
    const result = await validate(parseStructured(source.text, source.fileName) as Record<string, unknown>);
    const [first] = result.errors ?? [];
    if (!first) return fallback;
    const path = first.path ?? '';
    const where = Array.isArray(path) ? pointer(...path) : path.startsWith('/') ? `#${path}` : path;
    return `该文件不符合 ${name} 规范${where ? `：${where}` : ''}：${first.message}`;
  } catch {
    return fallback;
  }
}

/**
 * scalar's 2.0 upgrade rebuilds each response's `headers` in reverse order; reversing them first keeps the
 * source's order (the round-trip test through a Swagger export notices if the upgrade changes).
 */
function reverseSwaggerHeaders(doc: Record<string, unknown>) {
  const responses: unknown[] = isObject(doc.responses) ? Object.values(doc.responses) : [];
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    for (const op of Object.values(isObject(item) ? item : {})) {
      if (isObject(op) && isObject(op.responses)) responses.push(...Object.values(op.responses));
    }
  }
  for (const response of responses) {
    if (isObject(response) && isObject(response.headers)) {
      response.headers = Object.fromEntries(Object.entries(response.headers).reverse());
    }
  }
}

/**
 * Reads OpenAPI 3.0/3.1 and Swagger 2.0: external `$ref`s are refused before anything else, Swagger and 3.0 are
 * upgraded to 3.1 by scalar, then one 3.1 mapper makes the plan.
 */
export async function parseOpenApi(source: ImportSource): Promise<ImportPlan> {
  const value = source.value as Record<string, unknown>;
  const swagger = isSwagger(value);
  const field = swagger ? 'swagger' : 'openapi';
  if (typeof value[field] === 'number') {
    const n = value[field] as number;
    value[field] = swagger ? n.toFixed(1) : `${n.toFixed(1)}.0`;
  }
  const version = String(value[field]);
  if (swagger ? version !== '2.0' : !/^3\.[0-2](\.\d+)?$/.test(version)) {
    throw invalid(
      `不支持的版本「${swagger ? 'Swagger' : 'OpenAPI'} ${version}」：支持 Swagger 2.0 与 OpenAPI 3.0、3.1`,
    );
  }
  assertLocalRefs(value);
  const plan = emptyPlan(swagger ? 'swagger' : 'openapi', version);
  if (swagger) reverseSwaggerHeaders(value);
  let upgraded: unknown;
  try {
    upgraded = upgrade(value).specification;
  } catch (error) {
    throw invalid(await whyUnreadable(source, swagger ? 'Swagger 2.0' : `OpenAPI ${version}`, error));
  }
  if (!isObject(upgraded)) throw invalid('无法读取该 OpenAPI 文件');
  mapDocument(upgraded, plan);
  return plan;
}
