import type { ApiDoc, ApiResponse, FormField, HttpMethod, Parameter, RequestBody } from '@pmbok/api-types';
import { type JsonSchema, schemaProblems, schemaToRows } from './schemaRows';

/** What the API editor edits: the node's name and its operation. */
export interface ApiDraft {
  name: string;
  api: ApiDoc;
}

export const HTTP_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];
export const API_STATUSES = ['designing', 'developing', 'testing', 'released', 'deprecated'] as const;
export const PARAM_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
export type ParamLocation = (typeof PARAM_LOCATIONS)[number];
export const PARAM_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
export const BODY_TYPES: RequestBody['type'][] = [
  'none',
  'form-data',
  'x-www-form-urlencoded',
  'json',
  'xml',
  'raw',
  'binary',
];

export const DEFAULT_MEDIA_TYPES: Record<RequestBody['type'], string> = {
  none: '',
  'form-data': 'multipart/form-data',
  'x-www-form-urlencoded': 'application/x-www-form-urlencoded',
  json: 'application/json',
  xml: 'application/xml',
  raw: 'text/plain',
  binary: 'application/octet-stream',
};

export const emptyBody = (): RequestBody => ({
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

export const newResponse = (status: string): ApiResponse => ({
  status,
  name: status === '200' ? '成功' : '',
  description: '',
  mediaType: 'application/json',
  schema: { type: 'object', properties: {} },
  headers: [],
  examples: [],
  extra: {},
});

export const newParameter = (location: ParamLocation, name = ''): Parameter => ({
  in: location,
  name,
  required: location === 'path',
  description: '',
  schema: { type: 'string' },
  example: '',
  deprecated: false,
  extra: {},
});

export const newFormField = (): FormField => ({
  name: '',
  type: 'string',
  required: false,
  description: '',
  example: '',
  schema: {},
});

/** A document as stored may miss parts (a new node, an older save): the editor works on a complete one. */
export function completeApi(api: Partial<ApiDoc> | undefined): ApiDoc {
  return {
    method: api?.method ?? 'GET',
    path: api?.path ?? '/',
    status: api?.status ?? 'designing',
    tags: api?.tags ?? [],
    ownerId: api?.ownerId ?? 0,
    description: api?.description ?? '',
    operationId: api?.operationId ?? '',
    deprecated: api?.deprecated ?? false,
    parameters: withPathParams(api?.parameters ?? [], api?.path ?? '/'),
    requestBody: { ...emptyBody(), ...api?.requestBody },
    responses: api?.responses ?? [newResponse('200')],
    extra: api?.extra ?? {},
  };
}

/** The names in `{…}` of a path, in order, once each. */
export function pathParamNames(path: string): string[] {
  return [...new Set([...path.matchAll(/\{([^{}/]*)\}/g)].map((match) => match[1]!.trim()).filter(Boolean))];
}

/**
 * The path parameters after the path changed: one per `{name}` in the path's order (an existing one kept as it is);
 * one no longer in the path goes unless the user described it (then validation names it).
 */
export function syncPathParams(parameters: Parameter[], path: string): Parameter[] {
  const names = pathParamNames(path);
  const pathParams = parameters.filter((p) => p.in === 'path');
  const kept = names.map((name) => pathParams.find((p) => p.name === name) ?? newParameter('path', name));
  const described = pathParams.filter(
    (p) => !names.includes(p.name) && (p.description !== '' || (p.example !== '' && p.example !== undefined)),
  );
  return [...parameters.filter((p) => p.in !== 'path'), ...kept, ...described];
}

/**
 * The stored parameters plus one for each `{name}` of the path that has none: a document made elsewhere (the
 * tree's new-API dialog, an import) carries only the path. Nothing stored is dropped or reordered, so opening a
 * document never changes what was saved; the added ones are saved with the next save.
 */
export function withPathParams(parameters: Parameter[], path: string): Parameter[] {
  const present = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name.trim()));
  const missing = pathParamNames(path).filter((name) => !present.has(name));
  return missing.length ? [...parameters, ...missing.map((name) => newParameter('path', name))] : parameters;
}

