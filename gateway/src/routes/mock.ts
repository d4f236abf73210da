import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { apiCodeOf, callerMetadata, type Realtime } from '@pmbok/infra';
import type { MockIndex } from '@pmbok/project-service/mock-index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ClientError } from 'nice-grpc';
import { Counter } from 'prom-client';
import type { Json, MockRequest } from '../mock/server/choose.js';
import { MockIndexCache, type MockIndexSource } from '../mock/server/indexCache.js';
import { type CompiledProject, compileProject } from '../mock/server/project.js';
import { answerMock, type MockServerDeps } from '../mock/server/serve.js';
import { createMockPool } from '../mock/server/threads.js';

/**
 * `ANY /mock/<projectId>/<path>` (docs/api/mock-and-fields.md, "The mock server"): public, answering from the
 * project's api documents. Its routes live in a context of their own: body parsers for what clients of an API send
 * (JSON, text, forms, multipart as fields; 1 MB), its own rate limit, CORS for pages of any origin, and errors as
 * the mock's JSON rather than the console's envelope.
 */

export interface MockRoutesOptions {
  realtime: Realtime;
  /** Where indexes come from (the project service's GetMockIndex unless a test gives one). */
  source?: MockIndexSource;
  /** Threads (PMBOK_MOCK_WORKERS, default 2). */
  workers?: number;
  /** Requests per minute per client address (PMBOK_MOCK_RATE_LIMIT, default 60,000; 0 for none). */
  rateLimitPerMinute?: number;
  /**
   * A thread's time for one request (1 s: generation stops itself at 50 ms, so what runs longer is a pattern
   * backtracking on the request's values, which only ending the thread stops).
   */
  jobDeadlineMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops a project's compiled mock index (a write for it passed through the gateway). */
    mockProjectChanged(projectId: number): void;
  }
}

const BODY_LIMIT = 1024 * 1024;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const EXPOSED = 'x-pmbok-mock, x-pmbok-mock-error, allow';

const mockRequests = new Counter({
  name: 'pmbok_mock_requests_total',
  help: 'Mock server answers by outcome',
  labelNames: ['outcome'],
});

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
};

function grpcSource(app: FastifyInstance): MockIndexSource {
  return {
    async fetch(projectId, knownRevision) {
      const metadata = callerMetadata({ correlationId: randomUUID() });
      const reply = await app.services.project.getMockIndex({ projectId, knownRevision }, { metadata });
      if (!reply.found) return { found: false };
      if (reply.unchanged) return { found: true, unchanged: true };
      return { found: true, unchanged: false, index: JSON.parse(reply.indexJson) as MockIndex, json: reply.indexJson };
    },
  };
}

/** A body as its content type parsed it (JSON is parsed by the handler, so bad JSON is the document's error). */
type Raw = { kind: 'json' | 'text'; text: string };

function requestBody(body: unknown): Pick<MockRequest, 'body' | 'bodyKind'> {
  if (body === undefined || body === null) return { body: undefined, bodyKind: 'none' };
  const raw = body as Raw;
  if (raw.kind === 'json') {
    if (raw.text.trim() === '') return { body: undefined, bodyKind: 'none' };
    try {
      return { body: JSON.parse(raw.text) as Json, bodyKind: 'json' };
    } catch {
      return { body: raw.text, bodyKind: 'invalidJson' };
    }
  }
  if (raw.kind === 'text')
    return raw.text === '' ? { body: undefined, bodyKind: 'none' } : { body: raw.text, bodyKind: 'text' };
  return { body: body as Json, bodyKind: 'form' };
}

/**
 * Headers a document or an expectation may not set: the mock answers on the console's own origin, so it never sets
 * cookies, security policies or CORS of its own, nor framing of the body (the server computes lengths).
 */
const RESERVED =
  /^(set-cookie|content-security-policy.*|strict-transport-security|x-frame-options|x-content-type-options|cross-origin-.*|access-control-.*|content-length|transfer-encoding|connection|keep-alive|upgrade|trailer)$/;
const TOKEN_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** A value HTTP can carry: line breaks dropped, characters beyond Latin-1 (a generated Chinese value) percent-encoded. */
const headerValue = (value: string) =>
  value
    .slice(0, 4_096)
    .replace(/[\r\n\0]/g, ' ')
    .replace(/[^\t\x20-\x7e\x80-\xff]+/g, (text) => encodeURIComponent(text));

function cors(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  if (origin) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
  } else {
    reply.header('access-control-allow-origin', '*');
  }
  reply.header('access-control-expose-headers', EXPOSED);
  // Helmet's same-origin resource policy is for the console's own files; the mock is meant for other origins.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  // An answer is a document's data on the console's origin: opened as a page (an expectation answering HTML), it
  // runs sandboxed, in an origin of its own, with nothing loaded, so it can never script the console.
  reply.header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'none'");
  reply.header('x-content-type-options', 'nosniff');
}

