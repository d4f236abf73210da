import { mkdirSync } from 'node:fs';
import type { ApiDoc } from '@pmbok/api-types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docOf, type KnowledgeMock, mockKnowledge, node, signUpWithTeam } from './fixtures/knowledgeMock';
import { dataField, type MockScreensMock, mockScreens } from './fixtures/mockScreens';
import { hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { poll } from './knowledgeHelpers';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const telephone = `136${String(Date.now()).slice(-7)}6`;

const nodes = [
  node(1, 0, 'folder', '宠物'),
  node(2, 1, 'api', '获取宠物', { method: 'GET', path: '/pets/{id}' }),
  node(3, 0, 'schema', 'Pet'),
];
const getPet = nodes[1]!;

const apiDoc: ApiDoc = {
  method: 'GET',
  path: '/pets/{id}',
  status: 'released',
  tags: [],
  ownerId: 1,
  description: '按编号读取一只宠物',
  operationId: '',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'id',
      required: true,
      description: '宠物编号',
      schema: { type: 'integer' },
      example: 7,
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'none',
    mediaType: '',
    required: false,
    description: '',
    schema: {},
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [
    {
      status: '200',
      name: '成功',
      description: '',
      mediaType: 'application/json',
      headers: [],
      schema: { type: 'object', properties: { id: { type: 'integer' }, owner: { type: 'string' } } },
      examples: [],
      extra: {},
    },
  ],
  extra: {},
};

function screensMock(canWrite: boolean, canManage: boolean): MockScreensMock {
  return {
    settings: {
      projectId: 1,
      access: 'token',
      token: 'tok_5Qm2xLr8Vb3Nc7Hd9Kp4Wz6Ty1Ea0Sg',
      validateRequests: true,
      basePath: '/mock/1',
    },
    canWrite,
    canManage,
    expectations: new Map(),
    fields: [
      dataField(1, 'mobile', { aliases: ['phone'], description: '手机号', format: '', mockRule: '@phone' }),
      dataField(2, 'mobileArea', { description: '手机号归属地' }),
      dataField(3, 'status', {
        description: '订单状态',
        enum: ['paid', 'shipped'],
        inherited: true,
        scope: 'team',
      }),
    ],
    calls: [],
    served: [],
  };
}

describe.skipIf(!hasChromium)('the mock screens (answers mocked in the browser)', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: { token: string; teamId: string };
  const errors: string[] = [];

  async function open(role: KnowledgeMock['role'], mock: MockScreensMock, hash: string) {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await context.addInitScript(
      ([t, team]) => {
        localStorage.setItem('teamCheckTime', String(Date.now()));
        localStorage.setItem('authorize_token', t as string);
        localStorage.setItem('teamId', team as string);
      },
      [account.token, account.teamId],
    );
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
    const docs = new Map([[2, docOf(getPet, { api: structuredClone(apiDoc) })]]);
    await mockKnowledge(page, { nodes, role, drops: [], newerVersion: null, docs });
    await mockScreens(page, mock);
    await page.goto(`${app.url}/system/#${hash}`);
  }
  const callsOf = (mock: MockScreensMock, call: string) => mock.calls.filter((c) => c.call === call);
  const section = () => page.getByTestId('mock-section');

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    account = await signUpWithTeam(app.url, telephone, outboxCode);
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') {
      if (errors.length) console.error('page errors:', errors);
      const name = test.task.name.slice(0, 16).replace(/\W+/g, '-');
      await page?.screenshot({ path: `${screenshots}failed-mock-screens-${name}.png` }).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the mock address, calls the mock with the token and shows what it answered', async () => {
    const mock = screensMock(true, true);
    await open('owner', mock, '/project/index/1?doc=2');
    await section().getByTestId('mock-url').waitFor();
    expect(await section().getByTestId('mock-url').textContent()).toBe(`${app.url}/mock/1/pets/{id}`);
    await section().getByText('需要 Token').waitFor();

    const url = section().getByRole('textbox', { name: '请求地址' });
    expect(await url.inputValue()).toBe(`${app.url}/mock/1/pets/7`);
    await section().getByRole('button', { name: '发送' }).click();
    const reply = section().getByTestId('mock-reply');
    await poll(() => reply.getAttribute('data-status')).toBe('200');
    expect(mock.served.at(-1)?.headers['x-mock-token']).toBe(mock.settings.token);
    expect(await reply.getByTestId('mock-reply-body').textContent()).toContain('"name": "张伟"');
    await reply.getByText('数据来源：按结构生成').waitFor();
    await reply.getByRole('button', { name: /响应头/ }).click();
    await reply.getByText('x-pmbok-mock').waitFor();
    await section().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}mock-try-panel.png`, animations: 'disabled' });

    // the snippets offer the mock as an environment, with the token header
    await page.getByRole('combobox', { name: '环境' }).click();
    await page.getByRole('option', { name: /^Mock/ }).click();
    const snippet = await page.getByTestId('snippet-code').textContent();
    expect(snippet).toContain(`${app.url}/mock/1/pets/7`);
    expect(snippet).toContain(`X-Mock-Token: ${mock.settings.token}`);
    expect(errors).toEqual([]);
  });

  it('edits expectations: refuses a bad one by field, saves the list in order and the mock answers from it', async () => {
    const mock = screensMock(true, true);
    await open('owner', mock, '/project/index/1?doc=2');
    await section().getByRole('tab', { name: '期望' }).click();
    await section().getByText('还没有期望').waitFor();
    await section().getByRole('button', { name: '添加期望' }).click();
    const form = section().getByTestId('mock-expectation-form');
    await form.getByLabel('名称').fill('编号为 0 时不存在');
    const condition = form.getByTestId('mock-condition').first();
    await condition.getByRole('combobox', { name: '位置' }).click();
    await page.getByRole('option', { name: 'Path' }).click();
    await condition.getByRole('textbox', { name: '参数名' }).fill('id');
    await condition.getByRole('combobox', { name: '运算' }).click();
    await page.getByRole('option', { name: '匹配正则' }).click();
    await condition.getByRole('textbox', { name: '值' }).fill('([0');
    await form.getByLabel('状态码').fill('404');
    const body = form.getByTestId('mock-body-json').locator('.cm-content');
    await body.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"code": 404, "msg": "宠物不存在"');
    await section().getByRole('button', { name: '保存期望' }).click();
    // refused before any call, naming the condition and the body
    const problems = section().getByTestId('mock-problems');
    await problems.getByText('第 1 个条件的正则表达式无效').waitFor();
    await problems.getByText(/响应体不是有效的 JSON/).waitFor();
    expect(callsOf(mock, 'saveMockExpectations')).toEqual([]);
    await page.screenshot({ path: `${screenshots}mock-expectation-problems.png`, animations: 'disabled' });

    await condition.getByRole('combobox', { name: '运算' }).click();
    await page.getByRole('option', { name: '等于', exact: true }).click();
    await condition.getByRole('textbox', { name: '值' }).fill('0');
    await body.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"code": 404, "msg": "宠物不存在"}');
    await form.getByRole('button', { name: '添加响应头' }).click();
    await form.getByRole('textbox', { name: '名称' }).last().fill('X-Reason');
    await form.getByRole('textbox', { name: '值' }).last().fill('not-found');
    // a second expectation, moved above the first
    await section().getByRole('button', { name: '添加期望' }).click();
    await form.getByLabel('名称').fill('慢响应');
    await form.getByLabel('延迟（毫秒）').fill('800');
    await form.getByTestId('mock-condition').first().getByRole('textbox', { name: '参数名' }).fill('slow');
    await form.getByTestId('mock-condition').first().getByRole('textbox', { name: '值' }).fill('1');
    const items = section().getByTestId('mock-expectation-item');
    await items.nth(1).getByRole('button', { name: '上移' }).click();
    await items.nth(1).getByRole('switch', { name: '启用' }).uncheck();
    await page.screenshot({ path: `${screenshots}mock-expectation-editor.png`, animations: 'disabled' });

    await section().getByRole('button', { name: '保存期望' }).click();
    await page.getByText('期望已保存').waitFor();
    const saved = JSON.parse(callsOf(mock, 'saveMockExpectations').at(-1)?.body.expectations ?? '[]');
    expect(saved.map((e: { name: string }) => e.name)).toEqual(['慢响应', '编号为 0 时不存在']);
    expect(saved[1]).toMatchObject({
      id: '',
      enabled: false,
      conditions: [{ source: 'path', name: 'id', operator: 'equals', value: '0' }],
      response: {
        status: 404,
        headers: [{ name: 'X-Reason', value: 'not-found' }],
        bodyType: 'example',
        body: { code: 404, msg: '宠物不存在' },
        delayMs: 0,
      },
    });
    expect(saved[0].response.delayMs).toBe(800);
    expect(await section().getByTestId('mock-expectations').getAttribute('data-dirty')).toBe('false');

    // enabled again and saved: the mock answers id 0 from it
    await items.nth(1).getByRole('switch', { name: '启用' }).check();
    await section().getByRole('button', { name: '保存期望' }).click();
    await poll(() => callsOf(mock, 'saveMockExpectations').length).toBe(2);
    await section().getByRole('tab', { name: '调试' }).click();
    await section().getByRole('textbox', { name: '请求地址' }).fill(`${app.url}/mock/1/pets/0`);
    await section().getByRole('button', { name: '发送' }).click();
    await poll(() => section().getByTestId('mock-reply').getAttribute('data-status')).toBe('404');
    await section().getByText('数据来源：期望').waitFor();
    expect(await section().getByTestId('mock-reply-body').textContent()).toContain('宠物不存在');

    // a body generated from a schema is edited in the documents' schema editor
    await section().getByRole('tab', { name: '期望' }).click();
    await items.first().click();
    await form.getByRole('button', { name: '按 JSON Schema 生成' }).click();
    const schema = form.getByTestId('schema-editor');
    await schema.locator('[data-schema-row="$"]').getByRole('button', { name: '添加子字段' }).click();
    await schema.locator('[data-schema-row="field1"]').waitFor();
    expect(await section().getByTestId('mock-expectations').getAttribute('data-dirty')).toBe('true');
    // the other tab and back: the unsaved edit is still there
    await section().getByRole('tab', { name: '调试' }).click();
    await section().getByRole('tab', { name: '期望' }).click();
    await schema.locator('[data-schema-row="field1"]').waitFor();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}mock-expectation-schema.png`, animations: 'disabled' });
    await section().getByRole('button', { name: '保存期望' }).click();
    await poll(() => callsOf(mock, 'saveMockExpectations').length).toBe(3);
    const withSchema = JSON.parse(callsOf(mock, 'saveMockExpectations').at(-1)?.body.expectations ?? '[]');
    expect(withSchema[0].response).toMatchObject({
      bodyType: 'schema',
      body: { type: 'object', properties: { field1: { type: 'string' } } },
    });

    // dragged by its handle, the second goes first
    await poll(() => section().getByTestId('mock-expectations').getAttribute('data-dirty')).toBe('false');
    const handle = items.nth(1).getByLabel('拖动排序');
    await items.first().scrollIntoViewIfNeeded();
    await handle.waitFor();
    const from = (await handle.boundingBox())!;
    const to = (await items.first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 8, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 8 });
    await page.mouse.up();
    await poll(() => items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))).toEqual([
      '编号为 0 时不存在',
      '慢响应',
    ]);
    await section().getByRole('button', { name: '保存期望' }).click();
    await poll(() => callsOf(mock, 'saveMockExpectations').length).toBe(4);
    const dragged = JSON.parse(callsOf(mock, 'saveMockExpectations').at(-1)?.body.expectations ?? '[]');
    expect(dragged.map((e: { name: string }) => e.name)).toEqual(['编号为 0 时不存在', '慢响应']);
    expect(errors).toEqual([]);
  });

  it('gives a viewer the expectations read only and no token', async () => {
    const mock = screensMock(false, false);
    mock.expectations.set(2, [
      {
        id: 'x1',
        name: '编号为 0 时不存在',
        enabled: true,
        conditions: [{ source: 'path', name: 'id', operator: 'equals', value: '0' }],
        response: { status: 404, headers: [], bodyType: 'example', body: { code: 404 }, text: '', delayMs: 0 },
      },
    ]);
    await open('viewer', mock, '/project/index/1?doc=2');
    await section()
      .getByText(/只有编辑者能看到 Token/)
      .waitFor();
    await section().getByRole('tab', { name: '期望' }).click();
    await section().getByText('只读：编辑者可以添加和修改期望。').waitFor();
    expect(await section().getByRole('button', { name: '添加期望' }).count()).toBe(0);
    expect(await section().getByRole('button', { name: '保存期望' }).count()).toBe(0);
    expect(await section().getByTestId('mock-expectation-form').getByLabel('名称').isDisabled()).toBe(true);

    await page.goto(`${app.url}/system/#/project/setting/1?tab=mock`);
    await page.getByTestId('mock-settings-read-only').waitFor();
    await page.getByText('只有编辑者可以查看 Token').waitFor();
    expect(await page.getByRole('radio', { name: /公开/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '重置 Token' }).count()).toBe(0);
  });

  it('changes the mock settings: access, validation and a new token after a confirmation', async () => {
    const mock = screensMock(true, true);
    const before = mock.settings.token;
    await open('owner', mock, '/project/setting/1?tab=mock');
    await page.getByTestId('mock-settings').waitFor();
    expect(await page.getByTestId('mock-base-url').textContent()).toBe(`${app.url}/mock/1`);
    expect(await page.getByTestId('mock-token-value').textContent()).toBe(before);
    await page.screenshot({ path: `${screenshots}mock-settings-tab.png`, animations: 'disabled' });

    await page.getByRole('radio', { name: /公开/ }).click();
    await poll(() => callsOf(mock, 'saveMockSettings').at(-1)?.body.access).toBe('public');
    await page.getByRole('switch', { name: /校验请求参数/ }).click();
    await poll(() => callsOf(mock, 'saveMockSettings').at(-1)?.body.validateRequests).toBe('0');

    await page.getByRole('button', { name: '重置 Token' }).click();
    await page
      .getByRole('dialog')
      .getByText(/旧 Token 立即失效/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '重置 Token' }).click();
    await page.getByText('Token 已重置').waitFor();
    expect(callsOf(mock, 'saveMockSettings').at(-1)?.body.resetToken).toBe('1');
    await poll(() => page.getByTestId('mock-token-value').textContent()).not.toBe(before);
  });

  it('suggests library fields while a name is typed in the editor, filling the row from a pick', async () => {
    const mock = screensMock(true, true);
    await open('owner', mock, '/project/index/1?doc=2');
    await page.getByRole('button', { name: '编辑' }).click();
    const responses = page.getByTestId('api-responses');
    const owner = responses.locator('[data-schema-row="owner"]');
    await owner.scrollIntoViewIfNeeded();
    await owner.getByRole('combobox', { name: '字段名' }).fill('mob');
    const suggestion = page.locator('[data-testid="field-suggestion"][data-name="mobile"]');
    await suggestion.waitFor();
    // the exact and prefix matches first
    const names = await page
      .getByTestId('field-suggestion')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
    expect(names).toEqual(['mobile', 'mobileArea']);
    await page.screenshot({ path: `${screenshots}mock-field-suggestions.png`, animations: 'disabled' });
    await suggestion.click();
    const mobile = responses.locator('[data-schema-row="mobile"]');
    await mobile.waitFor();
    expect(await mobile.getByRole('textbox', { name: '说明' }).inputValue()).toBe('手机号');
    // typed once: the same text again asks the server no more
    const searches = callsOf(mock, 'searchDataField');
    expect(searches.map((c) => c.body.keyword)).toEqual(['mob']);
  });
});
