import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import type { RequestResult, RunReport } from '../src/model.js';
import { toHtml, toJsonReport, toJUnitXml } from '../src/report/index.js';

const HOSTILE = '<script>alert(1)</script> ]]> & "q" \'a\' \u0001\u001b\uFFFE end';

const result = (over: Partial<RequestResult>): RequestResult => ({
  stepPath: 's1',
  stepId: 's1',
  caseKey: 'c1',
  name: '登录',
  iteration: 0,
  request: {
    method: 'POST',
    url: 'https://api.test/login',
    headers: [['content-type', 'application/json']],
    body: '{"u":1}',
  },
  response: {
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'application/json']],
    body: '{"token":"t"}',
    size: 13,
    timings: { totalMs: 120 },
  },
  assertions: [],
  scripts: [],
  passed: true,
  startedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  durationMs: 125,
  ...over,
});

const report = (results: RequestResult[], over: Partial<RunReport> = {}): RunReport => ({
  name: '冒烟测试',
  status: results.every((r) => r.passed) ? 'passed' : 'failed',
  environment: '测试环境',
  startedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  finishedAt: Date.UTC(2025, 0, 2, 3, 4, 7),
  summary: {
    requests: results.length,
    failedRequests: results.filter((r) => !r.passed).length,
    assertions: results.reduce((n, r) => n + r.assertions.length, 0),
    failedAssertions: results.reduce((n, r) => n + r.assertions.filter((a) => !a.passed).length, 0),
    scriptErrors: results.reduce((n, r) => n + r.scripts.filter((s) => s.error).length, 0),
    iterations: 1,
    durationMs: 2000,
  },
  results,
  ...over,
});

const mixed = report([
  result({
    source: { folder: ['账户'] },
    assertions: [
      { name: '状态码 等于 200', passed: true, origin: 'assertion' },
      {
        name: '$.token 等于 "x"',
        passed: false,
        origin: 'assertion',
        message: '值不相等',
        expected: '"x"',
        actual: '"t"',
      },
      {
        name: '响应符合文档的响应结构',
        passed: false,
        origin: 'assertion',
        message: '响应不符合结构',
        schemaErrors: [{ path: '/token', message: '应为整数' }],
      },
      { name: 'token is set', passed: true, origin: 'script', script: '登录' },
      { name: 'json', passed: true, origin: 'script', script: '集合 冒烟' },
    ],
    scripts: [
      { name: '登录', phase: 'test', console: [{ level: 'log', text: 'hello' }], durationMs: 2 },
      {
        name: '集合 前置',
        phase: 'pre',
        console: [],
        durationMs: 1,
        error: { kind: 'syntax', message: 'unexpected token', line: 3, column: 7 },
      },
    ],
    passed: false,
  }),
  result({
    stepPath: 's2',
    stepId: 's2',
    name: '下单',
    response: undefined,
    request: { method: 'GET', url: 'http://10.0.0.1/', headers: [] },
    error: { kind: 'guard', message: '不允许访问内网地址 10.0.0.1' },
    passed: false,
    startedAt: Date.UTC(2025, 0, 2, 3, 4, 6),
    durationMs: 3,
  }),
  result({ stepPath: 's3', stepId: 's3', name: '健康检查', durationMs: 40 }),
]);

/** What junit2json reads, as far as these tests look. */
interface Details {
  message: string;
  type: string;
  inner: string;
}
interface Parsed {
  name: string;
  testsuite: {
    name: string;
    tests: number;
    failures: number;
    errors: number;
    time: number;
    timestamp: string;
    properties: { name: string; value: string | number }[];
    testcase: { name: string; classname: string; time: number; failure?: Details[]; error?: Details[] }[];
    'system-out'?: string[];
  }[];
}

