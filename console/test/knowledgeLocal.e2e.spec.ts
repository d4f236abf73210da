import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const telephone = `137${String(Date.now()).slice(-8)}`;
const password = 'Passw0rd!';
const docName = '查询订单';
const docPath = '/orders/{orderId}';
const avatar = new URL('./fixtures/avatar.png', import.meta.url).pathname;

if (!hasChromium) console.warn(`local mode e2e skipped: no Chromium at ${chromiumPath}`);

interface Answer {
  code: number;
  msg: string;
  // answers are read field by field in the assertions
  data: any;
}

describe.skipIf(!hasChromium)('local mode: a signed-out knowledge project in the browser, later uploaded', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const projectRequests: string[] = [];
  const uploads: string[] = [];
  const pageErrors: string[] = [];

  const api = async (path: string, body: Record<string, string>, token = ''): Promise<Answer> => {
    const response = await fetch(`${app.url}/pmbok/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
      body: new URLSearchParams(body),
    });
    return (await response.json()) as Answer;
  };
  const open = (hashPath: string) => page.goto(`${app.url}/system/#${hashPath}`);
  const text = (value: string | RegExp) => page.getByText(value).first().waitFor({ timeout: 30_000 });
  const shot = (name: string) =>
    page.screenshot({ path: `${screenshots}${name}.png`, fullPage: false, animations: 'disabled' });

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    // the team check (once a day) belongs to the teams tests
    await context.addInitScript(() => localStorage.setItem('teamCheckTime', String(Date.now())));
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('/pmbok/api/project')) projectRequests.push(request.url());
      if (request.url().includes('/pmbok/api/img')) uploads.push(request.url());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens /project/index signed out on a sample project kept in the browser', async () => {
    await open('/project/index');
    await text('本地模式：数据只保存在此浏览器中');
    await text('示例目录');
    await text('使用说明');
    expect(new URL(page.url()).hash).toBe('#/project/index');
    expect(await page.evaluate(() => localStorage.getItem('authorize_token'))).toBeNull();
  });

  it('creates an API document that is still there after a reload, with no project call to the server', async () => {
    await page.getByRole('button', { name: '新建', exact: true }).click();
    await page.getByRole('menuitem', { name: '新建接口' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill(docName);
    await dialog.locator('input[name="path"]').fill(docPath);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('treeitem', { name: new RegExp(docName) })
      .first()
      .waitFor({ timeout: 15_000 });
    await text(docPath);
    // no team, no tasks to link: the task picker would ask the server
    expect(await page.getByText('关联任务').count()).toBe(0);
    await shot('local-mode');

    await page.reload();
    await text('本地模式：数据只保存在此浏览器中');
    await page
      .getByRole('treeitem', { name: new RegExp(docName) })
      .first()
      .waitFor({ timeout: 15_000 });
    const stored = await page.evaluate(async () => {
      const names = await indexedDB.databases();
      return names.map((db) => db.name);
    });
    expect(stored).toContain('pmbok-local-knowledge');
    expect(projectRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('keeps an image of a page in the page itself, sending nothing', async () => {
    await page
      .getByRole('treeitem', { name: /使用说明/ })
      .first()
      .click();
    await page.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('page-image-input').setInputFiles(avatar);
    const editor = page.getByTestId('page-editor');
    // the image is read from the file before it is in the text: save once it shows in the preview
    const image = page.locator('img[src^="data:image/png;base64,"]').first();
    await image.waitFor({ timeout: 30_000 });
    await editor.getByRole('button', { name: '保存' }).click();
    await text('已保存');
    await page.reload();
    await image.waitFor({ timeout: 30_000 });
    expect(uploads).toEqual([]);
    expect(projectRequests).toEqual([]);
  });

  it('keeps the settings of the local project too, on the id-less settings path', async () => {
    await page.getByTestId('project-nav').getByText('项目设置').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/project/setting'));
    expect(new URL(page.url()).hash).toMatch(/^#\/project\/setting(\?|$)/);
    await text('本地模式：数据只保存在此浏览器中');
    await page.getByRole('tab', { name: '响应码' }).click();
    await page.getByRole('button', { name: '新建响应码' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="code"]').fill('E1001');
    await dialog.locator('[name="meaning"]').first().fill('订单不存在');
    await dialog.getByRole('button', { name: '保存' }).click();
    await text('订单不存在');
    await shot('local-mode-settings');
    await page.getByTestId('project-nav').getByText('文档').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/project/index'));
    await page
      .getByRole('treeitem', { name: new RegExp(docName) })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(projectRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('keeps more than one local project and switches between them', async () => {
    const switcher = page.getByRole('combobox', { name: '本地项目' });
    await switcher.click();
    await page.getByRole('option', { name: '+ 新建本地项目' }).click();
    await page.getByTestId('first-run').waitFor({ timeout: 30_000 });
    await text('本地项目 2');
    await switcher.click();
    await page.getByRole('option', { name: '我的本地项目' }).click();
    await page
      .getByRole('treeitem', { name: new RegExp(docName) })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(projectRequests).toEqual([]);
  });

  it('after signing in, uploads the local project into the team, where its document is found', async () => {
    expect((await api('user/sendRegisterCode', { username: telephone, smsType: '2' })).code).toBe(200);
    const code = await outboxCode(app.url, telephone);
    const registered = await api('user/register', { telephone, password, repeatPassword: password, code });
    expect(registered.code).toBe(200);
    const token: string = registered.data.token;
    const team = await api('team/create', { teamName: '本地上传组' }, token);
    expect(team.code).toBe(200);
    await page.evaluate((value) => localStorage.setItem('authorize_token', value), token);

    // a reload, not a navigation: a navigation would start loading the user on this page, which the reload aborts
    await page.reload();
    await text('本地模式：这个项目只保存在此浏览器中，上传到团队后成员才能一起编辑');
    await page.getByRole('button', { name: '上传到团队' }).click();
    await text(/把本地项目“我的本地项目”复制为团队“本地上传组”的知识项目/);
    await shot('local-mode-upload');
    await page.getByTestId('upload-confirm').click();
    await page.waitForFunction(() => /^#\/project\/index\/\d+/.test(window.location.hash), undefined, {
      timeout: 30_000,
    });
    const teamProjectId = /index\/(\d+)/.exec(page.url())?.[1] ?? '';
    await page
      .getByRole('treeitem', { name: new RegExp(docName) })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('local-mode-banner').count()).toBe(0);

    const teamId = String(team.data.teamId);
    const list = await api('project/list', { teamId }, token);
    expect(list.data.map((p: { projectId: number; name: string }) => [p.projectId, p.name])).toEqual([
      [Number(teamProjectId), '我的本地项目'],
    ]);
    const tree = await api('project/projectStructure', { teamId, projectId: teamProjectId }, token);
    const api1 = tree.data.nodes.find((node: { name: string }) => node.name === docName);
    expect(api1).toMatchObject({ kind: 'api', method: 'GET', path: docPath });
    const folder = tree.data.nodes.find((node: { name: string }) => node.name === '示例目录');
    const sample = tree.data.nodes.find((node: { name: string }) => node.name === '获取用户信息');
    expect(sample.parentId).toBe(folder.projectStructureId);
    const page1 = tree.data.nodes.find((node: { name: string }) => node.name === '使用说明');
    const detail = await api(
      'project/docDetail',
      { teamId, projectId: teamProjectId, projectStructureId: String(page1.projectStructureId) },
      token,
    );
    expect(detail.data.page.markdown).toContain('这是一个保存在浏览器中的本地项目');

    const codes = await api('project/projectResponseCode', { teamId, projectId: teamProjectId }, token);
    expect(codes.data).toMatchObject([{ code: 'E1001', meaning: '订单不存在' }]);

    await open('/api');
    await text('我的本地项目');
    expect(pageErrors).toEqual([]);
  });
});
