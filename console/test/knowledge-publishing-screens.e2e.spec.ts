import { mkdirSync } from 'node:fs';
import type { ApiDoc, DocDiff, HistoryEntry } from '@pmbok/api-types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { docOf, type KnowledgeMock, mockKnowledge, node, signUpWithTeam } from './fixtures/knowledgeMock';
import { mockPublishing, type PublishingMock, version } from './fixtures/publishingMock';
import { hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { poll } from './knowledgeHelpers';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const telephone = `136${String(Date.now()).slice(-7)}3`;

const nodes = [
  node(1, 0, 'folder', '宠物'),
  node(2, 1, 'api', '获取宠物', { method: 'GET', path: '/pets/{id}' }),
  node(3, 1, 'api', '删除宠物', { method: 'DELETE', path: '/pets/{id}' }),
  node(4, 0, 'page', '接入指南'),
];
const getPet = nodes[1]!;
const guide = nodes[3]!;

const apiDoc: ApiDoc = {
  method: 'GET',
  path: '/pets/{id}',
  status: 'released',
  tags: [],
  ownerId: 1,
  description: '按编号读取一只宠物',
  operationId: '',
  deprecated: false,
  parameters: [],
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
  responses: [],
  extra: {},
};

const changed: DocDiff = {
  projectStructureId: 2,
  projectDocId: 2,
  kind: 'api',
  name: '获取宠物',
  folderPath: ['宠物'],
  method: 'GET',
  path: '/pets/{id}',
  change: 'changed',
  breaking: true,
  fields: [
    {
      path: 'parameters.query.limit.required',
      change: 'changed',
      before: false,
      after: true,
      breaking: true,
      message: '查询参数 limit 改为必填',
    },
    {
      path: 'responses.200.schema.properties.name.type',
      change: 'changed',
      before: 'string',
      after: 'integer',
      breaking: true,
      message: '响应 200 的字段 name 类型由 string 改为 integer',
    },
    {
      path: 'description',
      change: 'changed',
      before: '按编号读取',
      after: '按编号读取一只宠物',
      breaking: false,
      message: '修改了说明',
    },
  ],
};
const pageChange: DocDiff = {
  projectStructureId: 4,
  projectDocId: 4,
  kind: 'page',
  name: '接入指南',
  folderPath: [],
  method: '',
  path: '',
  change: 'changed',
  breaking: false,
  fields: [
    {
      path: 'markdown',
      change: 'changed',
      before: '# 接入指南\n\n第一步：申请密钥\n第二步：调用接口\n',
      after: '# 接入指南\n\n第一步：申请密钥\n第二步：签名后调用接口\n第三步：处理回调\n',
      breaking: false,
      message: '修改了正文',
    },
  ],
};
const added: DocDiff = {
  ...changed,
  projectStructureId: 5,
  name: '新建宠物',
  method: 'POST',
  path: '/pets',
  change: 'added',
  breaking: false,
  fields: [],
};
const removed: DocDiff = {
  ...changed,
  projectStructureId: 3,
  name: '删除宠物',
  method: 'DELETE',
  change: 'removed',
  breaking: true,
  fields: [],
};

const entry = (entryId: number, extra: Partial<HistoryEntry>): HistoryEntry => ({
  entryId,
  changeId: `change-${entryId}`,
  at: Date.UTC(2026, 10, 20, 2, entryId),
  userId: 1,
  userName: '张三',
  action: 'doc-saved',
  projectStructureId: 2,
  projectDocId: 2,
  kind: 'api',
  name: '获取宠物',
  summary: '修改了接口 获取宠物 的 参数',
  fields: [],
  ...extra,
});

function publishing(): PublishingMock {
  return {
    versions: [version(1, 'v1.0', { notes: '首个对外版本' }), version(2, 'v1.1', { auto: true, notes: '' })],
    diff: { summary: { added: 1, removed: 1, changed: 2, breaking: 2 }, docs: [pageChange, added, changed, removed] },
    history: [
      entry(30, { fields: changed.fields.slice(0, 2), summary: '修改了接口 获取宠物 的 参数、响应' }),
      entry(20, {
        userId: 2,
        userName: '李四',
        action: 'node-renamed',
        summary: '把 宠物查询 重命名为 获取宠物',
        fields: [
          {
            path: 'name',
            change: 'changed',
            before: '宠物查询',
            after: '获取宠物',
            breaking: false,
            message: '名称由 宠物查询 改为 获取宠物',
          },
        ],
      }),
      entry(10, {
        action: 'imported',
        changeId: 'change-import',
        projectStructureId: 0,
        projectDocId: 0,
        kind: '',
        name: '',
        summary: '导入了 OpenAPI 文档：新增 3',
      }),
    ],
    versionNodes: nodes,
    versionDocs: new Map([
      [2, docOf(getPet, { api: apiDoc })],
      [4, docOf(guide, { page: { markdown: '# 接入指南\n\n第一步：申请密钥' } })],
    ]),
    calls: [],
  };
}

function project(role: KnowledgeMock['role']): KnowledgeMock {
  return { nodes, role, drops: [], newerVersion: null, docs: new Map() };
}

describe.skipIf(!hasChromium)('the versions and history screens (answers mocked in the browser)', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: { token: string; teamId: string };
  const errors: string[] = [];

  async function open(role: KnowledgeMock['role'], mock: PublishingMock, hash: string) {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1440, height: 960 }, locale: 'zh-CN' });
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
    page.on('console', (message) => {
      if (message.type() === 'error') console.warn('console error:', message.text());
    });
    await mockKnowledge(page, project(role));
    await mockPublishing(page, mock);
    await page.goto(`${app.url}/system/#${hash}`);
  }
  const callsOf = (mock: PublishingMock, call: string) => mock.calls.filter((c) => c.call === `project/${call}`);
  const docDiff = (name: string) => page.locator(`[data-testid="doc-diff"][data-name="${name}"]`);
  const versionRow = (name: string) => page.locator(`[data-testid="version-table"] tr[data-name="${name}"]`);

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
      await page?.screenshot({ path: `${screenshots}failed-publishing-screens-${name}.png` }).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('compares a version with now, breaking changes first and flagged, and restores one document', async () => {
    const mock = publishing();
    await open('owner', mock, '/project/version/1');
    await versionRow('v1.0').waitFor();
    expect(await versionRow('v1.1').getByText('自动').count()).toBe(1);

    await versionRow('v1.0').getByRole('button', { name: '与当前对比' }).click();
    await page.getByTestId('diff-summary').getByText('新增 1 · 删除 1 · 修改 2').waitFor();
    expect(callsOf(mock, 'compareVersions').at(-1)?.body).toMatchObject({ fromVersionId: '1', toVersionId: '0' });
    // breaking documents first, open, with the red chip; their breaking fields in red
    const order = await page
      .getByTestId('doc-diff')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
    expect(order).toEqual(['获取宠物', '删除宠物', '接入指南', '新建宠物']);
    const pet = docDiff('获取宠物');
    expect(await pet.getByTestId('breaking-chip').first().textContent()).toBe('2 处破坏性变更');
    const limit = pet.locator('[data-path="parameters.query.limit.required"]');
    await limit.getByText('查询参数 limit 改为必填').waitFor();
    expect(await limit.getAttribute('data-breaking')).toBe('true');
    expect(await limit.locator('[data-side="before"]').textContent()).toBe('false');
    expect(await limit.locator('[data-side="after"]').textContent()).toBe('true');
    expect(await pet.locator('[data-path="description"]').getByTestId('breaking-chip').count()).toBe(0);
    // a page's markdown compares line by line, side by side
    await docDiff('接入指南')
      .getByRole('button', { name: /接入指南/ })
      .click();
    await docDiff('接入指南').getByTestId('text-diff').locator('.cm-changedLine').first().waitFor();
    await page.screenshot({ path: `${screenshots}knowledge-version-compare.png`, fullPage: true });

    await page.getByRole('switch', { name: '只看破坏性变更' }).or(page.getByLabel('只看破坏性变更')).first().check();
    await poll(() => page.getByTestId('doc-diff').count()).toBe(2);

    // restore the changed document as it was in v1.0
    await pet.getByRole('button', { name: '恢复此文档' }).click();
    await page.getByRole('dialog').getByText('把“获取宠物”恢复为版本“v1.0”中的内容', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '恢复' }).click();
    await page.getByText('已恢复 1 篇文档').waitFor();
    expect(callsOf(mock, 'restoreVersion').at(-1)?.body).toMatchObject({ versionId: '1', projectStructureId: '2' });

    // two versions: the newer side picks v1.1, and the address keeps the pair
    await page.getByLabel('新版本').click();
    await page.getByRole('option', { name: /v1\.1/ }).click();
    await poll(() => callsOf(mock, 'compareVersions').at(-1)?.body.toVersionId).toBe('2');
    expect(await page.evaluate(() => window.location.hash)).toContain('from=1&to=2');
    // compared with a version, not now: nothing to restore from the comparison
    expect(await pet.getByRole('button', { name: '恢复此文档' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('saves, reads, restores and deletes versions', async () => {
    const mock = publishing();
    await open('owner', mock, '/project/version/1');
    await page.getByRole('button', { name: '保存版本' }).click();
    const dialog = page.getByRole('dialog', { name: '保存当前项目为版本' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请填写版本名称').waitFor();
    expect(callsOf(mock, 'saveProjectVersion')).toHaveLength(0);
    await dialog.getByLabel('版本名称').fill('v2.0');
    await dialog.getByLabel('说明').fill('联调前');
    await dialog.getByRole('button', { name: '保存' }).click();
    await versionRow('v2.0').waitFor();
    expect(callsOf(mock, 'saveProjectVersion')[0]?.body).toMatchObject({ name: 'v2.0', notes: '联调前' });

    // a version read: its tree, a document as it was then, restorable from there
    await versionRow('v1.0').getByRole('button', { name: '查看' }).click();
    const browser = page.getByRole('dialog', { name: '版本“v1.0”中的文档' });
    await browser.locator('[data-name="接入指南"]').click();
    await browser.getByTestId('page-view').getByText('第一步：申请密钥').waitFor();
    await browser.locator('[data-name="获取宠物"]').click();
    await browser.getByTestId('api-doc-view').waitFor();
    await browser.getByRole('button', { name: '恢复此文档' }).click();
    await page.getByRole('dialog', { name: '恢复文档' }).getByRole('button', { name: '恢复' }).click();
    await poll(() => callsOf(mock, 'restoreVersion').length).toBe(1);
    expect(callsOf(mock, 'restoreVersion')[0]?.body).toMatchObject({ versionId: '1', projectStructureId: '2' });
    await browser.getByRole('button', { name: '关闭' }).click();

    // the whole project back to v1.1
    await versionRow('v1.1').getByRole('button', { name: '恢复' }).click();
    await page.getByRole('dialog', { name: '恢复整个项目' }).getByRole('button', { name: '恢复' }).click();
    await page.getByText('已恢复 3 篇文档').waitFor();
    expect(callsOf(mock, 'restoreVersion')[1]?.body.projectStructureId).toBeUndefined();

    await versionRow('v1.0').getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '删除版本' }).getByRole('button', { name: '删除' }).click();
    await versionRow('v1.0').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('gives a viewer the comparison without save, restore or delete', async () => {
    await open('viewer', publishing(), '/project/version/1?from=1&to=0');
    await docDiff('获取宠物').waitFor();
    await page.getByText('你在本项目中只能查看版本').waitFor();
    expect(await page.getByRole('button', { name: '保存版本' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '恢复此文档' }).count()).toBe(0);
    expect(await versionRow('v1.0').locator('[data-action="restore"], [data-action="delete"]').count()).toBe(0);
  });

  it('opens a comparison of 5,000 changed documents a hundred at a time', async () => {
    const mock = publishing();
    const docs = Array.from({ length: 5000 }, (_, i) => ({
      ...changed,
      projectStructureId: 10_000 + i,
      name: `接口 ${i}`,
      breaking: i % 50 === 0,
    }));
    mock.diff = { summary: { added: 0, removed: 0, changed: 5000, breaking: 100 }, docs };
    const started = Date.now();
    await open('owner', mock, '/project/version/1?from=1&to=0');
    await docDiff('接口 0').waitFor();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await page.getByTestId('doc-diff').count()).toBe(100);
    // the hundred breaking ones come first, open
    expect(await page.locator('[data-testid="doc-diff"][data-breaking="true"]').count()).toBe(100);
    await page.getByTestId('diff-more').getByText('显示更多（还有 4900 篇）').click();
    await poll(() => page.getByTestId('doc-diff').count()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('shows the history with per-field changes, filters it, restores a document and reverts a change', async () => {
    const mock = publishing();
    await open('owner', mock, '/project/history/1');
    const entries = page.getByTestId('history-entry');
    await poll(() => entries.count()).toBe(3);
    const saved = page.locator('[data-testid="history-entry"][data-entry-id="30"]');
    await saved.getByRole('button', { name: '查看字段变化（2）' }).click();
    const limit = saved.locator('[data-path="parameters.query.limit.required"]');
    await limit.getByTestId('breaking-chip').waitFor();
    await saved.locator('.MuiCollapse-entered').waitFor();
    expect(await limit.locator('[data-side="before"]').textContent()).toBe('false');
    await page.screenshot({ path: `${screenshots}knowledge-history.png`, fullPage: true });

    // filters: member, then the document, kept in the address
    await page.getByTestId('history-filters').getByLabel('成员').click();
    await page.getByRole('option', { name: '张三' }).click();
    await poll(() => callsOf(mock, 'history').at(-1)?.body.userId).toBe('1');
    await poll(() => entries.count()).toBe(2);
    await saved.getByRole('button', { name: '只看此文档' }).click();
    await poll(() => callsOf(mock, 'history').at(-1)?.body.projectStructureId).toBe('2');
    expect(await page.evaluate(() => window.location.hash)).toMatch(/user=1&node=2/);
    await page.getByRole('button', { name: '清除筛选' }).click();
    await poll(() => entries.count()).toBe(3);

    await saved.getByRole('button', { name: '恢复到此处' }).click();
    await page.getByRole('dialog', { name: '恢复文档' }).getByRole('button', { name: '恢复' }).click();
    await page.getByText('文档已恢复').waitFor();
    expect(callsOf(mock, 'restoreDoc')[0]?.body).toMatchObject({ projectStructureId: '2', entryId: '30' });

    // an import has no document to restore, and is reverted as one change
    const imported = page.locator('[data-testid="history-entry"][data-action="imported"]');
    expect(await imported.getByRole('button', { name: '恢复到此处' }).count()).toBe(0);
    await imported.getByRole('button', { name: '撤销此次修改' }).click();
    await page.getByRole('dialog', { name: '撤销修改' }).getByRole('button', { name: '撤销此次修改' }).click();
    await page.getByText('已撤销，恢复了 2 项').waitFor();
    expect(callsOf(mock, 'revertChange')[0]?.body).toMatchObject({ changeId: 'change-import' });
    expect(errors).toEqual([]);
  });
});