describe('JUnit XML', () => {
  it('is read by a JUnit parser: a suite per request, a case per assertion, failures and errors', async () => {
    const parsed = (await parse(toJUnitXml(mixed))) as unknown as Parsed;
    const suites = parsed.testsuite;
    expect(parsed).toMatchObject({ name: '冒烟测试', tests: 8, failures: 2, errors: 2, time: 2 });
    expect(suites.map((s) => [s.name, s.tests, s.failures, s.errors])).toEqual([
      ['账户 / 登录', 6, 2, 1],
      ['下单', 1, 0, 1],
      ['健康检查', 1, 0, 0],
    ]);
    const [login, order, health] = suites;
    expect(login!.time).toBe(0.125);
    expect(login!.timestamp).toBe('2025-01-02T03:04:05');
    expect(login!.properties).toContainEqual({ name: 'status', value: 200 });
    expect(login!.testcase[0]).toMatchObject({ name: '状态码 等于 200', classname: '冒烟测试.账户.登录', time: 0.125 });
    expect(login!.testcase[1]!.failure![0]).toMatchObject({ type: 'AssertionFailure', message: '值不相等' });
    expect(login!.testcase[1]!.failure![0]!.inner).toBe('值不相等\n期望："x"\n实际："t"');
    expect(login!.testcase[2]!.failure![0]!.inner).toContain('/token：应为整数');
    // The request's own script is not named again; an inherited one is.
    expect(login!.testcase[3]!.name).toBe('token is set');
    expect(login!.testcase[4]!.name).toBe('json（集合 冒烟）');
    expect(login!.testcase[5]).toMatchObject({ name: '前置脚本「集合 前置」' });
    expect(login!.testcase[5]!.error![0]).toMatchObject({
      type: 'ScriptError.syntax',
      message: '语法错误：unexpected token（第 3 行，第 7 列）',
    });
    expect(login!['system-out']![0]).toContain('[登录] log: hello');
    expect(order!.testcase[0]!.error![0]).toMatchObject({
      type: 'RequestError.guard',
      message: '不允许访问内网地址 10.0.0.1',
    });
    expect(health!.testcase).toEqual([expect.objectContaining({ name: '请求 POST https://api.test/login' })]);
  });

  it('escapes hostile names, messages and console output: the document still parses and says the same', async () => {
    const hostile = report(
      [
        result({
          name: HOSTILE,
          source: { folder: [HOSTILE] },
          assertions: [
            { name: HOSTILE, passed: false, origin: 'script', message: HOSTILE, expected: HOSTILE, actual: HOSTILE },
          ],
          scripts: [{ name: HOSTILE, phase: 'test', console: [{ level: 'log', text: HOSTILE }], durationMs: 1 }],
          passed: false,
        }),
      ],
      { name: HOSTILE },
    );
    const xml = toJUnitXml(hostile);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(']]>');
    for (const char of ['\u0001', '\u001b', '\uFFFE']) expect(xml).not.toContain(char);
    const parsed = (await parse(xml)) as unknown as Parsed;
    const visible = '<script>alert(1)</script> ]]> & "q" \'a\' \\x01\\x1B\\uFFFE end';
    expect(parsed.name).toBe(visible);
    expect(parsed.testsuite[0]!.testcase[0]!.name).toBe(visible);
    expect(parsed.testsuite[0]!.testcase[0]!.failure![0]!.message).toBe(visible);
  });

  it('names iterations when a run has several', async () => {
    const two = report([result({}), result({ iteration: 1 })], {});
    two.summary.iterations = 2;
    const parsed = (await parse(toJUnitXml(two))) as unknown as Parsed;
    expect(parsed.testsuite.map((s) => s.name)).toEqual(['登录（第 1 轮）', '登录（第 2 轮）']);
  });
});

describe('HTML', () => {
  it('is one self-contained page: inline style, no script, no external address, Chinese labels', () => {
    const html = toHtml(mixed);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
    for (const label of [
      '请求',
      '断言',
      '脚本错误',
      '未通过',
      '期望：&quot;x&quot;',
      '实际：&quot;t&quot;',
      '/token：应为整数',
    ]) {
      expect(html.replace(/"/g, '&quot;')).toContain(label);
    }
    expect(html).toContain('<details><summary>请求</summary>');
    expect(html).toContain('不允许访问内网地址 10.0.0.1');
    expect(html).toContain('语法错误：unexpected token（第 3 行，第 7 列）');
  });

  it('escapes every text it shows', () => {
    const hostile = report(
      [
        result({
          name: HOSTILE,
          request: { method: 'GET', url: `https://x.test/?q=${HOSTILE}`, headers: [[HOSTILE, HOSTILE]], body: HOSTILE },
          response: {
            status: 500,
            statusText: HOSTILE,
            headers: [[HOSTILE, HOSTILE]],
            body: HOSTILE,
            size: 1,
            timings: { totalMs: 1 },
          },
          assertions: [{ name: HOSTILE, passed: false, origin: 'script', message: HOSTILE, script: HOSTILE }],
          passed: false,
        }),
      ],
      { name: HOSTILE, environment: HOSTILE, message: HOSTILE },
    );
    const html = toHtml(hostile);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const char of ['\u0001', '\u001b']) expect(html).not.toContain(char);
  });
});

describe('JSON', () => {
  it('is the report itself', () => {
    expect(JSON.parse(toJsonReport(mixed))).toEqual(mixed);
  });
});