async function routes(app: FastifyInstance, options: MockRoutesOptions & { deps: MockServerDeps }) {
  const { deps } = options;
  const limit = options.rateLimitPerMinute ?? envNumber('PMBOK_MOCK_RATE_LIMIT', 60_000);
  if (limit > 0)
    await app.register(rateLimit, {
      max: limit,
      timeWindow: 60_000,
      errorResponseBuilder: () => ({ statusCode: 429, code: 429, msg: 'Mock 请求过于频繁，请稍后再试' }),
    });

  app.removeAllContentTypeParsers();
  const asRaw =
    (kind: Raw['kind']) => (_request: FastifyRequest, text: string | Buffer, done: (e: null, b: Raw) => void) =>
      done(null, { kind, text: text.toString() });
  for (const type of ['application/json', /^[\w.-]+\/[\w.-]+\+json(?:;|$)/i])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: BODY_LIMIT }, asRaw('json'));
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_r, text, done) => done(null, Object.fromEntries(new URLSearchParams(text as string))),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, asRaw('text'));
  // Multipart fields as text; a file as its name (nothing the mock checks reads its bytes).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: BODY_LIMIT, fields: 200, files: 20, parts: 220 },
    async onFile(part) {
      part.file.resume();
      (part as unknown as { value: string }).value = part.filename;
    },
  });

  app.addHook('onRequest', async (request, reply) => cors(request, reply));
  app.setErrorHandler((error, request, reply) => {
    // The service refusing the project's index (too large to load) is the document's problem, told as it says.
    if (error instanceof ClientError && apiCodeOf(error.code) === 400) {
      mockRequests.inc({ outcome: 'document' });
      return reply
        .status(400)
        .header('x-pmbok-mock-error', 'document')
        .send({ code: 400, msg: `Mock 无法生成：${error.details}`, where: '' });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const tooLarge = status === 413 || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
    if (status >= 500) request.log.error({ err: error }, 'mock request failed');
    mockRequests.inc({ outcome: status >= 500 ? 'error' : 'request' });
    const msg = tooLarge
      ? '请求内容过大（最多 1 MB）'
      : status === 429
        ? 'Mock 请求过于频繁，请稍后再试'
        : status < 500
          ? '请求格式错误'
          : '服务暂时不可用，请稍后再试';
    return reply
      .status(tooLarge ? 413 : status < 500 ? status : 503)
      .header('x-pmbok-mock-error', 'request')
      .send({ code: status < 500 ? 400 : 500, msg });
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      mockRequests.inc({ outcome: 'preflight' });
      const asked = request.headers['access-control-request-headers'];
      return reply
        .status(204)
        .header('access-control-allow-methods', METHODS.join(', '))
        .header('access-control-allow-headers', asked ?? 'content-type, x-mock-token, prefer')
        .header('access-control-max-age', '600')
        .send();
    }
    const { projectId } = request.params as { projectId: string };
    // The raw path after the project (segments are decoded by the router, one by one).
    const rest = request.url.split('?')[0]?.slice(`/mock/${projectId}`.length) ?? '';
    const mockRequest: MockRequest = {
      method: request.method,
      params: {},
      query: request.query as MockRequest['query'],
      headers: request.headers,
      ...requestBody(request.body),
    };
    const answer = await answerMock(deps, projectId, rest === '' ? '/' : rest, mockRequest);
    mockRequests.inc({ outcome: answer.outcome });
    if (answer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    reply.status(answer.status);
    const names = new Set<string>();
    for (const [name, value] of answer.headers) {
      const lower = name.toLowerCase();
      if (!TOKEN_NAME.test(name) || RESERVED.test(lower)) continue;
      reply.header(lower, headerValue(value));
      names.add(lower);
    }
    reply.header('access-control-expose-headers', [EXPOSED, ...names].join(', '));
    return reply.send(answer.body ?? undefined);
  };
  const route = { method: [...METHODS], exposeHeadRoute: false, bodyLimit: BODY_LIMIT, handler };
  app.route({ ...route, url: '/mock/:projectId' });
  app.route({ ...route, url: '/mock/:projectId/*' });
}

/**
 * The mock server: its index cache and threads, dropped on the realtime `mock` notices of every replica's
 * services and on writes passing through this gateway (`mockProjectChanged`, called by the knowledge calls).
 */
export default fp<MockRoutesOptions>(
  async (app, options) => {
    const pool = createMockPool(options.workers ?? Math.max(1, envNumber('PMBOK_MOCK_WORKERS', 2)));
    const cache = new MockIndexCache<CompiledProject>(options.source ?? grpcSource(app), compileProject);
    const deps: MockServerDeps = { cache, pool, jobDeadlineMs: options.jobDeadlineMs ?? 1_000 };
    app.decorate('mockProjectChanged', (projectId: number) => cache.drop(projectId));
    const stop = await options.realtime.subscribe({ topic: 'mock' }, (payload) => {
      const id = Number((payload as { projectId?: unknown } | null)?.projectId);
      if (Number.isSafeInteger(id) && id > 0) cache.drop(id);
    });
    // Threads load the generation library and its locales for most of a second: not on the first request.
    app.addHook('onReady', async () => pool.warm());
    app.addHook('onClose', async () => {
      await stop();
      await pool.close();
    });
    await app.register(routes, { ...options, deps });
  },
  { name: 'mock-server' },
);
