import type { Assertion, KeyValue, RequestBodySpec, TestCaseContent } from '@pmbok/runner';
import type { ApiDoc } from '../docApi';
import { exampleOf } from '../workspace/schemaModel';
import { compiles, isJsonPath, needsExpected, needsPath, newId, VARIABLE_NAME } from './assertionModel';

/**
 * A case as the editor holds it: the stored content (runner/src/model.ts's TestCaseContent) and the name. The
 * editor edits the content itself; saving drops the rows left without a name, and these rules find what the server
 * would refuse (docs/api/tests.md, "Content rules") before it is sent.
 */
export interface CaseDraft {
  name: string;
  content: TestCaseContent;
}

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];
export const CASE_LIMITS = {
  name: 100,
  url: 2_000,
  rows: 200,
  checks: 100,
  scriptBytes: 100 * 1024,
  fileBytes: 5 << 20,
};

export const emptyContent = (): TestCaseContent => ({
  request: { method: 'GET', url: '/', pathParams: [], query: [], headers: [], body: { type: 'none' } },
  assertions: [],
  extractions: [],
  preScript: '',
  testScript: '',
});

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The `{name}` (and `:name`) segments of a URL, in order, each once. */
export function pathParamNames(url: string): string[] {
  // `{{variables}}` are the run's, not the path's
  const bare = url.replace(/\{\{[^{}]*\}\}/g, '');
  const path = bare.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
  const names = [...path.matchAll(/\{([^{}/]+)\}|(?<=\/):([A-Za-z_][\w-]*)/g)].map((m) => (m[1] ?? m[2]) as string);
  return [...new Set(names)];
}

/** The path parameter rows follow the URL: one per `{name}`, keeping values already typed. */
export function syncPathParams(url: string, rows: KeyValue[] = []): KeyValue[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  return pathParamNames(url).map((name) => byName.get(name) ?? { name, value: '' });
}

/** A first case of a document: its method, path and parameters with their examples, and the checks it promises. */
export function contentFromDoc(api: ApiDoc): TestCaseContent {
  const params = api.parameters ?? [];
  const example = (p: ApiDoc['parameters'][number]) => text(p.example ?? exampleOf(p.schema));
  const rows = (where: string) =>
    params
      .filter((p) => p.in === where)
      .map(
        (p): KeyValue => ({
          name: p.name,
          value: example(p),
          ...(p.required || where === 'path' ? {} : { enabled: false }),
          ...(p.description ? { description: p.description } : {}),
        }),
      );
  const url = api.path || '/';
  const success = api.responses.find((r) => /^2\d\d$/.test(r.status));
  const assertions: Assertion[] = [
    { id: newId('a'), source: 'status', operator: 'equals', expected: success?.status ?? '200' },
  ];
  if (success && Object.keys(success.schema ?? {}).length > 0) {
    assertions.push({ id: newId('a'), source: 'schema', operator: 'conforms' });
  }
  return {
    request: {
      method: api.method || 'GET',
      url,
      pathParams: syncPathParams(url, rows('path')),
      query: rows('query'),
      headers: rows('header'),
      body: bodyFromDoc(api),
    },
    assertions,
    extractions: [],
    preScript: '',
    testScript: '',
  };
}

function bodyFromDoc(api: ApiDoc): RequestBodySpec {
  const body = api.requestBody;
  if (!body || body.type === 'none' || api.method === 'GET' || api.method === 'HEAD') return { type: 'none' };
  const mediaType = body.mediaType || undefined;
  if (body.type === 'form-data' || body.type === 'x-www-form-urlencoded') {
    return {
      type: body.type,
      mediaType,
      fields: body.fields.map((f) => ({
        name: f.name,
        value: f.type === 'file' ? '' : text(f.example ?? exampleOf(f.schema)),
        ...(f.type === 'file' ? { type: 'file' as const } : {}),
      })),
    };
  }
  const first = body.examples?.[0]?.value;
  if (body.type === 'json') {
    return {
      type: 'json',
      mediaType,
      raw: JSON.stringify(first !== undefined ? first : exampleOf(body.schema), null, 2),
    };
  }
  if (body.type === 'binary') return { type: 'binary', mediaType };
  return { type: body.type, mediaType, raw: first !== undefined ? text(first) : body.raw || '' };
}

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A stored content read defensively: a field missing from an older save becomes its empty value. */
export function normalizeContent(raw: unknown): TestCaseContent {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<TestCaseContent>;
  const request = { ...emptyContent().request, ...(value.request ?? {}) };
  return {
    request: {
      ...request,
      pathParams: asList(request.pathParams),
      query: asList(request.query),
      headers: asList(request.headers),
      body: request.body ?? { type: 'none' },
    },
    assertions: asList(value.assertions),
    extractions: asList(value.extractions),
    preScript: value.preScript ?? '',
    testScript: value.testScript ?? '',
  };
}

