import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person } from './knowledgeHelpers';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const avatar = new URL('./fixtures/avatar.png', import.meta.url).pathname;
const telephone = `138${String(Date.now()).slice(-7)}1`;

if (!hasChromium) console.warn(`knowledge workspace e2e skipped: no Chromium at ${chromiumPath}`);

const nestedSchema = {
  type: 'object',
  required: ['user'],
  properties: {
    user: {
      type: 'object',
      description: '用户资料',
      required: ['name'],
      properties: {
        name: { type: 'string', description: '姓名', example: '张三' },
        role: { type: 'string', enum: ['admin', 'member'] },
        address: { type: 'object', properties: { city: { type: 'string', description: '城市' } } },
      },
    },
  },
};

const apiDoc = (method: string, path: string) => ({
  method,
  path,
  status: 'developing',
  tags: ['用户'],
  ownerId: 0,
  description: '按编号更新用户。\n\n<img src="x" onerror="window.__xss=1">**注意**：需要登录。',
  operationId: 'updateUser',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'id',
      required: true,
      description: '用户编号',
      schema: { type: 'integer' },
      example: 7,
      deprecated: false,
      extra: {},
    },
    {
      in: 'query',
      name: 'notify',
      required: false,
      description: '是否通知',
      schema: { type: 'boolean' },
      example: true,
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'json',
    mediaType: 'application/json',
    required: true,
    description: '',
    schema: nestedSchema,
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [
    {
      status: '200',
      name: '成功',
      description: '更新后的用户',
      mediaType: 'application/json',
      schema: nestedSchema,
      headers: [],
      examples: [],
      extra: {},
    },
    {
      status: '404',
      name: '不存在',
      description: '',
      mediaType: 'application/json',
      schema: { type: 'object', properties: { msg: { type: 'string' } } },
      headers: [],
      examples: [],
      extra: {},
    },
  ],
  extra: {},
});