/** A parameter's or field's example as text, and back (JSON when it is not a plain string). */
export const exampleText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

export function exampleValue(text: string, type: unknown): unknown {
  if (type === 'string' || text.trim() === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface DraftProblem {
  /** Where: 'name', 'path', 'parameters.query', 'body', 'responses.200' … (the editor shows the tab). */
  at: string;
  /** An i18n key under app.knowledge.editor.problems. */
  key: string;
  args?: Record<string, string>;
}

const STATUS_PATTERN = /^([1-5]\d\d|[1-5]XX|default)$/;
export const isResponseStatus = (status: string) => STATUS_PATTERN.test(status);

function duplicates(names: string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

function schemaChecks(schema: JsonSchema, at: string): DraftProblem[] {
  return schemaProblems(schemaToRows(schema)).map((p) => ({
    at,
    key: `schema_${p.problem}`,
    args: { path: p.path || '/', name: p.name },
  }));
}

/** Everything a save must refuse, in the order of the form. */
export function validateDraft({ name, api }: ApiDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (name.trim() === '') problems.push({ at: 'name', key: 'name_required' });
  if (name.length > 100) problems.push({ at: 'name', key: 'name_too_long' });
  if (!api.path.startsWith('/')) problems.push({ at: 'path', key: 'path_slash' });
  else if (/\s/.test(api.path)) problems.push({ at: 'path', key: 'path_space' });
  else if ((api.path.match(/\{/g) ?? []).length !== (api.path.match(/\}/g) ?? []).length || /\{\s*\}/.test(api.path)) {
    problems.push({ at: 'path', key: 'path_braces' });
  }
  const inPath = pathParamNames(api.path);
  for (const location of PARAM_LOCATIONS) {
    const params = api.parameters.filter((p) => p.in === location);
    const at = `parameters.${location}`;
    if (params.some((p) => p.name.trim() === '')) problems.push({ at, key: 'param_empty', args: { location } });
    for (const dup of duplicates(params.map((p) => p.name.trim()).filter(Boolean))) {
      problems.push({ at, key: 'param_duplicate', args: { location, name: dup } });
    }
  }
  for (const param of api.parameters.filter((p) => p.in === 'path' && p.name.trim() !== '')) {
    if (!inPath.includes(param.name.trim())) {
      problems.push({ at: 'parameters.path', key: 'param_not_in_path', args: { name: param.name } });
    }
  }
  const body = api.requestBody;
  if (body.type === 'form-data' || body.type === 'x-www-form-urlencoded') {
    if (body.fields.some((f) => f.name.trim() === '')) problems.push({ at: 'body', key: 'field_empty' });
    for (const dup of duplicates(body.fields.map((f) => f.name.trim()).filter(Boolean))) {
      problems.push({ at: 'body', key: 'field_duplicate', args: { name: dup } });
    }
  }
  if (body.type === 'json' || body.type === 'xml') problems.push(...schemaChecks(body.schema, 'body'));
  for (const dup of duplicates(api.responses.map((r) => r.status))) {
    problems.push({ at: `responses.${dup}`, key: 'status_duplicate', args: { status: dup } });
  }
  for (const response of api.responses) {
    const at = `responses.${response.status}`;
    if (!isResponseStatus(response.status))
      problems.push({ at, key: 'status_invalid', args: { status: response.status } });
    problems.push(...schemaChecks(response.schema, at));
  }
  return problems;
}

/** The draft as the merge dialog shows it: pretty JSON, the name first. */
export const draftText = ({ name, api }: ApiDraft): string => JSON.stringify({ name, ...api }, null, 2);

/** A merged text back into a draft, or the reason it is not one (shown in the merge dialog). */
export function parseDraftText(text: string): { draft: ApiDraft } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'not_object' };
  const { name, ...api } = value as { name?: unknown } & Partial<ApiDoc>;
  if (typeof name !== 'string') return { error: 'no_name' };
  return { draft: { name, api: completeApi(api) } };
}