const named = <T extends { name: string }>(rows: T[] | undefined) => (rows ?? []).filter((row) => row.name.trim());

/** What is saved: rows without a name dropped, the body's unused parts left out. */
export function cleanContent(content: TestCaseContent): TestCaseContent {
  const { request } = content;
  const body = request.body ?? { type: 'none' };
  const form = body.type === 'form-data' || body.type === 'x-www-form-urlencoded';
  const cleanBody: RequestBodySpec =
    body.type === 'none'
      ? { type: 'none' }
      : form
        ? { type: body.type, mediaType: body.mediaType, fields: named(body.fields) }
        : body.type === 'binary'
          ? { type: 'binary', mediaType: body.mediaType, base64: body.base64 }
          : { type: body.type, mediaType: body.mediaType, raw: body.raw ?? '' };
  if (!cleanBody.mediaType) delete cleanBody.mediaType;
  return {
    ...content,
    request: {
      ...request,
      method: request.method.toUpperCase(),
      url: request.url.trim(),
      pathParams: named(request.pathParams),
      query: named(request.query),
      headers: named(request.headers),
      body: cleanBody,
    },
    extractions: content.extractions.map((x) => ({ ...x, variable: x.variable.trim() })),
  };
}

export const sameDraft = (a: CaseDraft, b: CaseDraft) =>
  a.name === b.name && JSON.stringify(cleanContent(a.content)) === JSON.stringify(cleanContent(b.content));

/** Something the server would refuse: `key` names the message (app.knowledge.tests.problems.*). */
export interface CaseProblem {
  key: string;
  args?: Record<string, string | number>;
}

const bytes = (value: string) => new TextEncoder().encode(value).length;

export function caseProblems({ name, content }: CaseDraft): CaseProblem[] {
  const problems: CaseProblem[] = [];
  const { request } = content;
  if (!name.trim()) problems.push({ key: 'name_required' });
  if (name.trim().length > CASE_LIMITS.name) problems.push({ key: 'name_long', args: { max: CASE_LIMITS.name } });
  if (!request.url.trim()) problems.push({ key: 'url_required' });
  if (request.url.length > CASE_LIMITS.url) problems.push({ key: 'url_long', args: { max: CASE_LIMITS.url } });
  const lists = [request.query, request.headers, request.pathParams, request.body?.fields];
  if (lists.some((rows) => (rows?.length ?? 0) > CASE_LIMITS.rows)) {
    problems.push({ key: 'rows_many', args: { max: CASE_LIMITS.rows } });
  }
  const body = request.body;
  if (body?.type === 'json' && body.raw?.trim() && !parses(body.raw)) problems.push({ key: 'json_body' });
  for (const field of body?.fields ?? []) {
    if (field.base64 && (field.base64.length * 3) / 4 > CASE_LIMITS.fileBytes) {
      problems.push({ key: 'file_big', args: { name: field.name, max: 5 } });
    }
  }
  if (content.assertions.length > CASE_LIMITS.checks || content.extractions.length > CASE_LIMITS.checks) {
    problems.push({ key: 'checks_many', args: { max: CASE_LIMITS.checks } });
  }
  content.assertions.forEach((a, index) => {
    const n = index + 1;
    if (needsPath(a.source) && !a.path?.trim()) problems.push({ key: 'assertion_path', args: { n } });
    else if (a.source === 'jsonPath' && !isJsonPath(a.path ?? ''))
      problems.push({ key: 'assertion_json_path', args: { n } });
    if (needsExpected(a.operator) && !a.expected?.trim()) problems.push({ key: 'assertion_expected', args: { n } });
    if (a.operator === 'matches' && !compiles(a.expected ?? ''))
      problems.push({ key: 'assertion_pattern', args: { n } });
  });
  content.extractions.forEach((x, index) => {
    const n = index + 1;
    if (!VARIABLE_NAME.test(x.variable.trim())) problems.push({ key: 'extraction_variable', args: { n } });
    if (needsPath(x.source) && !x.path?.trim()) problems.push({ key: 'extraction_path', args: { n } });
    else if (x.source === 'jsonPath' && !isJsonPath(x.path ?? ''))
      problems.push({ key: 'extraction_json_path', args: { n } });
    else if (x.source === 'regex' && !compiles(x.path ?? '')) problems.push({ key: 'extraction_pattern', args: { n } });
  });
  for (const which of ['preScript', 'testScript'] as const) {
    if (bytes(content[which]) > CASE_LIMITS.scriptBytes) problems.push({ key: 'script_big', args: { max: 100 } });
  }
  return problems;
}

function parses(raw: string): boolean {
  // variables stand for values: `{"id": {{id}}}` is JSON once resolved
  try {
    JSON.parse(raw.replace(/\{\{[^{}]+\}\}/g, '0'));
    return true;
  } catch {
    return false;
  }
}
