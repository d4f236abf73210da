import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll, screenshots } from './knowledgeHelpers';

/**
 * Share links on the embedded app (issue 16): the owner creates a password link to one folder on /project/share,
 * a reader with no account opens it in a browser of their own, unlocks it, reads the tree, searches and reads the
 * documents (and nothing outside the folder); the owner sees the open counted and revokes the link, and the next
 * reader is refused.
 */

const telephone = `135${String(Date.now()).slice(-7)}2`;
const SHARE_PASSWORD = 'hezuo-2026';

if (!hasChromium) console.warn(`knowledge share e2e skipped: no Chromium at ${chromiumPath}`);

const apiContent = {
  method: 'GET',
  path: '/orders/{id}',
  status: 'released',
  tags: ['订单'],
  ownerId: 0,
  description: '按编号查询订单。',
  operationId: 'getOrder',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'id',
      required: true,
      description: '订单编号',
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
      description: '订单',
      mediaType: 'application/json',
      schema: { type: 'object', properties: { orderNo: { type: 'string', description: '订单号' } } },
      headers: [],
      examples: [],
      extra: {},
    },
  ],
  extra: {},
};

describe.skipIf(!hasChromium)('share links: the share screen and the public page', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let token: string;
  let teamId: string;
  let projectId: number;
  let shareUrl = '';
  const call = async (path: string, body: Record<string, string | number>) => {
    const answer = await callApi(app.url, `project/${path}`, { teamId, ...body }, token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const add = async (kind: string, name: string, parentId = 0, extra: Record<string, string> = {}) =>
    (await call('addStructure', { projectId, kind, name, parentId, ...extra })).projectStructureId as number;
  const save = async (projectStructureId: number, doc: unknown) => {
    const { version } = await call('docDetail', { projectId, projectStructureId });
    await call('saveDoc', { projectId, projectStructureId, baseVersion: version, doc: JSON.stringify(doc) });
  };
  /** A reader: a browser context of their own, never signed in. */
  const reader = async () => {
    const person = await Person.open(browser, app.url, { width: 1440, height: 900 });
    const address = new URL(shareUrl);
    await person.page.goto(`${app.url}${address.pathname}${address.hash}`);
    return person;
  };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    ({ token, teamId } = await signUpWithTeam(app.url, telephone, outboxCode));
    projectId = (await call('create', { name: '开放平台', privateType: 'members', docPrivateType: 'public' }))
      .projectId;
    const shared = await add('folder', '对外接口');
    const api = await add('api', '查询订单', shared, { method: 'GET', path: '/orders/{id}' });
    await save(api, apiContent);
    const page = await add('page', '接入说明', shared);
    await save(page, { markdown: '# 接入说明\n\n先申请 **AppKey**，再调用订单接口。' });
    const internal = await add('folder', '内部');
    await add('api', '内部对账', internal, { method: 'POST', path: '/internal/reconcile' });
    owner = await Person.open(browser, app.url, { width: 1440, height: 900 });
    await owner.signedInAs(token, teamId);
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail')
      await owner.page.screenshot({ path: `${screenshots}failed-share-owner.png` }).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a password link to one folder on the share screen', async () => {
    const { page } = owner;
    await owner.goto(`/project/share/${projectId}`);
    // the first screen of a cold app loads its chunks: give a loaded machine longer than one step
    await page.getByTestId('share-empty').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: '新建分享链接' }).click();
    const dialog = page.getByRole('dialog', { name: '新建分享链接' });
    await dialog.locator('input[name="name"]').fill('合作方联调');
    await dialog.getByLabel('指定目录或文档').check();
    await dialog.getByRole('checkbox', { name: '对外接口' }).check();
    // the folder covers what is under it
    await expect(dialog.getByRole('checkbox', { name: '查询订单' }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel('设置访问密码').check();
    await dialog.locator('input[name="password"]').fill(SHARE_PASSWORD);
    await page.screenshot({ path: `${screenshots}knowledge-share-dialog.png` });
    await dialog.getByRole('button', { name: '创建' }).click();
    const created = page.getByRole('dialog', { name: '分享链接已创建' });
    shareUrl = await created.getByTestId('share-url').inputValue();
    expect(shareUrl).toMatch(/\/system\/#\/doc\/share\/[A-Za-z0-9_-]{22,}$/);
    await created.getByRole('button', { name: '完成' }).click();
    const row = page.locator('[data-name="合作方联调"]');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('有密码');
    await expect(row.textContent()).resolves.toContain('对外接口');
    await owner.settle();
    await page.screenshot({ path: `${screenshots}knowledge-share-screen.png` });
  });

  it('opens the link signed out in a fresh browser: password, tree, search and the documents of the folder only', async () => {
    const person = await reader();
    const { page } = person;
    await page.getByTestId('share-password').waitFor();
    await page.screenshot({ path: `${screenshots}knowledge-share-password.png` });
    await page.locator('input[name="password"]').fill('wrong-one');
    await page.getByRole('button', { name: '查看文档' }).click();
    await person.text('密码错误');
    await page.locator('input[name="password"]').fill(SHARE_PASSWORD);
    await page.getByRole('button', { name: '查看文档' }).click();

    const tree = page.getByRole('tree', { name: '文档目录' });
    await tree.locator('[data-name="接入说明"]').waitFor();
    const names = await tree.locator('[data-name]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
    expect(names).toEqual(['对外接口', '查询订单', '接入说明']);
    // the first document opens by itself
    await expect(page.getByTestId('api-path').textContent()).resolves.toBe('/orders/{id}');
    await person.text('订单编号');
    await tree.locator('[data-name="接入说明"]').click();
    await page.getByTestId('page-view').getByText('AppKey').waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/doc\/share\/[^/]+\/\d+$/);

    await page.getByRole('textbox', { name: '搜索文档' }).fill('订单');
    const hits = page.getByTestId('share-hits');
    await hits.getByText('查询订单', { exact: true }).waitFor();
    await expect(hits.getByText('内部对账').count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: '搜索文档' }).fill('');
    await tree.waitFor();
    await tree.locator('[data-name="查询订单"]').click();
    await page.getByTestId('api-doc-view').waitFor();
    await person.settle();
    await page.screenshot({ path: `${screenshots}knowledge-share-public.png` });
    expect(new URL(page.url()).hash.startsWith('#/doc/share/')).toBe(true);
    expect(person.errors).toEqual([]);
    await person.context.close();
  });

  it('counts the open on the share screen, revokes the link, and a new reader is refused', async () => {
    const { page } = owner;
    // the screen is still open from the first test: read the list anew
    await page.reload();
    const row = page.locator('[data-name="合作方联调"]');
    await poll(async () => row.getByTestId('share-opens').textContent()).toBe('1');
    await row.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '撤销' }).click();
    await row.getByText('已撤销').waitFor();

    const person = await reader();
    await person.page.getByTestId('share-gone').getByText('分享链接不存在或已失效').waitFor();
    await person.page.screenshot({ path: `${screenshots}knowledge-share-revoked.png` });
    await person.context.close();
  });

  it('says why links cannot be created when the project keeps its documents private', async () => {
    const closed = (await call('create', { name: '内部规范', privateType: 'members', docPrivateType: 'private' }))
      .projectId as number;
    await owner.goto(`/project/share/${closed}`);
    await owner.page.getByTestId('share-private').getByText('该项目的文档不允许公开分享').waitFor();
    await expect(owner.page.getByRole('button', { name: '新建分享链接' }).isDisabled()).resolves.toBe(true);
  });
});
