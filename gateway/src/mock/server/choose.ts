import type { MockApi, MockCondition, MockExpectationEntry, MockResponse } from '@pmbok/project-service/mock-index';

/**
 * Choosing the answer (docs/api/mock-and-fields.md, "Choosing the answer"): pure, run in the mock's threads, and by
 * the gateway's thread to know which routes can answer without them.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A request as the mock reads it: header names lower case, the body parsed by its content type. */
export interface MockRequest {
  method: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: Json | undefined;
  /**
   * What the body was sent as: `json`, `form` (urlencoded or multipart, fields as text, files by name), `text`,
   * `invalidJson` (a JSON content type whose text does not parse), `none`.
   */
  bodyKind: 'json' | 'form' | 'text' | 'invalidJson' | 'none';
}

/** What the caller asks for, by `__` query parameters or Prism's `Prefer` header. */
export interface Overrides {
  status?: string;
  example?: string;
  dynamic: boolean;
  seed?: number;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Most requests ask for nothing: no `Prefer` header and no `__` parameter (checked without a regular expression). */
const asksNothing = (request: Pick<MockRequest, 'query' | 'headers'>) => {
  if (request.headers.prefer !== undefined) return false;
  for (const key in request.query) if (key.startsWith('__')) return false;
  return true;
};

export function overridesOf(request: Pick<MockRequest, 'query' | 'headers'>): Overrides {
  if (asksNothing(request)) return { dynamic: false };
  const prefer: Record<string, string> = {};
  const header = first(request.headers.prefer) ?? '';
  for (const [, key, value] of header.matchAll(/\b(code|example|dynamic)=("[^"]*"|[^,;\s]+)/g))
    prefer[key as string] = (value as string).replace(/^"|"$/g, '');
  const status = first(request.query.__status) ?? prefer.code;
  const example = first(request.query.__example) ?? prefer.example;
  const dynamic = (first(request.query.__dynamic) ?? prefer.dynamic) === 'true';
  const seedText = first(request.query.__seed);
  const seed = seedText !== undefined && /^\d{1,15}$/.test(seedText) ? Number(seedText) : undefined;
  return {
    ...(status ? { status } : {}),
    ...(example ? { example } : {}),
    dynamic,
    ...(seed !== undefined ? { seed } : {}),
  };
}

/** The caller asked for something besides the default answer (a seed alone changes nothing of a fixed example). */
export const asksForMore = (o: Overrides) => o.status !== undefined || o.example !== undefined || o.dynamic;

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);
const statusRank = (status: string) => (/^\d{3}$/.test(status) ? Number(status) : Number(status[0] ?? 9) * 100 + 99);

/** The lowest 2XX response, else the first. */
export function defaultResponse(api: MockApi): MockResponse | undefined {
  const success = api.responses.filter((r) => isSuccess(r.status));
  if (success.length === 0) return api.responses[0];
  return success.reduce((best, r) => (statusRank(r.status) < statusRank(best.status) ? r : best));
}

/** The response a status asks for: exact, else its class (`4XX`), else `default`. */
export function responseForStatus(api: MockApi, status: string): MockResponse | undefined {
  const upper = status.toUpperCase();
  return (
    api.responses.find((r) => r.status.toUpperCase() === upper) ??
    api.responses.find((r) => r.status.toUpperCase() === `${upper[0]}XX`) ??
    api.responses.find((r) => r.status === 'default')
  );
}

/** The HTTP status to answer for a documented response status (`2XX` → 200, `default` → the asked or 200). */
export function httpStatusOf(response: MockResponse, asked?: string): number {
  if (/^\d{3}$/.test(response.status)) return Number(response.status);
  if (asked && /^[1-5]\d\d$/.test(asked)) return Number(asked);
  const family = /^([1-5])XX$/i.exec(response.status);
  return family ? Number(`${family[1]}00`) : 200;
}

/** The value a condition reads; a body path walks objects and list indexes (`items.0.sku`). */
function conditionValue(condition: MockCondition, request: MockRequest): Json | undefined {
  switch (condition.source) {
    case 'path':
      return request.params[condition.name];
    case 'query':
      return first(request.query[condition.name]);
    case 'header':
      return first(request.headers[condition.name.toLowerCase()]);
    case 'body': {
      let at: Json | undefined = request.body;
      for (const key of condition.name.split('.')) {
        if (at === null || typeof at !== 'object') return undefined;
        at = Array.isArray(at) ? at[Number(key)] : at[key];
      }
      return at;
    }
  }
}

const textOf = (value: Json | undefined) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** Text a `matches` condition is run on at most: with its pattern's 200 characters, this bounds most backtracking. */
const MATCH_INPUT = 10_000;

export function holds(condition: MockCondition, request: MockRequest, regexOf: (source: string) => RegExp | null) {
  const value = conditionValue(condition, request);
  const text = textOf(value);
  switch (condition.operator) {
    case 'exists':
      return value !== undefined;
    case 'notExists':
      return value === undefined;
    case 'equals':
      return value !== undefined && text === condition.value;
    case 'notEquals':
      return text !== condition.value;
    case 'contains':
      return value !== undefined && text.includes(condition.value);
    case 'in':
      return value !== undefined && condition.value.split(',').some((item) => item.trim() === text);
    case 'greaterThan':
    case 'lessThan': {
      const [a, b] = [Number(text), Number(condition.value)];
      if (value === undefined || text === '' || Number.isNaN(a) || Number.isNaN(b)) return false;
      return condition.operator === 'greaterThan' ? a > b : a < b;
    }
    case 'matches': {
      const regex = regexOf(condition.value);
      return value !== undefined && regex?.test(text.slice(0, MATCH_INPUT)) === true;
    }
  }
}

/** The first enabled expectation whose conditions all hold. */
export function chooseExpectation(
  api: MockApi,
  request: MockRequest,
  regexOf: (source: string) => RegExp | null,
): MockExpectationEntry | undefined {
  return api.expectations.find((e) => e.enabled && e.conditions.every((c) => holds(c, request, regexOf)));
}

/** The response's example to answer: the named one, else the first. */
export function exampleOf(response: MockResponse, name?: string) {
  return name === undefined ? response.examples[0] : response.examples.find((e) => e.name === name);
}
