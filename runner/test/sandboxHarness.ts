import type { ReceivedResponse } from '../src/model.js';
import type {
  HttpClient,
  HttpResponse,
  PreparedRequest,
  Sandbox,
  ScriptInput,
  ScriptOutput,
  ScriptRequest,
  VariableScopes,
} from '../src/ports.js';
import { createSandbox } from '../src/sandbox/index.js';
import { emptyScopes } from '../src/variables/index.js';

/** Test helpers for the sandbox suites: a client that records what it was asked, inputs with defaults. */

export const TEST_LIMITS = {
  scriptTimeoutMs: 1_000,
  scriptMemoryBytes: 32 * 1024 * 1024,
  scriptStackBytes: 512 * 1024,
  scriptOutputBytes: 64 * 1024,
  requestTimeoutMs: 5_000,
};

export class FakeHttp implements HttpClient {
  readonly sent: PreparedRequest[] = [];
  answer: (request: PreparedRequest) => Promise<HttpResponse> | HttpResponse = (request) =>
    jsonResponse({ url: request.url, method: request.method });

  async send(request: PreparedRequest): Promise<HttpResponse> {
    this.sent.push(request);
    return this.answer(request);
  }

  async close(): Promise<void> {}
}

export function jsonResponse(body: unknown, status = 200, headers: [string, string][] = []): HttpResponse {
  const text = JSON.stringify(body);
  const raw = new TextEncoder().encode(text);
  return {
    status,
    statusText: status === 200 ? 'OK' : status === 404 ? 'Not Found' : 'Status',
    headers: [['content-type', 'application/json; charset=utf-8'], ...headers],
    body: text,
    raw,
    size: raw.length,
    timings: { totalMs: 12 },
    url: 'http://api.test/',
  };
}

export function response(
  body: string,
  status = 200,
  headers: [string, string][] = [['content-type', 'application/json']],
): ReceivedResponse & { raw?: Uint8Array } {
  const raw = new TextEncoder().encode(body);
  return {
    status,
    statusText:
      { 200: 'OK', 201: 'Created', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Status',
    headers,
    body,
    raw,
    size: raw.length,
    timings: { totalMs: 42 },
  };
}

export const baseRequest = (overrides: Partial<ScriptRequest> = {}): ScriptRequest => ({
  method: 'GET',
  url: 'https://api.example.com/users/1?fields=name',
  headers: [['Accept', 'application/json']],
  name: '用户详情',
  ...overrides,
});

export interface Given {
  code: string;
  phase?: ScriptInput['phase'];
  request?: ScriptRequest;
  response?: ScriptInput['response'];
  scopes?: VariableScopes;
  name?: string;
}

export function input(given: Given): ScriptInput {
  return {
    phase: given.phase ?? (given.response ? 'test' : 'pre'),
    name: given.name ?? '测试脚本',
    code: given.code,
    request: given.request ?? baseRequest(),
    ...(given.response ? { response: given.response } : {}),
    scopes: given.scopes ?? emptyScopes(),
    info: { iteration: 0, iterationCount: 1, requestName: '用户详情', requestId: 'case-1' },
  };
}

export async function makeSandbox(http = new FakeHttp(), limits = TEST_LIMITS): Promise<Sandbox> {
  return createSandbox({ limits, http, maxSendRequests: 5 });
}

export const run = (sandbox: Sandbox, given: Given): Promise<ScriptOutput> => sandbox.run(input(given));
