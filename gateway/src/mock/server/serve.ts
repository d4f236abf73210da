import { WorkerDeadlineError, type WorkerPool, WorkerPoolBusyError } from '@pmbok/infra';
import type { MockApi } from '@pmbok/project-service/mock-index';
import { asksForMore, type MockRequest, overridesOf } from './choose.js';
import type { MockIndexCache } from './indexCache.js';
import { type Produced, type ProduceJob, produceInline } from './produce.js';
import type { CompiledProject } from './project.js';
import { type ValidationError, validateRequest } from './validate.js';

/**
 * One mock request from the project's id to the answer (docs/api/mock-and-fields.md, "The mock server"), apart
 * from HTTP: routes/mock.ts parses the request, adds CORS and writes what this returns.
 */

export type Outcome =
  | 'example'
  | 'generated'
  | 'template'
  | 'expectation'
  | 'fast'
  | 'validation'
  | 'document'
  | 'request'
  | 'notFound'
  | 'method'
  | 'timeout'
  | 'busy';

export interface MockAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer | string | null;
  outcome: Outcome;
  delayMs: number;
}

export interface MockServerDeps {
  cache: MockIndexCache<CompiledProject>;
  pool: WorkerPool;
  /** A thread's time for one request before it is ended (generation and patterns have their own limits inside). */
  jobDeadlineMs: number;
  /** How long a route whose work ran past the deadline is refused at once (its document asks too much). */
  refuseMs?: number;
}

const json = (status: number, outcome: Outcome, value: unknown, headers: [string, string][] = []): MockAnswer => ({
  status,
  headers: [['content-type', 'application/json; charset=utf-8'], ...headers],
  body: JSON.stringify(value),
  outcome,
  delayMs: 0,
});

/** The one answer of an unknown project, a wrong token and a project without apis: nothing tells them apart. */
const NOT_FOUND = { code: 404, msg: 'Mock 不存在：项目不存在、令牌错误或项目没有接口', nearest: [] };
const notFound = () => json(404, 'notFound', NOT_FOUND, [['x-pmbok-mock-error', 'not-found']]);

const documentError = (message: string, where: string) =>
  json(400, 'document', { code: 400, msg: `Mock 无法生成：${message}`, where }, [['x-pmbok-mock-error', 'document']]);

function validationAnswer(errors: ValidationError[]): MockAnswer {
  const summary = errors
    .slice(0, 3)
    .map((e) => `${e.in}${e.name ? ` ${e.name}` : ''} ${e.message}`)
    .join('；');
  return json(400, 'validation', { code: 400, msg: `请求参数不符合文档：${summary}`, errors }, [
    ['x-pmbok-mock-error', 'validation'],
  ]);
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function answerMock(
  deps: MockServerDeps,
  projectIdText: string,
  path: string,
  request: MockRequest,
): Promise<MockAnswer> {
  if (!/^[1-9]\d{0,15}$/.test(projectIdText)) return notFound();
  const project = await deps.cache.get(Number(projectIdText));
  const token = first(request.headers['x-mock-token']) ?? first(request.query.__token);
  if (!project?.tokenMatches(token) || project.index.apis.length === 0) return notFound();

  const match = project.router.match(request.method, path);
  if (match.kind === 'none') {
    const nearest = project.router.nearest(path, 5);
    return json(404, 'notFound', { code: 404, msg: `未找到接口：${request.method} ${path}`, nearest }, [
      ['x-pmbok-mock-error', 'not-found'],
    ]);
  }
  if (match.kind === 'method' && request.method === 'OPTIONS')
    return { status: 204, headers: [['allow', match.allow.join(', ')]], body: null, outcome: 'method', delayMs: 0 };
  if (match.kind === 'method')
    return json(
      405,
      'method',
      { code: 405, msg: `接口不支持 ${request.method} 方法，可用：${match.allow.join(', ')}` },
      [
        ['allow', match.allow.join(', ')],
        ['x-pmbok-mock-error', 'method'],
      ],
    );

  const overrides = overridesOf(request);
  const fast = asksForMore(overrides) ? null : project.fastAnswer(match.api);
  const api = project.index.apis[match.api] as MockApi;
  if (fast?.checked) {
    const errors = validateRequest(api, { ...request, params: match.params }, project.index);
    if (errors.length > 0) return validationAnswer(errors);
  }
  if (fast)
    return {
      status: fast.status,
      headers: [...fast.headers, ['x-pmbok-mock', 'example']],
      body: fast.body,
      outcome: 'fast',
      delayMs: 0,
    };

  const refused = project.timeouts.get(match.api);
  if (refused && refused.count >= 2 && refused.until > Date.now())
    return documentError('处理超时，文档的规则或正则表达式过于复杂', project.index.apis[match.api]?.name ?? '');

  const job: ProduceJob = { api: match.api, request: { ...request, params: match.params }, overrides };
  if (project.inline(match.api)) {
    const made = produceInline(project.index, job);
    if (made) return answerOf(made);
    project.refuseInline(match.api);
  }
  let produced: Produced;
  try {
    produced = await deps.pool.run<Produced>(job, {
      deadlineMs: deps.jobDeadlineMs,
      context: { key: project.contextKey, value: () => project.contextText },
    });
  } catch (error) {
    if (error instanceof WorkerDeadlineError) {
      // Refused at once only from the second time within the window: one slow answer on a loaded machine is not
      // yet a hostile document, and ending threads for it again and again would cost every other request.
      const now = Date.now();
      const last = project.timeouts.get(match.api);
      const count = last && last.until > now ? last.count + 1 : 1;
      project.timeouts.set(match.api, { count, until: now + (deps.refuseMs ?? 15_000) });
      const answer = documentError(
        '处理超时，文档的规则或正则表达式过于复杂',
        project.index.apis[match.api]?.name ?? '',
      );
      return { ...answer, outcome: 'timeout' };
    }
    if (error instanceof WorkerPoolBusyError)
      return json(503, 'busy', { code: 503, msg: 'Mock 服务繁忙，请稍后再试' }, [['x-pmbok-mock-error', 'busy']]);
    throw error;
  }
  return answerOf(produced);
}

function answerOf(produced: Produced): MockAnswer {
  switch (produced.kind) {
    case 'answer':
      return {
        status: produced.status,
        headers: [...produced.headers, ['x-pmbok-mock', produced.source]],
        body: produced.body,
        outcome: produced.source,
        delayMs: produced.delayMs,
      };
    case 'validation':
      return validationAnswer(produced.errors);
    case 'document':
      return documentError(produced.message, produced.where);
    case 'request':
      return json(400, 'request', { code: 400, msg: produced.message }, [['x-pmbok-mock-error', 'request']]);
  }
}
