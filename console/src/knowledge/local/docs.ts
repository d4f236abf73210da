import type { ApiDoc, DocDetail, NodeKind, SearchHit } from '@pmbok/api-types';
import { emptyBody } from '../editor/apiDraft';
import { apiPath, httpMethod, isRecord } from './rules';
import type { LocalDoc, LocalNode } from './store';

/** The local user: signed out, userId 0 (SPEC §3). */
export const LOCAL_USER = { userId: 0, name: '本地用户' } as const;

export type DocContent = Pick<LocalDoc, 'api' | 'page' | 'schema'>;

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
