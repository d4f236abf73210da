import { metricsRegistry } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';
import { buildTestsWorld, type TestsWorld } from './project-tests-world.js';

const TEST_RUN_PUSH = 200400;

/** Runs through the gateway (docs/api/tests.md, "Runs"): against the app's own mock and its own API. */
describe('API test runs through the gateway', () => {
  let h: Harness;
  let w: TestsWorld;
  let origin = '';
  let socket: Inbox;
  const saved = { internal: process.env.PMBOK_INTERNAL_URL, allowed: process.env.PMBOK_TEST_ALLOWED_NETWORKS };

  const newCase = async (name: string, content: unknown) => {
    const answer = await w.as(w.editor)('saveTestCase', {
      projectStructureId: w.apiId,
      name,
      content: JSON.stringify(content),
    });
    expect(answer.code, answer.msg).toBe(200);
    return String(answer.data.testCaseId);
  };
  /** The pushes of one run, up to its `finished`. */
  const pushesOf = async (testRunId: number) => {
    const events: any[] = [];
    for (;;) {
      const message = await socket.next();
      if (message.code !== TEST_RUN_PUSH || message.data.testRunId !== testRunId) continue;
      events.push(message.data.event);
      if (message.data.event.type === 'finished') return events;
    }
  };

  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    // The run reaches the mock where this app listens (the test's port, not 8080).
    process.env.PMBOK_INTERNAL_URL = `http://${origin}`;
    delete process.env.PMBOK_TEST_ALLOWED_NETWORKS;
    w = await buildTestsWorld(h, '1376200');
    socket = openLive(`ws://${origin}/pmbok/ws?teamId=${w.teamId}`, w.editor);
    await connected(socket);
  });
  afterAll(async () => {
    await socket?.close();
    await h.close();
    process.env.PMBOK_INTERNAL_URL = saved.internal;
    if (saved.allowed === undefined) delete process.env.PMBOK_TEST_ALLOWED_NETWORKS;
    else process.env.PMBOK_TEST_ALLOWED_NETWORKS = saved.allowed;
  });

  it('runs a case against the project’s own mock, pushing each event, and keeps the report', async () => {
    const testCaseId = await newCase('查到旺财', {
      request: { method: 'GET', url: '/pets/1' },
      assertions: [
        { source: 'status', operator: 'equals', expected: '200' },
        { source: 'jsonPath', path: '$.name', operator: 'equals', expected: '旺财' },
        { source: 'schema', operator: 'conforms' },
      ],
      extractions: [{ variable: 'petName', source: 'jsonPath', path: '$.name' }],
      preScript: '',
      testScript: 'pm.test("名字是文字", () => pm.expect(pm.response.json().name).to.be.a("string"));',
    });
    const passedRequests = async () =>
      (await metricsRegistry.getSingleMetric('pmbok_test_run_requests_total')?.get())?.values.find(
        (v) => v.labels.outcome === 'passed',
      )?.value ?? 0;
    const passedBefore = await passedRequests();
    const started = await w.as(w.editor)('runTest', { testCaseIds: `[${testCaseId}]`, projectConfigId: '0' });
    expect(started).toMatchObject({ code: 200, data: { testRunId: expect.any(Number) } });
    const { testRunId } = started.data;
    const events = await pushesOf(testRunId);
    // the runner's throughput metric counted the request
    expect(await passedRequests()).toBe(passedBefore + 1);
    expect(events.map((e) => e.type)).toEqual(['started', 'iteration', 'step', 'request', 'finished']);
    const request = events[3].result;
    expect(request.response.status).toBe(200);
    expect(request.assertions.map((a: { passed: boolean }) => a.passed)).toEqual([true, true, true, true]);
    // The mock's token is sent, and shown as ****** everywhere.
    expect(request.request.headers).toContainEqual(['X-Mock-Token', '******']);
    expect(events[4]).toMatchObject({ status: 'passed', summary: { requests: 1, failedRequests: 0 } });

    const detail = await w.as(w.viewer)('testRun', { testRunId: String(testRunId) });
    expect(detail.data).toMatchObject({
      testRunId,
      name: '查到旺财',
      environment: 'Mock 服务',
      status: 'passed',
      trigger: 'console',
      testCaseIds: [Number(testCaseId)],
      userId: await w.userIdOf(w.editor),
      report: { status: 'passed', results: [{ caseKey: testCaseId, passed: true }] },
    });
    expect(detail.data.finishedAt).toBeGreaterThan(0);
    const history = await w.as(w.viewer)('testRuns', { testCaseId });
    expect(history.data).toMatchObject({ total: 1, page: 1, pageSize: 20, list: [{ testRunId, status: 'passed' }] });
    const cases = await w.as(w.viewer)('testCases');
    expect(cases.data.list.find((c: { testCaseId: number }) => c.testCaseId === Number(testCaseId)).lastRun).toEqual({
      testRunId,
      status: 'passed',
      finishedAt: detail.data.finishedAt,
    });
  });

  it('refuses the app’s own API by default and reaches it when the network is allowed', async () => {
    const environment = await w.as(w.owner)('addProjectBaseUrl', { name: '本机', baseUrl: `http://${origin}` });
    const projectConfigId = String(environment.data.projectConfigId);
    const testCaseId = await newCase('健康检查', {
      request: { method: 'GET', url: '/healthz' },
      assertions: [{ source: 'status', operator: 'equals', expected: '200' }],
      extractions: [],
      preScript: '',
      testScript: '',
    });
    const run = async () => {
      const started = await w.as(w.editor)('runTest', { testCaseIds: `[${testCaseId}]`, projectConfigId });
      expect(started.code, started.msg).toBe(200);
      return (await pushesOf(started.data.testRunId)).find((e) => e.type === 'request').result;
    };
    const refused = await run();
    expect(refused.error.kind).toBe('guard');
    expect(refused.passed).toBe(false);
    process.env.PMBOK_TEST_ALLOWED_NETWORKS = '127.0.0.0/8';
    try {
      const allowed = await run();
      expect(allowed.error).toBeUndefined();
      expect(allowed.response.status).toBe(200);
      expect(allowed.passed).toBe(true);
    } finally {
      delete process.env.PMBOK_TEST_ALLOWED_NETWORKS;
    }
  });

  it('runs a data-driven scenario in an environment whose secret variable no report shows', async () => {
    const mock = await w.as(w.editor)('mockSettings');
    const environment = await w.as(w.owner)('addProjectBaseUrl', {
      name: '自己的 Mock',
      baseUrl: `http://${origin}/mock/${w.projectId}`,
      variables: JSON.stringify([{ name: 'tok', value: mock.data.token, secret: true }]),
      headers: JSON.stringify([{ name: 'X-Mock-Token', value: '{{tok}}' }]),
    });
    expect(environment.code, environment.msg).toBe(200);
    const first = await newCase('按编号查询', {
      request: { method: 'GET', url: '/pets/{{id}}' },
      assertions: [{ source: 'status', operator: 'equals', expected: '200' }],
      extractions: [{ variable: 'petName', source: 'jsonPath', path: '$.name' }],
    });
    const second = await newCase('带着名字再查', {
      request: { method: 'GET', url: '/pets/1', headers: [{ name: 'X-Pet', value: '{{petName}}' }] },
      assertions: [{ source: 'jsonPath', path: '$.id', operator: 'equals', expected: '2' }],
    });
    const scenario = await w.as(w.editor)('saveTestScenario', {
      name: '按数据跑',
      content: JSON.stringify({
        steps: [
          { id: 'a', kind: 'case', caseKey: first },
          { id: 'b', kind: 'case', caseKey: second },
        ],
        stopOnFailure: false,
        projectConfigId: environment.data.projectConfigId,
        variables: [],
        data: { fileName: 'pets.csv', columns: ['id'], rows: [['1'], ['2']] },
      }),
    });
    expect(scenario.code, scenario.msg).toBe(200);
    const testScenarioId = String(scenario.data.testScenarioId);
    const started = await w.as(w.editor)('runTest', { testScenarioId });
    expect(started.code, started.msg).toBe(200);
    const events = await pushesOf(started.data.testRunId);
    expect(events.filter((e) => e.type === 'iteration').map((e) => e.data)).toEqual([{ id: '1' }, { id: '2' }]);
    const results = events.filter((e) => e.type === 'request').map((e) => e.result);
    expect(results.map((r) => [r.stepId, r.iteration, r.passed])).toEqual([
      ['a', 0, true],
      ['b', 0, false],
      ['a', 1, true],
      ['b', 1, false],
    ]);
    // The extraction flowed into the next step; the secret is nowhere.
    expect(results[1].request.headers).toContainEqual(['X-Pet', '旺财']);
    expect(JSON.stringify(events)).not.toContain(mock.data.token);
    const detail = await w.as(w.viewer)('testRun', { testRunId: String(started.data.testRunId) });
    expect(detail.data).toMatchObject({
      status: 'failed',
      environment: '自己的 Mock',
      testScenarioId: Number(testScenarioId),
    });
    expect(detail.data.report.results[0].request.headers).toContainEqual(['X-Mock-Token', '******']);
    expect(JSON.stringify(detail.data)).not.toContain(mock.data.token);
    const scenarios = await w.as(w.viewer)('testScenarios');
    const listed = scenarios.data.list.find(
      (s: { testScenarioId: number }) => s.testScenarioId === Number(testScenarioId),
    );
    expect(listed).toMatchObject({ dataRows: 2, lastRun: { testRunId: started.data.testRunId, status: 'failed' } });
  });
});
