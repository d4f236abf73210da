import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptScript } from '../src/routes/api/scriptCipher.js';
import { type Harness, startHarness } from './harness.js';
import { buildTestsWorld, petSchema, type TestsWorld } from './project-tests-world.js';

const INVALID = 'API 令牌无效或已被撤销';

const report = (over: Record<string, unknown> = {}) => ({
  name: 'CI 冒烟',
  status: 'failed',
  environment: '预发',
  startedAt: 1_700_000_000_000,
  finishedAt: 1_700_000_002_000,
  summary: {
    requests: 1,
    failedRequests: 1,
    assertions: 1,
    failedAssertions: 1,
    scriptErrors: 0,
    iterations: 1,
    durationMs: 2_000,
  },
  results: [
    {
      stepPath: 's1',
      stepId: 's1',
      caseKey: 'x',
      name: '查询',
      iteration: 0,
      assertions: [{ name: '状态码 等于 200', passed: false, origin: 'assertion' }],
      scripts: [],
      passed: false,
      startedAt: 1_700_000_000_100,
      durationMs: 12,
    },
  ],
  ...over,
});

/** API tokens and the CLI's calls through the gateway (docs/api/tests.md, "API tokens and the CLI"). */
describe('API tokens and the CLI calls through the gateway', () => {
  let h: Harness;
  let w: TestsWorld;
  let caseId = '';
  let scenarioId = '';

  /** A CLI call: the token in `authorization`, no session. */
  const cli = (path: string, token: string | undefined, body: Record<string, string>) =>
    h.call(`project/${path}`, { projectId: w.projectId, ...body }, token === undefined ? undefined : `Bearer ${token}`);
  const newToken = async (name = 'CI') => {
    const created = await w.as(w.owner)('createTestToken', { name });
    expect(created.code, created.msg).toBe(200);
    return created.data as { testTokenId: number; token: string };
  };

  beforeAll(async () => {
    h = await startHarness();
    w = await buildTestsWorld(h, '1376300');
    const saved = await w.as(w.editor)('saveTestCase', {
      projectStructureId: w.apiId,
      name: '查到旺财',
      content: JSON.stringify({
        request: { method: 'GET', url: '/pets/1' },
        assertions: [{ source: 'schema', operator: 'conforms' }],
        preScript: 'pm.variables.set("a", "1");',
        testScript: 'pm.test("ok", () => {});',
      }),
    });
    caseId = String(saved.data.testCaseId);
    const scenario = await w.as(w.editor)('saveTestScenario', {
      name: '冒烟',
      content: JSON.stringify({
        steps: [{ id: 's1', kind: 'case', caseKey: caseId }],
        stopOnFailure: true,
        projectConfigId: 0,
        variables: [{ name: 'who', value: 'ci' }],
        data: { columns: ['id'], rows: [['1'], ['2']] },
      }),
    });
    scenarioId = String(scenario.data.testScenarioId);
    for (const [call, script] of [
      ['savePreScriptBefore', 'pm.environment.set("t", "1");'],
      ['savePreScriptAfter', 'pm.test("项目", () => {});'],
    ] as const)
      expect((await w.as(w.owner)(call, { content: encryptScript(script) })).code).toBe(200);
  });
  afterAll(async () => {
    await h.close();
  });

  it('lets managers make, list and revoke tokens, shown once and kept hashed', async () => {
    const { testTokenId, token } = await newToken('流水线');
    expect(token).toMatch(/^pmbok_pt_[A-Za-z0-9_-]{43}$/);
    const list = await w.as(w.owner)('testTokens');
    expect(list.data.list[0]).toEqual({
      testTokenId,
      name: '流水线',
      prefix: `${token.slice(0, 13)}…`,
      createdBy: await w.userIdOf(w.owner),
      createdByName: expect.any(String),
      createdAt: expect.any(Number),
      lastUsedAt: 0,
      revoked: false,
    });
    expect(JSON.stringify(list.data)).not.toContain(token.slice(13));
    expect((await w.as(w.editor)('createTestToken', { name: 'x' })).msg).toBe('只有项目所有者和管理员可以管理项目');
    expect((await w.as(w.viewer)('testTokens')).msg).toBe('你只能查看该项目，不能修改');
    expect((await w.as(w.outsider)('testTokens')).msg).toBe('项目不存在或无权访问');
    expect((await w.as(w.owner)('createTestToken', { name: ' ' })).msg).toBe('API 令牌名称为 1–50 个字符');

    expect((await cli('testPlan', token, { testScenarioId: scenarioId })).code).toBe(200);
    expect((await w.as(w.owner)('testTokens')).data.list[0].lastUsedAt).toBeGreaterThan(0);
    expect((await w.as(w.owner)('revokeTestToken', { testTokenId: String(testTokenId) })).code).toBe(200);
    expect(await cli('testPlan', token, { testScenarioId: scenarioId })).toMatchObject({ code: 400, msg: INVALID });
    expect((await w.as(w.owner)('testTokens')).data.list[0].revoked).toBe(true);
  });

  it('exports the same plan to a member who may write, as a file for the CLI; a viewer gets none', async () => {
    const { token } = await newToken();
    const byToken = await cli('testPlan', token, { testScenarioId: scenarioId });
    const exported = await w.as(w.editor)('exportTestPlan', { testScenarioId: scenarioId });
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data).toEqual(byToken.data);
    expect((await w.as(w.viewer)('exportTestPlan', { testScenarioId: scenarioId })).msg).toBe(
      '你只能查看该项目，不能修改',
    );
    expect((await w.as(w.outsider)('exportTestPlan', { testScenarioId: scenarioId })).msg).toBe('项目不存在或无权访问');
  });

  it('answers the plan a console run would run: scripts, response schemas, models, data and the mock', async () => {
    const { token } = await newToken();
    const answer = await cli('testPlan', token, { testScenarioId: scenarioId });
    expect(answer.code, answer.msg).toBe(200);
    const { plan } = answer.data;
    expect(plan).toMatchObject({
      name: '冒烟',
      entry: { scenarioKey: scenarioId },
      stopOnFailure: true,
      variables: [{ name: 'who', value: 'ci' }],
      data: { columns: ['id'], rows: [['1'], ['2']] },
      components: { Pet: petSchema },
      scenarios: {
        [scenarioId]: { key: scenarioId, name: '冒烟', steps: [{ id: 's1', kind: 'case', caseKey: caseId }] },
      },
      environment: {
        name: 'Mock 服务',
        // Where the CLI reached the server.
        baseUrl: `http://localhost:80/mock/${w.projectId}`,
        headers: [{ name: 'X-Mock-Token', value: '{{pmbokMockToken}}' }],
        variables: [{ name: 'pmbokMockToken', value: expect.stringMatching(/^[\w-]{32}$/), secret: true }],
      },
    });
    expect(plan.cases[caseId]).toEqual({
      key: caseId,
      name: '查到旺财',
      request: { method: 'GET', url: '/pets/1' },
      assertions: [{ id: expect.any(String), source: 'schema', operator: 'conforms' }],
      extractions: [],
      preScripts: [
        { name: '项目前置脚本', code: 'pm.environment.set("t", "1");' },
        { name: '用例前置脚本', code: 'pm.variables.set("a", "1");' },
      ],
      testScripts: [
        { name: '项目后置脚本', code: 'pm.test("项目", () => {});' },
        { name: '用例测试脚本', code: 'pm.test("ok", () => {});' },
      ],
      responseSchemas: { '200': { $ref: '#/components/schemas/Pet' } },
      source: { projectDocId: expect.any(Number), caseId: Number(caseId) },
    });

    const every = (await cli('testPlan', token, {})).data.plan;
    expect(every.entry).toEqual({ scenarioKey: 'all' });
    expect(every.scenarios.all.steps).toEqual([{ id: `all-${scenarioId}`, kind: 'scenario', scenarioKey: scenarioId }]);
    const cases = (await cli('testPlan', token, { testCaseIds: `[${caseId}]` })).data.plan;
    expect(cases).toMatchObject({ name: '查到旺财', entry: { caseKeys: [caseId] }, stopOnFailure: false });

    await w.as(w.owner)('addProjectBaseUrl', {
      name: '预发',
      baseUrl: 'https://pre.example.com',
      variables: JSON.stringify([{ name: 'key', value: 's3cr3t', secret: true }]),
    });
    const named = (await cli('testPlan', token, { testScenarioId: scenarioId, environment: '预发' })).data.plan;
    expect(named.environment).toEqual({
      name: '预发',
      baseUrl: 'https://pre.example.com',
      variables: [{ name: 'key', value: 's3cr3t', secret: true }],
      headers: [],
    });
    expect((await cli('testPlan', token, { environment: '生产' })).msg).toBe('环境「生产」不存在');
    expect((await cli('testPlan', token, { testCaseIds: '[1,"x"]' })).msg).toBe('用例列表格式错误');
  });

  it('works for its project only, and never as a session', async () => {
    const { token } = await newToken();
    const other = await w.as(w.owner)('create', { name: '另一个项目' });
    const otherProjectId = String(other.data.projectId);
    expect(await h.call('project/testPlan', { projectId: otherProjectId }, `Bearer ${token}`)).toMatchObject({
      code: 400,
      msg: INVALID,
      data: null,
    });
    // One character changed (never to itself: a token may end with any base64url character).
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const given of [undefined, '', 'pmbok_pt_short', altered, w.owner]) {
      const answer = await cli('testPlan', given, { testScenarioId: scenarioId });
      expect(answer, String(given)).toMatchObject({ code: 400, msg: INVALID, data: null });
    }
    // A token is no session: it reads nothing else.
    expect((await h.call('project/testCases', { projectId: w.projectId }, `Bearer ${token}`)).code).toBe(402);
  });

  it('records a CLI run as a finished run of the token’s creator, in the history', async () => {
    const { token } = await newToken();
    const sent = report({ results: [{ ...report().results[0], source: { caseId: Number(caseId), projectDocId: 1 } }] });
    const recorded = await cli('testReport', token, { report: JSON.stringify(sent), testScenarioId: scenarioId });
    expect(recorded).toMatchObject({ code: 200, data: { testRunId: expect.any(Number) } });
    const { testRunId } = recorded.data;
    const detail = await w.as(w.viewer)('testRun', { testRunId: String(testRunId) });
    expect(detail.data).toMatchObject({
      testRunId,
      name: 'CI 冒烟',
      trigger: 'cli',
      status: 'failed',
      environment: '预发',
      testScenarioId: Number(scenarioId),
      userId: await w.userIdOf(w.owner),
      startedAt: 1_700_000_000_000,
      finishedAt: 1_700_000_002_000,
      summary: sent.summary,
      report: { status: 'failed', results: [{ stepId: 's1', passed: false }] },
    });
    const history = await w.as(w.viewer)('testRuns', { testScenarioId: scenarioId });
    expect(history.data.list[0]).toMatchObject({ testRunId, trigger: 'cli' });
    const scenarios = await w.as(w.viewer)('testScenarios');
    expect(scenarios.data.list[0].lastRun).toEqual({ testRunId, status: 'failed', finishedAt: 1_700_000_002_000 });
    const cases = await w.as(w.viewer)('testCases');
    expect(cases.data.list[0].lastRun).toEqual({ testRunId, status: 'failed', finishedAt: 1_700_000_002_000 });

    const refused = async (value: unknown, message: string | RegExp) => {
      const answer = await cli('testReport', token, {
        report: typeof value === 'string' ? value : JSON.stringify(value),
      });
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(message);
    };
    await refused('{', '报告不是正确的 JSON');
    await refused(report({ status: 'running' }), /^报告格式错误：status 只能是/);
    await refused(report({ results: [{ passed: 'yes' }] }), '报告格式错误：第 1 个结果的 passed 必须是 true 或 false');
    await refused(report({ summary: {} }), /^报告格式错误：summary 必须有非负整数/);
    const big = JSON.stringify(report({ name: 'x'.repeat(20 * 1024 * 1024) }));
    expect((await cli('testReport', token, { report: big })).code).toBe(400);
    expect((await cli('testReport', token, { report: JSON.stringify(report()), testScenarioId: '42' })).msg).toBe(
      '场景不存在或已删除',
    );
  });
});
