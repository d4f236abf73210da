import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll, screenshots } from './knowledgeHelpers';

/**
 * Issue 16's journey on the embedded app, one step after the other on the same project, through the screens: import
 * a file, save a version, make a breaking change in the editor, see it flagged in the comparison, restore the
 * document from the version, read the per-field history, share the project with a password and an expiry, read it
 * signed out in a fresh browser, and find the revoked link refused.
 */

const telephone = `137${String(Date.now()).slice(-7)}6`;
const SHARE_PASSWORD = 'kaifang-2026';

/** A small OpenAPI 3.1 document as a team would bring it: a model, a list with an optional query, a create. */
const petsOpenApi = JSON.stringify({
  openapi: '3.1.0',
  info: { title: '宠物服务', version: '1.0.0' },
  servers: [{ url: 'https://pets.example.com/v1' }],
  tags: [{ name: '宠物' }],
  paths: {
    '/pets': {
      get: {
        tags: ['宠物'],
        summary: '查询宠物',
        operationId: 'listPets',
        parameters: [
          { in: 'query', name: 'limit', required: false, description: '每页条数', schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: '宠物列表',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      post: {
        tags: ['宠物'],
        summary: '新增宠物',
        operationId: 'createPet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        responses: { '201': { description: '已创建' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string', description: '名字' } },
      },
    },
  },
});

if (!hasChromium) console.warn(`publishing journey e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the publishing journey', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let projectId: number;
  let listId: number;
  let shareUrl: string;

  const doc = async (projectStructureId: number) =>
    (await owner.call('project/docDetail', { projectId, projectStructureId })).data;
  const versionRow = (name: string) => owner.page.locator(`[data-testid="version-table"] tr[data-name="${name}"]`);
  const docDiff = (name: string) => owner.page.locator(`[data-testid="doc-diff"][data-name="${name}"]`);
  /** A reader without an account: a browser context of their own, opening the address the owner copied. */
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
    const account = await signUpWithTeam(app.url, telephone, outboxCode);
    owner = await Person.open(browser, app.url, { width: 1440, height: 900 });
    await owner.signedInAs(account.token, account.teamId);
    const created = await owner.call('project/create', {
      name: '宠物开放平台',
      privateType: 'members',
      docPrivateType: 'public',
    });
    expect(created.code, created.msg).toBe(200);
    projectId = created.data.projectId;
  });

  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    if (owner?.errors.length) console.error(owner.errors);
    await owner?.shot(`failed-publishing-journey-${test.task.name.slice(0, 16).replace(/\W+/g, '-')}`, true);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('imports an OpenAPI file into the project through the import dialog', async () => {
    const { page } = owner;
    await owner.goto(`/project/index/${projectId}`);
    await page.getByRole('button', { name: '导入 / 导出' }).click();
    await page.getByRole('menuitem', { name: '导入', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '导入到当前项目' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'pets.json',
      mimeType: 'application/json',
      buffer: Buffer.from(petsOpenApi),
    });
    await dialog.getByRole('button', { name: '预览' }).click();
    const preview = dialog.getByTestId('import-preview');
    // two APIs, the model and their two folders; nothing in the empty project to change or keep
    await poll(() => preview.getByTestId('import-count-add').textContent()).toBe('新增 5');
    expect(await preview.getByTestId('import-count-change').textContent()).toBe('更新 0');
    await owner.settle();
    await owner.shot('publishing-journey-import-preview');
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await dialog
      .getByTestId('import-done-counts')
      .getByText(/新增 5 项/)
      .waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();

    const nodes: { projectStructureId: number; name: string; kind: string }[] = (
      await owner.call('project/projectStructure', { projectId })
    ).data.nodes;
    const list = nodes.find((n) => n.name === '查询宠物');
    expect(list?.kind).toBe('api');
    listId = list?.projectStructureId ?? 0;
    expect(nodes.some((n) => n.kind === 'schema' && n.name === 'Pet')).toBe(true);
    expect((await doc(listId)).api.parameters[0]).toMatchObject({ in: 'query', name: 'limit', required: false });
  });

  it('saves a version on the versions screen', async () => {
    await owner.goto(`/project/version/${projectId}`);
    await owner.page.getByRole('button', { name: '保存版本' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '保存当前项目为版本' });
    await dialog.getByLabel('版本名称').fill('v1.0');
    await dialog.getByLabel('说明').fill('导入后的首个版本');
    await dialog.getByRole('button', { name: '保存' }).click();
    await versionRow('v1.0').waitFor();
  });

  it('makes the optional query parameter required in the editor', async () => {
    const { page } = owner;
    await owner.goto(`/project/index/${projectId}?doc=${listId}`);
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    const query = page.getByTestId('api-editor').getByTestId('params-query');
    await query.getByLabel('必填').first().check();
    await page.keyboard.press('Control+s');
    await owner.text('已保存');
    expect((await doc(listId)).api.parameters[0]).toMatchObject({ name: 'limit', required: true });
  });

  it('sees the breaking change flagged in the comparison with the version, and restores the document from it', async () => {
    await owner.goto(`/project/version/${projectId}`);
    await versionRow('v1.0').getByRole('button', { name: '与当前对比' }).click();
    const changed = docDiff('查询宠物');
    await changed.waitFor();
    expect(await changed.getAttribute('data-change')).toBe('changed');
    expect(await changed.getAttribute('data-breaking')).toBe('true');
    const limit = changed.locator('li[data-path*="limit"]').first();
    await limit.getByTestId('breaking-chip').waitFor();
    await owner.settle();
    await owner.shot('publishing-journey-compare', true);

    await changed.getByRole('button', { name: '恢复此文档' }).click();
    await owner.page.getByRole('dialog', { name: '恢复文档' }).getByRole('button', { name: '恢复' }).click();
    await owner.text('已恢复 1 篇文档');
    await poll(async () => (await doc(listId)).api.parameters[0].required).toBe(false);
    await changed.waitFor({ state: 'detached' });
  });

  it('reads the per-field history of the document: the save and the restore', async () => {
    await owner.goto(`/project/history/${projectId}`);
    const entry = (action: string) =>
      owner.page.locator(`[data-testid="history-entry"][data-action="${action}"][data-name="查询宠物"]`);
    // newest first: the restore (a new save with the version's content), then the editor's save
    await entry('restored').waitFor();
    const byEditor = entry('doc-saved').first();
    await byEditor.getByRole('button', { name: /查看字段变化/ }).click();
    const limit = byEditor.locator('li[data-path*="limit"]').first();
    await limit.getByTestId('breaking-chip').waitFor();
    expect(await limit.locator('[data-side="before"]').textContent()).toBe('false');
    expect(await limit.locator('[data-side="after"]').textContent()).toBe('true');
    const restore = entry('restored');
    await restore.getByRole('button', { name: /查看字段变化/ }).click();
    const undone = restore.locator('li[data-path*="limit"]').first();
    expect(await undone.locator('[data-side="before"]').textContent()).toBe('true');
    expect(await undone.locator('[data-side="after"]').textContent()).toBe('false');
    await owner.settle();
    await owner.shot('publishing-journey-history', true);
  });

  it('creates a password link that expires, on the share screen', async () => {
    const { page } = owner;
    await owner.goto(`/project/share/${projectId}`);
    await page.getByRole('button', { name: '新建分享链接' }).click();
    const dialog = page.getByRole('dialog', { name: '新建分享链接' });
    await dialog.locator('input[name="name"]').fill('合作方');
    await dialog.getByLabel('设置访问密码').check();
    await dialog.locator('input[name="password"]').fill(SHARE_PASSWORD);
    await dialog.getByRole('button', { name: '创建' }).click();
    const created = page.getByRole('dialog', { name: '分享链接已创建' });
    shareUrl = await created.getByTestId('share-url').inputValue();
    await created.getByRole('button', { name: '完成' }).click();
    await page.locator('[data-name="合作方"]').waitFor();
    const [link] = (await owner.call('project/shares', { projectId })).data.list;
    expect(link).toMatchObject({ name: '合作方', hasPassword: true, revoked: false });
    // the dialog's default expiry: a week from now
    expect(link.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(link.expiresAt).toBeLessThan(Date.now() + 8 * 24 * 3600_000);
  });

  it('opens the link signed out in a fresh browser, then finds it refused once revoked', async () => {
    const person = await reader();
    const { page } = person;
    await page.locator('input[name="password"]').fill(SHARE_PASSWORD);
    await page.getByRole('button', { name: '查看文档' }).click();
    const tree = page.getByRole('tree', { name: '文档目录' });
    await tree.locator('[data-name="查询宠物"]').click();
    await poll(() => page.getByTestId('api-path').textContent()).toBe('/pets');
    // the snippets call the address the import brought as the project's environment, not localhost
    await page.getByText("curl --location --request GET 'https://pets.example.com/v1/pets").waitFor();
    await person.settle();
    await page.screenshot({ path: `${screenshots}publishing-journey-public.png` });
    expect(await page.evaluate(() => localStorage.getItem('authorize_token'))).toBeNull();
    await person.context.close();

    await owner.page.reload();
    const row = owner.page.locator('[data-name="合作方"]');
    await row.getByRole('button', { name: '撤销' }).click();
    await owner.page.getByRole('dialog').getByRole('button', { name: '撤销' }).click();
    await row.getByText('已撤销').waitFor();
    const late = await reader();
    await late.page.getByTestId('share-gone').getByText('分享链接不存在或已失效').waitFor();
    await late.context.close();
    expect(owner.errors).toEqual([]);
  });
});
