import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../src/http/index.js';
import { type PlanCase, type RunEvent, type RunPlan, runPlan } from '../src/index.js';

/** The engine against a real local server, through the real client (the CLI's policy: private addresses allowed). */

let server: Server;
let base: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

function answer(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/users/1') return answer(res, 200, { id: 1, name: '张三', tags: ['a', 'b'] });
      if (url.pathname === '/login') return answer(res, 200, { token: `t-${JSON.parse(body || '{}').user ?? 'x'}` });
      if (url.pathname === '/me') {
        const auth = req.headers.authorization ?? '';
        return auth.startsWith('Bearer t-')
          ? answer(res, 200, { user: auth.slice(9) })
          : answer(res, 401, { error: 'no' });
      }
      if (url.pathname === '/echo') return answer(res, 200, { query: Object.fromEntries(url.searchParams), body });
      if (url.pathname === '/text') return answer(res, 200, '<html>not json</html>', 'text/html');
      answer(res, 404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const http = () => createHttpClient({ allowPrivate: true }, { maxRedirects: 5, responseMaxBytes: 1024 * 1024 });

function plan(cases: PlanCase[], extra: Partial<RunPlan> = {}): RunPlan {
  return {
    name: '测试运行',
    environment: { name: '本地', baseUrl: base, variables: [] },
    cases: Object.fromEntries(cases.map((item) => [item.key, item])),
    scenarios: {},
    entry: { caseKeys: cases.map((item) => item.key) },
    ...extra,
  };
}

async function run(p: RunPlan, events: RunEvent[] = []) {
  const client = http();
  try {
    return await runPlan(p, { http: client, onEvent: (event) => events.push(event) });
  } finally {
    await client.close();
  }
}

const getUser: PlanCase = {
  key: 'user',
  name: '查询用户',
  request: { method: 'GET', url: '/users/{id}', pathParams: [{ name: 'id', value: '1' }] },
  assertions: [
    { id: 'a1', source: 'status', operator: 'equals', expected: '200' },
    { id: 'a2', source: 'jsonPath', path: '$.name', operator: 'equals', expected: '张三' },
    { id: 'a3', source: 'header', path: 'Content-Type', operator: 'contains', expected: 'json' },
    { id: 'a4', source: 'jsonPath', path: '$.tags', operator: 'contains', expected: '"b"' },
    { id: 'a5', source: 'jsonPath', path: '$.id', operator: 'type', expected: 'integer' },
    { id: 'a6', source: 'responseTime', operator: 'lessThan', expected: '10000' },
    { id: 'a7', source: 'schema', operator: 'conforms' },
  ],
  responseSchemas: { '200': { $ref: '#/components/schemas/User' } },
};
const components = {
  User: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
};

describe('a case', () => {
  it('passes its assertions without code, the schema one through the shared models', async () => {
    const report = await run(plan([getUser], { components }));
    expect(report.status).toBe('passed');
    const result = report.results[0]!;
    expect(result.request?.url).toBe(`${base}/users/1`);
    expect(result.response?.status).toBe(200);
    expect(result.assertions.map((a) => [a.name, a.passed])).toEqual([
      ['状态码 等于 200', true],
      ['JSON 路径 $.name 等于 张三', true],
      ['响应头 Content-Type 包含 json', true],
      ['JSON 路径 $.tags 包含 "b"', true],
      ['JSON 路径 $.id 类型为 integer', true],
      ['响应时间 小于 10000 ms', true],
      ['响应结构 符合文档', true],
    ]);
    expect(report.summary).toMatchObject({ requests: 1, failedRequests: 0, assertions: 7, failedAssertions: 0 });
  });

  it('fails an assertion with what was expected and what came, and a schema failure with its paths', async () => {
    const wrong: PlanCase = {
      ...getUser,
      assertions: [
        { id: 'a1', source: 'jsonPath', path: '$.name', operator: 'equals', expected: '李四' },
        { id: 'a2', source: 'schema', operator: 'conforms' },
      ],
      responseSchemas: {
        '200': { type: 'object', required: ['email'], properties: { name: { type: 'integer' } } },
      },
    };
    const report = await run(plan([wrong]));
    expect(report.status).toBe('failed');
    const [equals, schema] = report.results[0]!.assertions;
    expect(equals).toMatchObject({ passed: false, expected: '李四', actual: '张三' });
    expect(equals!.message).toContain('实际为 张三');
    expect(schema!.passed).toBe(false);
    expect(schema!.schemaErrors?.map((error) => error.path).sort()).toEqual(['/', '/name']);
  });

  it('says so when a JSON path is asserted on a body that is not JSON, and when no schema fits the status', async () => {
    const text: PlanCase = {
      key: 'text',
      name: '文本',
      request: { method: 'GET', url: '/text' },
      assertions: [
        { id: 'a', source: 'jsonPath', path: '$.a', operator: 'exists' },
        { id: 'b', source: 'schema', operator: 'conforms' },
        { id: 'c', source: 'body', operator: 'contains', expected: 'not json' },
      ],
      responseSchemas: { '404': { type: 'object' } },
    };
    const report = await run(plan([text]));
    const [path, schema, body] = report.results[0]!.assertions;
    expect(path!.passed).toBe(false);
    expect(path!.message).toMatch(/响应不是 JSON/);
    expect(schema!.message).toBe('文档没有为状态码 200 定义响应结构');
    expect(body!.passed).toBe(true);
  });

  it('names the variables that never resolve', async () => {
    const report = await run(
      plan([{ key: 'u', name: '未定义', request: { method: 'GET', url: '/echo?token={{token}}' } }]),
    );
    expect(report.results[0]!.unresolved).toEqual(['token']);
  });

  it('resolves variables part by part: a value with & or = stays one query value', async () => {
    const p = plan([
      { key: 'e', name: '查询', request: { method: 'GET', url: '/echo', query: [{ name: 'q', value: '{{q}}' }] } },
    ]);
    p.environment.variables = [{ name: 'q', value: 'a&b=c 中' }];
    const report = await run(p);
    expect(JSON.parse(report.results[0]!.response!.body).query).toEqual({ q: 'a&b=c 中' });
  });
});

describe('a scenario', () => {
  const login: PlanCase = {
    key: 'login',
    name: '登录',
    request: { method: 'POST', url: '/login', body: { type: 'json', raw: '{"user":"{{user}}"}' } },
    extractions: [{ id: 'x', variable: 'token', source: 'jsonPath', path: '$.token' }],
    assertions: [{ id: 'a', source: 'status', operator: 'equals', expected: '200' }],
  };
  const me: PlanCase = {
    key: 'me',
    name: '当前用户',
    request: { method: 'GET', url: '/me', auth: { type: 'bearer', token: '{{token}}' } },
    assertions: [{ id: 'a', source: 'jsonPath', path: '$.user', operator: 'equals', expected: '{{user}}' }],
  };
  const scenario = (extra: Partial<RunPlan> = {}) =>
    plan([login, me, getUser], {
      scenarios: {
        flow: {
          key: 'flow',
          name: '登录流程',
          steps: [
            { id: 's1', kind: 'case', caseKey: 'login' },
            { id: 's2', kind: 'wait', ms: 1 },
            { id: 's3', kind: 'case', caseKey: 'me' },
          ],
        },
      },
      entry: { scenarioKey: 'flow' },
      ...extra,
    });

  it('carries an extracted value into the next step, once per data row', async () => {
    const events: RunEvent[] = [];
    const report = await run(scenario({ data: { columns: ['user'], rows: [['alice'], ['bob'], ['carol']] } }), events);
    expect(report.status).toBe('passed');
    expect(report.summary.iterations).toBe(3);
    expect(report.results.map((r) => [r.name, r.iteration, r.passed])).toEqual([
      ['登录', 0, true],
      ['当前用户', 0, true],
      ['登录', 1, true],
      ['当前用户', 1, true],
      ['登录', 2, true],
      ['当前用户', 2, true],
    ]);
    expect(report.results[2]!.extracted).toEqual([{ variable: 'token', value: 't-bob' }]);
    expect(events.filter((e) => e.type === 'iteration').map((e) => e.type === 'iteration' && e.data)).toEqual([
      { user: 'alice' },
      { user: 'bob' },
      { user: 'carol' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finished', status: 'passed' });
  });

  it('refuses a scenario that reaches itself, naming the cycle', async () => {
    const p = scenario();
    p.scenarios.flow!.steps.push({ id: 's4', kind: 'scenario', scenarioKey: 'inner' });
    p.scenarios.inner = { key: 'inner', name: '下单', steps: [{ id: 'i1', kind: 'scenario', scenarioKey: 'flow' }] };
    const report = await run(p);
    expect(report.status).toBe('error');
    expect(report.message).toBe('场景循环引用：登录流程 → 下单 → 登录流程');
  });

  it('stops at the first failure by default, and runs on when told to', async () => {
    const failing: PlanCase = {
      ...getUser,
      key: 'bad',
      assertions: [{ id: 'a', source: 'status', operator: 'equals', expected: '500' }],
    };
    const steps = [
      { id: 'b', kind: 'case' as const, caseKey: 'bad' },
      { id: 'u', kind: 'case' as const, caseKey: 'user' },
    ];
    const base = plan([failing, getUser], {
      scenarios: { s: { key: 's', name: 's', steps } },
      entry: { scenarioKey: 's' },
    });
    expect((await run(base)).results.map((r) => r.caseKey)).toEqual(['bad']);
    const onward = await run({ ...base, stopOnFailure: false });
    expect(onward.results.map((r) => r.caseKey)).toEqual(['bad', 'user']);
    expect(onward.status).toBe('failed');
  });

  it('runs conditions and loops on variables, and only the steps asked for a re-run', async () => {
    const p = scenario({ components });
    p.environment.variables = [
      { name: 'user', value: 'dave' },
      { name: 'ids', value: '[1,2,3]' },
    ];
    p.scenarios.flow!.steps = [
      { id: 'l', kind: 'loop', overVariable: 'ids', steps: [{ id: 'u', kind: 'case', caseKey: 'user' }] },
      {
        id: 'c',
        kind: 'if',
        condition: { left: '{{user}}', operator: 'equals', right: 'dave' },
        steps: [{ id: 'in', kind: 'case', caseKey: 'login' }],
      },
      {
        id: 'c2',
        kind: 'if',
        condition: { left: '{{user}}', operator: 'equals', right: 'eve' },
        steps: [{ id: 'no', kind: 'case', caseKey: 'me' }],
      },
    ];
    const report = await run(p);
    expect(report.results.map((r) => r.stepPath)).toEqual(['l[0]/u', 'l[1]/u', 'l[2]/u', 'c/in']);
    const again = await run({ ...p, onlyStepIds: ['in'] });
    expect(again.results.map((r) => r.stepPath)).toEqual(['c/in']);
  });

  it('masks secret values in every result and event', async () => {
    const p = scenario();
    p.environment.variables = [{ name: 'user', value: 'topsecret-user', secret: true }];
    const events: RunEvent[] = [];
    const report = await run(p, events);
    const text = JSON.stringify({ report, events });
    expect(text).not.toContain('topsecret-user');
    expect(text).toContain('******');
    // The request itself carried the real value.
    expect(seen.some((request) => request.body.includes('topsecret-user'))).toBe(true);
  });

  it('ends as cancelled when its signal aborts', async () => {
    const controller = new AbortController();
    const p = scenario();
    p.scenarios.flow!.steps = [
      { id: 'w', kind: 'wait', ms: 60_000 },
      { id: 'u', kind: 'case', caseKey: 'user' },
    ];
    const client = http();
    const running = runPlan(p, {
      http: client,
      signal: controller.signal,
      onEvent: (event) => event.type === 'step' && controller.abort(),
    });
    const report = await running;
    await client.close();
    expect(report.status).toBe('cancelled');
    expect(report.results).toEqual([]);
  });
});
