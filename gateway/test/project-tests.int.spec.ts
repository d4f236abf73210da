import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { buildTestsWorld, type TestsWorld } from './project-tests-world.js';

const HIDDEN = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';

const content = (over: Record<string, unknown> = {}) => ({
  request: { method: 'GET', url: '/pets/1' },
  assertions: [{ source: 'status', operator: 'equals', expected: '200' }],
  extractions: [{ variable: 'petName', source: 'jsonPath', path: '$.name' }],
  preScript: '',
  testScript: 'pm.test("有名字", () => pm.expect(pm.response.json().name).to.be.a("string"));',
  ...over,
});
const scenario = (steps: unknown[], over: Record<string, unknown> = {}) => ({
  steps,
  stopOnFailure: true,
  projectConfigId: 0,
  variables: [],
  data: null,
  ...over,
});

/** Cases and scenarios through the gateway (docs/api/tests.md, "Cases" and "Scenarios"). */
describe('API test cases and scenarios through the gateway', () => {
  let h: Harness;
  let w: TestsWorld;

  const saveCase = (token: string, body: Record<string, string>) => w.as(token)('saveTestCase', body);
  const newCase = async (name: string, over: Record<string, unknown> = {}) => {
    const answer = await saveCase(w.editor, {
      projectStructureId: w.apiId,
      name,
      content: JSON.stringify(content(over)),
    });
    expect(answer.code, answer.msg).toBe(200);
    return String(answer.data.testCaseId);
  };
  const saveScenario = async (name: string, steps: unknown[], testScenarioId = '') => {
    const body = { name, content: JSON.stringify(scenario(steps)), ...(testScenarioId ? { testScenarioId } : {}) };
    return w.as(w.editor)('saveTestScenario', body);
  };

  beforeAll(async () => {
    h = await startHarness();
    w = await buildTestsWorld(h, '1376100');
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates a case from its document, lists it under the api and reads it whole', async () => {
    // Without a method and URL the case starts with the document's.
    const created = await saveCase(w.editor, {
      projectStructureId: w.apiId,
      name: '  查到宠物 ',
      content: JSON.stringify({ assertions: [{ source: 'status', operator: 'equals', expected: '200' }] }),
    });
    expect(created).toMatchObject({ code: 200, data: { testCaseId: expect.any(Number), version: 1 } });
    const testCaseId = String(created.data.testCaseId);
    const read = await w.as(w.viewer)('testCase', { testCaseId });
    expect(read.data).toMatchObject({
      testCaseId: Number(testCaseId),
      projectId: Number(w.projectId),
      projectStructureId: Number(w.apiId),
      name: '查到宠物',
      version: 1,
      content: {
        request: { method: 'GET', url: '/pets/{petId}' },
        assertions: [{ id: expect.any(String), source: 'status', operator: 'equals', expected: '200' }],
        extractions: [],
        preScript: '',
        testScript: '',
      },
      updatedBy: await w.userIdOf(w.editor),
      updatedByName: expect.any(String),
    });
    const second = await newCase('第二个');
    const list = await w.as(w.viewer)('testCases', { projectStructureId: w.apiId });
    expect(
      list.data.list.map((c: { testCaseId: number; sort: number; lastRun: unknown }) => [
        c.testCaseId,
        c.sort,
        c.lastRun,
      ]),
    ).toEqual([
      [Number(testCaseId), 1, null],
      [Number(second), 2, null],
    ]);
    expect(list.data.list[0]).toMatchObject({ method: 'GET', url: '/pets/{petId}', assertionCount: 1 });
    expect((await w.as(w.viewer)('testCases')).data.list).toHaveLength(2);
  });

  it('saves on the version it read; a save over a newer version is refused with nothing written', async () => {
    const testCaseId = await newCase('并发保存');
    const save = (name: string, baseVersion: string) =>
      saveCase(w.editor, { testCaseId, name, baseVersion, content: JSON.stringify(content()) });
    expect((await save('甲改的', '1')).data).toEqual({ testCaseId: Number(testCaseId), version: 2 });
    expect(await save('乙改的', '1')).toMatchObject({ code: 400, msg: '用例已被他人修改，请刷新后再保存' });
    expect((await w.as(w.viewer)('testCase', { testCaseId })).data).toMatchObject({ name: '甲改的', version: 2 });
    // The same content again (with the ids the save gave its checks) is no change, whatever the base.
    const saved = (await w.as(w.viewer)('testCase', { testCaseId })).data;
    const again = { testCaseId, name: '甲改的', baseVersion: '1', content: JSON.stringify(saved.content) };
    expect((await saveCase(w.editor, again)).data).toEqual({ testCaseId: Number(testCaseId), version: 2 });
    // Without a base version the save goes over what is there.
    expect((await saveCase(w.editor, { testCaseId, name: '覆盖', content: JSON.stringify(content()) })).data).toEqual({
      testCaseId: Number(testCaseId),
      version: 3,
    });
  });

  it('refuses content that does not fit, naming the field', async () => {
    const refused = async (over: Record<string, unknown>, message: string | RegExp) => {
      const answer = await saveCase(w.editor, {
        projectStructureId: w.apiId,
        name: '坏的',
        content: JSON.stringify(content(over)),
      });
      expect(answer.code, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(answer.msg).toMatch(message);
    };
    await refused(
      { request: { method: 'FETCH', url: '/' } },
      '请求的方法只能是 GET、POST、PUT、PATCH、DELETE、HEAD、OPTIONS、TRACE',
    );
    await refused({ request: { method: 'GET', url: `/${'a'.repeat(2000)}` } }, '请求的地址最多 2000 个字符');
    const many = Array.from({ length: 201 }, (_, i) => ({ name: `h${i}`, value: '' }));
    await refused({ request: { method: 'GET', url: '/', headers: many } }, '请求的请求头最多 200 项');
    await refused({ request: { method: 'GET', url: '/', speed: 1 } }, '请求有未知字段 speed');
    await refused(
      {
        assertions: [
          { source: 'status', operator: 'equals' },
          { source: 'cookie', operator: 'equals' },
        ],
      },
      /^第 2 个断言的来源只能是 status、header/,
    );
    await refused(
      { assertions: [{ source: 'body', operator: 'matches', expected: '(' }] },
      /^第 1 个断言的正则表达式不正确/,
    );
    await refused(
      { assertions: [{ source: 'jsonPath', path: 'data.id', operator: 'exists' }] },
      '第 1 个断言的 JSON 路径不正确：必须以 $ 开头',
    );
    await refused(
      { assertions: [{ source: 'jsonPath', path: '$.a[0', operator: 'exists' }] },
      '第 1 个断言的 JSON 路径不正确：方括号没有闭合',
    );
    await refused(
      { assertions: Array.from({ length: 101 }, () => ({ source: 'status', operator: 'equals', expected: '200' })) },
      '用例内容的断言最多 100 项',
    );
    await refused({ extractions: [{ variable: '1x', source: 'status' }] }, /^第 1 个提取的变量名只能以字母/);
    await refused({ testScript: 'x'.repeat(100 * 1024 + 1) }, '测试脚本最多 100 KB');
    const fiveMb = Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64');
    await refused(
      {
        request: {
          method: 'POST',
          url: '/',
          body: { type: 'form-data', fields: [{ name: 'f', type: 'file', base64: fiveMb }] },
        },
      },
      '请求体第 1 个字段的文件不能超过 5 MB',
    );
    // A script with a syntax error may be saved: the run reports where it is.
    expect(
      (
        await saveCase(w.editor, {
          projectStructureId: w.apiId,
          name: '语法错误',
          content: JSON.stringify(content({ preScript: 'let = ;' })),
        })
      ).code,
    ).toBe(200);
    expect((await saveCase(w.editor, { projectStructureId: w.apiId, name: '坏', content: '{' })).msg).toBe(
      '内容不是正确的 JSON',
    );
    expect((await saveCase(w.editor, { projectStructureId: w.apiId, name: ' ', content: '{}' })).msg).toBe(
      '用例名称为 1–100 个字符',
    );
    expect((await saveCase(w.editor, { projectStructureId: '1', name: '无接口', content: '{}' })).msg).toBe(
      '接口不存在或已删除',
    );
  });

  it('builds scenarios of the project’s cases and refuses circular references, naming the cycle', async () => {
    const login = await newCase('登录');
    const order = await newCase('下单');
    const loginFlow = await saveScenario('登录流程', [{ id: 'a', kind: 'case', caseKey: login }]);
    expect(loginFlow).toMatchObject({ code: 200, data: { version: 1 } });
    const loginId = String(loginFlow.data.testScenarioId);
    const ordering = await saveScenario('下单', [
      { id: 'b', kind: 'scenario', scenarioKey: loginId },
      { id: 'c', kind: 'wait', ms: 10 },
      {
        id: 'd',
        kind: 'if',
        condition: { left: '{{petName}}', operator: 'exists' },
        steps: [{ id: 'e', kind: 'loop', count: 2, steps: [{ id: 'f', kind: 'case', caseKey: order }] }],
      },
    ]);
    expect(ordering.code, ordering.msg).toBe(200);
    const orderId = String(ordering.data.testScenarioId);
    const cyclic = await saveScenario('登录流程', [{ id: 'x', kind: 'scenario', scenarioKey: orderId }], loginId);
    expect(cyclic).toMatchObject({ code: 400, msg: '场景循环引用：登录流程 → 下单 → 登录流程' });
    const self = await saveScenario('自己', [{ id: 'y', kind: 'scenario', scenarioKey: orderId }], orderId);
    expect(self.msg).toBe('场景循环引用：自己 → 自己');

    const list = await w.as(w.viewer)('testScenarios');
    expect(list.data.list).toEqual([
      expect.objectContaining({
        testScenarioId: Number(loginId),
        name: '登录流程',
        stepCount: 1,
        dataRows: 0,
        lastRun: null,
      }),
      expect.objectContaining({ testScenarioId: Number(orderId), name: '下单', stepCount: 5 }),
    ]);
    const read = await w.as(w.viewer)('testScenario', { testScenarioId: orderId });
    expect(read.data).toMatchObject({ name: '下单', version: 1, content: { stopOnFailure: true, projectConfigId: 0 } });

    // In use: neither the scenario nor its cases can go.
    expect(await w.as(w.editor)('deleteTestScenario', { testScenarioId: loginId })).toMatchObject({
      code: 400,
      msg: '场景「登录流程」被场景「下单」引用，不能删除',
    });
    expect((await w.as(w.editor)('deleteTestCase', { testCaseId: order })).msg).toBe(
      '用例「下单」被场景「下单」引用，不能删除',
    );
    expect((await w.as(w.editor)('deleteTestScenario', { testScenarioId: orderId })).code).toBe(200);
    expect((await w.as(w.editor)('deleteTestScenario', { testScenarioId: loginId })).code).toBe(200);
    expect((await w.as(w.editor)('deleteTestCase', { testCaseId: order })).code).toBe(200);
    expect((await w.as(w.viewer)('testCase', { testCaseId: order })).msg).toBe('用例不存在或已删除');
  });

  it('refuses scenario content that does not fit', async () => {
    const caseId = await newCase('数据驱动');
    const refused = async (steps: unknown[], over: Record<string, unknown>, message: string | RegExp) => {
      const answer = await w.as(w.editor)('saveTestScenario', {
        name: '坏场景',
        content: JSON.stringify(scenario(steps, over)),
      });
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(message);
    };
    const step = { id: 's', kind: 'case', caseKey: caseId };
    await refused([{ id: 's', kind: 'case', caseKey: '99' }], {}, '第 1 步的用例不存在或已删除');
    await refused([{ id: 's', kind: 'wait', ms: 60_001 }], {}, '第 1 步的等待时间（毫秒）必须是 0–60000 的整数');
    await refused([{ id: 's', kind: 'loop', count: 1001, steps: [] }], {}, '第 1 步的次数必须是 1–1000 的整数');
    await refused([{ id: 's', kind: 'loop', steps: [] }], {}, '第 1 步要么写循环次数，要么写遍历的变量');
    await refused(
      Array.from({ length: 501 }, () => step),
      {},
      '一个场景最多 500 个步骤（含嵌套的步骤）',
    );
    let nested: unknown = step;
    for (let i = 0; i < 11; i++) nested = { id: `n${i}`, kind: 'loop', count: 1, steps: [nested] };
    await refused([nested], {}, '步骤最多嵌套 10 层');
    const rows = Array.from({ length: 10_001 }, () => ['1']);
    await refused([step], { data: { columns: ['id'], rows } }, '数据文件最多 10000 行，当前 10001 行');
    await refused(
      [step],
      { variables: Array.from({ length: 201 }, (_, i) => ({ name: `v${i}`, value: '' })) },
      '场景内容的变量最多 200 项',
    );
    await refused([step], { projectConfigId: 42 }, '场景的默认环境不存在或已删除');
    const ok = await w.as(w.editor)('saveTestScenario', {
      name: '按数据跑',
      description: '每行一次',
      content: JSON.stringify(
        scenario([step], { data: { fileName: 'pets.csv', columns: ['id'], rows: [['1'], ['2']] } }),
      ),
    });
    expect(ok.code, ok.msg).toBe(200);
    const list = await w.as(w.viewer)('testScenarios');
    expect(list.data.list.find((s: { name: string }) => s.name === '按数据跑')).toMatchObject({
      description: '每行一次',
      dataRows: 2,
    });
  });

  it('keeps a secret flag on environment variables (default false), and not on headers', async () => {
    const variables = [
      { name: 'token', value: 's3cr3t', description: '令牌', secret: true },
      { name: 'host', value: 'a.example.com', description: '' },
    ];
    const added = await w.as(w.owner)('addProjectBaseUrl', {
      name: '预发',
      baseUrl: 'https://pre.example.com',
      variables: JSON.stringify(variables),
      headers: JSON.stringify([{ name: 'X-Env', value: 'pre', secret: true }]),
    });
    expect(added.code, added.msg).toBe(200);
    const listed = (await w.as(w.viewer)('projectBaseUrl')).data.find((e: { name: string }) => e.name === '预发');
    expect(listed.variables).toEqual([
      { name: 'token', value: 's3cr3t', description: '令牌', secret: true },
      { name: 'host', value: 'a.example.com', description: '', secret: false },
    ]);
    expect(listed.headers).toEqual([{ name: 'X-Env', value: 'pre', description: '' }]);
    const update = {
      projectConfigId: String(added.data.projectConfigId),
      name: '预发',
      variables: JSON.stringify([{ ...variables[0], secret: false }]),
    };
    expect((await w.as(w.owner)('updateProjectBaseUrl', update)).code).toBe(200);
    const after = (await w.as(w.viewer)('projectBaseUrl')).data.find((e: { name: string }) => e.name === '预发');
    expect(after.variables).toEqual([{ name: 'token', value: 's3cr3t', description: '令牌', secret: false }]);
    const bad = await w.as(w.owner)('addProjectBaseUrl', { name: '坏', variables: '[{"name":"a","secret":"yes"}]' });
    expect(bad).toMatchObject({ code: 400, msg: '变量格式错误' });
    expect((await w.as(w.owner)('deleteBaseUrl', { projectConfigId: update.projectConfigId })).code).toBe(200);
  });

  it('lets only the project’s writers change cases and scenarios, and nobody outside see them', async () => {
    const testCaseId = await newCase('权限');
    const body = { testCaseId, name: '改名', content: JSON.stringify(content()) };
    expect(await saveCase(w.viewer, body)).toMatchObject({ code: 400, msg: READ_ONLY });
    expect((await w.as(w.viewer)('deleteTestCase', { testCaseId })).msg).toBe(READ_ONLY);
    for (const token of [w.teamReader, w.outsider]) {
      expect((await w.as(token)('testCases')).msg).toBe(HIDDEN);
      expect((await w.as(token)('testCase', { testCaseId })).msg).toBe(HIDDEN);
      expect((await w.as(token)('testScenarios')).msg).toBe(HIDDEN);
      expect((await saveCase(token, body)).msg).toBe(HIDDEN);
    }
    expect((await w.as(undefined)('testCases')).code).toBe(402);
  });
});