describe.skipIf(!hasChromium)('the knowledge workspace against the embedded app', () => {
  let app: RunningApp;
  let browser: Browser;
  let person: Person;
  let page: Page;
  let token: string;
  let teamId: string;
  let projectId: number;
  const errors: string[] = [];
  const call = (path: string, body: Record<string, string | number>) =>
    callApi(app.url, `project/${path}`, { teamId, ...body }, token);
  const row = (name: string) => page.locator(`[data-node-id][data-name="${name}"]`);
  const structure = async () =>
    (await call('projectStructure', { projectId })).data.nodes as {
      projectStructureId: number;
      parentId: number;
      name: string;
    }[];
  const idOf = async (name: string) => (await structure()).find((n) => n.name === name)?.projectStructureId ?? 0;
  const shot = (name: string) => page.screenshot({ path: `${screenshots}${name}.png`, animations: 'disabled' });

  /** New node from the "+" menu (at the root) with a name, and for an API its method and path. */
  async function create(kind: string, name: string, request?: { method: string; path: string }) {
    await page.getByRole('button', { name: '新建', exact: true }).click();
    await page.getByRole('menuitem', { name: kind, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: kind });
    await dialog.locator('input[name="name"]').fill(name);
    if (request) {
      await dialog.getByRole('combobox').click();
      await page.getByRole('option', { name: request.method, exact: true }).click();
      await dialog.locator('input[name="path"]').fill(request.path);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(name).waitFor();
  }

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    ({ token, teamId } = await signUpWithTeam(app.url, telephone, outboxCode));
    // Person drags in mouse steps: Playwright's one-jump dragTo loses drops onto an open folder
    person = await Person.open(browser, app.url, { width: 1600, height: 960 });
    await person.signedInAs(token, teamId);
    page = person.page;
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail')
      await shot(`failed-knowledge-${test.task.name.slice(0, 20)}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens a new project with the first-run hint', async () => {
    const created = await call('create', {
      name: '用户中心',
      privateType: 'members',
      docPrivateType: 'private',
      versionUpdateType: 'manual',
    });
    expect(created.code, created.msg).toBe(200);
    projectId = created.data.projectId;
    await page.goto(`${app.url}/system/#/project/index/${projectId}?isNew=1`);
    await page.getByTestId('first-run').getByText('开始编写文档').waitFor();
    await expect(page.getByTestId('project-nav').isVisible()).resolves.toBe(true);
  });

  it('builds a tree from the menu and by drag and drop', async () => {
    await create('新建目录', '用户');
    await create('新建目录', '订单');
    await create('新建接口', '更新用户', { method: 'PUT', path: '/users/{id}' });
    await create('新建页面', '接入指南');
    // one treeitem per node, in a tree named in Chinese; the tab is the project's documents, not 知识库 again
    await page.getByRole('tree', { name: '文档目录' }).waitFor();
    expect(await page.locator('[role="treeitem"] [role="treeitem"]').count()).toBe(0);
    expect(await page.title()).toMatch(/^项目文档/);

    await person.drag('更新用户', '用户');
    await expect
      .poll(async () => (await structure()).find((n) => n.name === '更新用户')?.parentId, { timeout: 10_000 })
      .toBe(await idOf('用户'));
    await person.drag('接入指南', '订单');
    await expect
      .poll(async () => (await structure()).find((n) => n.name === '接入指南')?.parentId, { timeout: 10_000 })
      .toBe(await idOf('订单'));

    // a folder into its own child is refused in the browser: nothing moves
    await create('新建目录', '子目录');
    await person.drag('子目录', '订单');
    const sub = await idOf('子目录');
    await expect
      .poll(async () => (await structure()).find((n) => n.name === '子目录')?.parentId, { timeout: 10_000 })
      .toBe(await idOf('订单'));
    await person.reveal('子目录', '订单');
    await person.drag('订单', '子目录', { moves: false });
    expect((await structure()).find((n) => n.name === '订单')?.parentId).toBe(0);
    expect(sub).toBeGreaterThan(0);

    // the context menu renames, then deletes after a confirmation
    if (!(await row('子目录').isVisible())) await row('订单').click();
    await row('子目录').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '重命名' }).click();
    const rename = page.getByRole('dialog', { name: '重命名' });
    await rename.locator('input[name="name"]').fill('归档');
    await rename.getByRole('button', { name: '保存' }).click();
    await row('归档').waitFor();
    expect((await structure()).find((n) => n.projectStructureId === sub)?.name).toBe('归档');
    await row('归档').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '确认删除' }).getByRole('button', { name: '删除' }).click();
    await row('归档').waitFor({ state: 'detached' });
    expect((await structure()).some((n) => n.projectStructureId === sub)).toBe(false);

    // copy next to it, then move the copy with the dialog (the keyboard's way besides dragging)
    if (!(await row('接入指南').isVisible())) await row('订单').click();
    await row('接入指南').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '复制' }).click();
    await row('接入指南 - 副本').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '移动' }).click();
    const move = page.getByRole('dialog', { name: '移动到' });
    await move.getByRole('combobox').click();
    await page.getByRole('option', { name: '用户', exact: true }).click();
    await move.getByRole('button', { name: '移动' }).click();
    const folder = await idOf('用户');
    await expect
      .poll(async () => (await structure()).find((n) => n.name === '接入指南 - 副本')?.parentId, { timeout: 10_000 })
      .toBe(folder);
  });

  it('shows an API document with its tables and copies its cURL snippet', async () => {
    const id = await idOf('更新用户');
    const detail = await call('docDetail', { projectId, projectStructureId: id });
    const saved = await call('saveDoc', {
      projectId,
      projectStructureId: id,
      baseVersion: detail.data.version,
      doc: JSON.stringify(apiDoc('PUT', '/users/{id}')),
    });
    expect(saved.code, saved.msg).toBe(200);
    const environment = await call('addProjectBaseUrl', {
      projectId,
      name: '测试环境',
      baseUrl: 'https://test.example.com',
    });
    expect(environment.code, environment.msg).toBe(200);
    await page.reload();
    if (!(await row('更新用户').isVisible())) await row('用户').click();
    await row('更新用户').click();
    const view = page.getByTestId('api-doc-view');
    await view.getByTestId('api-path').getByText('/users/{id}').waitFor();
    await view.getByText('Path 参数').waitFor();
    await view.getByText(/^负责人：/).waitFor();
    await view.getByRole('cell', { name: 'city' }).first().waitFor();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await view.getByRole('tab', { name: 'cURL' }).click();
    await view.getByRole('button', { name: '复制代码' }).click();
    await page.getByText('已复制到剪贴板').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("curl --location --request PUT 'https://test.example.com/users/7?notify=true'");
    expect(copied).toMatch(/\/users\/7\?notify=true/);
    expect(copied).toContain('"city"');
    // a parameter's name is found by the server's search, beyond the names the tree filters on
    await page.getByRole('textbox', { name: '搜索文档' }).fill('notify');
    await page.getByRole('list', { name: '内容匹配' }).getByText('更新用户').waitFor();
    await page.getByRole('textbox', { name: '搜索文档' }).fill('');

    await row('更新用户').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '保存为模板' }).waitFor();
    await shot('knowledge-tree-menu');
    await page.keyboard.press('Escape');

    await view.getByRole('tab', { name: 'Python requests' }).click();
    await view.evaluate((element) => element.parentElement?.scrollTo(0, 0));
    await shot('knowledge-workspace-api');
    // wide enough for the snippets beside the document
    await page.setViewportSize({ width: 2048, height: 1100 });
    await shot('knowledge-workspace-api-wide');
    await page.setViewportSize({ width: 1600, height: 960 });

    // the Edit button swaps the view for the API editor, and back
    await view.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('api-editor').waitFor();
    await shot('knowledge-workspace-api-editor');
    await page.getByRole('button', { name: '退出编辑' }).click();
    await page.getByTestId('api-doc-view').waitFor();
  });

  it('writes a markdown page with an image and a preview', async () => {
    if (!(await row('接入指南').isVisible())) await row('订单').click();
    await row('接入指南').click();
    await page.getByTestId('page-view').getByRole('button', { name: '编辑' }).click();
    const editor = page.getByTestId('page-editor');
    await editor
      .getByRole('textbox')
      .fill(
        '# 接入指南\n\n1. 申请密钥\n2. 调用 `PUT /users/{id}`\n\n| 环境 | 地址 |\n| --- | --- |\n| 测试 | test |\n\n',
      );
    await editor.getByTestId('page-image-input').setInputFiles(avatar);
    await expect
      .poll(() => editor.getByRole('textbox').inputValue(), { timeout: 10_000 })
      .toMatch(/!\[avatar\.png\]\(.+\)/);
    await editor.getByTestId('page-preview').locator('img').waitFor();
    await editor.getByTestId('page-preview').getByRole('heading', { name: '接入指南' }).waitFor();
    await shot('knowledge-page-editor');
    await editor.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存').first().waitFor();
    const detail = await call('docDetail', { projectId, projectStructureId: await idOf('接入指南') });
    expect(detail.data.page.markdown).toContain('申请密钥');
    expect(errors).toEqual([]);
  });
});
