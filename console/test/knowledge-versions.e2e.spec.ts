import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { createPetProject, docDetail, petApi, saveApi, savePage } from './fixtures/petProject';
import { hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll, screenshots } from './knowledgeHelpers';

const telephone = `135${String(Date.now()).slice(-7)}4`;

describe.skipIf(!hasChromium)('versions of a knowledge project, on the real server', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let ids: Awaited<ReturnType<typeof createPetProject>>;
  const versionRow = (name: string) => owner.page.locator(`[data-testid="version-table"] tr[data-name="${name}"]`);
  const docDiff = (name: string) => owner.page.locator(`[data-testid="doc-diff"][data-name="${name}"]`);

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    const account = await signUpWithTeam(app.url, telephone, outboxCode);
    owner = await Person.open(browser, app.url);
    await owner.signedInAs(account.token, account.teamId);
    ids = await createPetProject(owner);
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') {
      await owner?.shot(`failed-knowledge-versions-${test.task.name.slice(0, 16).replace(/\W+/g, '-')}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('saves a version from the screen', async () => {
    await owner.goto(`/project/version/${ids.projectId}`);
    await owner.page.getByTestId('versions-empty').waitFor();
    await owner.page.getByRole('button', { name: '保存版本' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '保存当前项目为版本' });
    await dialog.getByLabel('版本名称').fill('v1.0');
    await dialog.getByLabel('说明').fill('首个对外版本');
    await dialog.getByRole('button', { name: '保存' }).click();
    await versionRow('v1.0').waitFor();
    expect(await versionRow('v1.0').textContent()).toContain('首个对外版本');
    const listed = (await owner.call('project/projectVersions', { projectId: ids.projectId })).data.list;
    expect(listed).toMatchObject([{ name: 'v1.0', notes: '首个对外版本', auto: false }]);
  });

  it('compares the version with now after a breaking change and flags it', async () => {
    await saveApi(owner, ids.projectId, ids.apiId, petApi(2));
    await savePage(owner, ids.projectId, ids.pageId, '# 接入指南\n\n第一步：申请密钥\n第二步：签名后调用接口\n');
    await owner.goto(`/project/version/${ids.projectId}`);
    await versionRow('v1.0').getByRole('button', { name: '与当前对比' }).click();
    const api = docDiff('列出宠物');
    await api.waitFor();
    expect(await api.getAttribute('data-breaking')).toBe('true');
    expect(await api.getAttribute('data-change')).toBe('changed');
    // the breaking document comes first and opens by itself, its breaking fields in red with the chip
    expect(await owner.page.getByTestId('doc-diff').first().getAttribute('data-name')).toBe('列出宠物');
    const breaking = api.locator('[data-testid="field-diffs"] > li[data-breaking="true"]');
    await poll(() => breaking.count()).toBeGreaterThanOrEqual(2);
    const limit = api.locator('li[data-path*="limit"]').first();
    expect(await limit.getAttribute('data-breaking')).toBe('true');
    await limit.getByTestId('breaking-chip').waitFor();
    expect(await api.locator('li[data-path*="name"]').first().getAttribute('data-breaking')).toBe('true');
    expect(await docDiff('接入指南').getAttribute('data-breaking')).toBe('false');
    await owner.page.getByTestId('diff-summary').getByText('修改 2').waitFor();
    await owner.settle();
    await owner.shot('knowledge-version-compare-real', true);
  });

  it('compares two versions picked on both sides', async () => {
    const saved = await owner.call('project/saveProjectVersion', { projectId: ids.projectId, name: 'v1.1', notes: '' });
    expect(saved.code).toBe(200);
    await owner.goto(`/project/version/${ids.projectId}?from=0`);
    await versionRow('v1.1').waitFor();
    await versionRow('v1.0').getByRole('button', { name: '与当前对比' }).click();
    await docDiff('列出宠物').waitFor();
    await owner.page.getByLabel('新版本').click();
    await owner.page.getByRole('option', { name: /v1\.1/ }).click();
    await owner.waitForHash(/to=[1-9]/);
    // v1.0 → v1.1 holds the same breaking save; between two versions nothing is offered for restoring
    await poll(() => docDiff('列出宠物').getAttribute('data-breaking')).toBe('true');
    expect(await docDiff('列出宠物').getByRole('button', { name: '恢复此文档' }).count()).toBe(0);
    // v1.1 → now: nothing changed since
    await owner.page.getByRole('button', { name: '交换' }).click();
    await owner.page.getByLabel('新版本').click();
    await owner.page.getByRole('option', { name: /当前/ }).click();
    await owner.page.getByText('两个版本的文档完全相同').waitFor();
    await versionRow('v1.1').getByRole('button', { name: '删除' }).click();
    await owner.page.getByRole('dialog', { name: '删除版本' }).getByRole('button', { name: '删除' }).click();
    await versionRow('v1.1').waitFor({ state: 'detached' });
    // the comparison of a deleted version closes
    await owner.page.getByTestId('version-compare').waitFor({ state: 'detached' });
    await versionRow('v1.0').getByRole('button', { name: '与当前对比' }).click();
    await docDiff('列出宠物').waitFor();
  });

  it('reads the document as it was in the version', async () => {
    await versionRow('v1.0').getByRole('button', { name: '查看' }).click();
    const reader = owner.page.getByRole('dialog', { name: '版本“v1.0”中的文档' });
    await reader.locator('[data-name="列出宠物"]').click();
    await reader.getByTestId('api-doc-view').getByText('列出宠物', { exact: true }).first().waitFor();
    await reader.locator('[data-name="接入指南"]').click();
    await reader.getByTestId('page-view').getByText('第二步：调用接口').waitFor();
    await owner.settle();
    await owner.shot('knowledge-version-browser');
    await reader.getByRole('button', { name: '关闭' }).click();
    await reader.waitFor({ state: 'hidden' });
  });

  it('exports the project as it was in the version', async () => {
    await versionRow('v1.0').getByRole('button', { name: '导出' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '导出' });
    await dialog.getByText(/v1\.0/).waitFor();
    const download = owner.page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载' }).click();
    const file = await download;
    const path = await file.path();
    const spec = JSON.parse(readFileSync(path, 'utf8'));
    // now limit is required and the description longer; in v1.0 neither
    const operation = spec.paths['/pets'].get;
    expect(operation.description).toBe('列出宠物');
    const limit = operation.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.in).toBe('query');
    expect(limit.required ?? false).toBe(false);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('restores the API from the comparison, after which it is the same as in the version', async () => {
    await docDiff('列出宠物').getByRole('button', { name: '恢复此文档' }).click();
    await owner.page.getByRole('dialog', { name: '恢复文档' }).getByRole('button', { name: '恢复' }).click();
    await owner.text('已恢复 1 篇文档');
    const restored = await docDetail(owner, ids.projectId, ids.apiId);
    expect(restored.api.parameters[0]).toMatchObject({ name: 'limit', required: false });
    expect(restored.api.responses[0].schema).toEqual(petApi(1).responses[0]?.schema);
    // the comparison with now is read again: the API no longer differs, the page still does
    await docDiff('列出宠物').waitFor({ state: 'detached' });
    await docDiff('接入指南').waitFor();
  });

  it('restores the whole project and deletes the version', async () => {
    await versionRow('v1.0').getByRole('button', { name: '恢复' }).click();
    await owner.page.getByRole('dialog', { name: '恢复整个项目' }).getByRole('button', { name: '恢复' }).click();
    await poll(async () => (await docDetail(owner, ids.projectId, ids.pageId)).page.markdown).toContain(
      '第二步：调用接口',
    );
    await owner.page.getByTestId('diff-view').getByText('两个版本的文档完全相同').waitFor();

    await versionRow('v1.0').getByRole('button', { name: '删除' }).click();
    await owner.page.getByRole('dialog', { name: '删除版本' }).getByRole('button', { name: '删除' }).click();
    await owner.page.getByTestId('versions-empty').waitFor();
    expect(owner.errors).toEqual([]);
  });
});
