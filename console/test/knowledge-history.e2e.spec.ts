import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { createPetProject, docDetail, petApi, saveApi } from './fixtures/petProject';
import { hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll, screenshots } from './knowledgeHelpers';

const telephone = `134${String(Date.now()).slice(-7)}5`;

describe.skipIf(!hasChromium)('the change history of a knowledge project, on the real server', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let ids: Awaited<ReturnType<typeof createPetProject>>;
  const entries = () => owner.page.getByTestId('history-entry');
  const entry = (action: string, name: string) =>
    owner.page.locator(`[data-testid="history-entry"][data-action="${action}"][data-name="${name}"]`);
  const nodeName = async (id: number) =>
    (
      (await owner.call('project/projectStructure', { projectId: ids.projectId })).data.nodes as {
        projectStructureId: number;
        name: string;
      }[]
    ).find((node) => node.projectStructureId === id)?.name;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    const account = await signUpWithTeam(app.url, telephone, outboxCode);
    owner = await Person.open(browser, app.url);
    await owner.signedInAs(account.token, account.teamId);
    ids = await createPetProject(owner);
    // two changes after the project was made: a breaking save of the API and a rename of the page
    await saveApi(owner, ids.projectId, ids.apiId, petApi(2));
    const renamed = await owner.call('project/updateStructure', {
      projectId: ids.projectId,
      projectStructureId: ids.pageId,
      name: '接入说明',
    });
    expect(renamed.code).toBe(200);
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') {
      await owner?.shot(`failed-knowledge-history-${test.task.name.slice(0, 16).replace(/\W+/g, '-')}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists every change newest first, with the save’s per-field before and after', async () => {
    await owner.goto(`/project/history/${ids.projectId}`);
    await entry('node-renamed', '接入说明').waitFor();
    expect(await entries().first().getAttribute('data-action')).toBe('node-renamed');
    expect(await entry('node-renamed', '接入说明').getByTestId('history-summary').textContent()).toContain('接入说明');

    const saves = entry('doc-saved', '列出宠物');
    await poll(() => saves.count()).toBe(2);
    const breakingSave = saves.first();
    await breakingSave.getByRole('button', { name: /查看字段变化/ }).click();
    const limit = breakingSave.locator('li[data-path*="limit"]').first();
    await limit.getByTestId('breaking-chip').waitFor();
    expect(await limit.locator('[data-side="before"]').textContent()).toBe('false');
    expect(await limit.locator('[data-side="after"]').textContent()).toBe('true');
    await breakingSave.locator('.MuiCollapse-entered').waitFor();
    await owner.settle();
    await owner.shot('knowledge-history-real', true);
  });

  it('filters by document, member and dates', async () => {
    const all = await entries().count();
    await entry('doc-saved', '列出宠物').first().getByRole('button', { name: '只看此文档' }).click();
    await poll(
      async () => new Set(await entries().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))),
    ).toEqual(new Set(['列出宠物']));
    await owner.page.getByRole('button', { name: '清除筛选' }).click();
    await poll(() => entries().count()).toBe(all);

    await owner.page.getByTestId('history-filters').getByLabel('成员').click();
    await owner.page.getByRole('option').nth(1).click();
    await poll(async () => owner.page.evaluate(() => window.location.hash)).toMatch(/user=\d+/);
    await poll(() => entries().count()).toBe(all);

    await owner.page.getByLabel('开始日期').fill('2020-01-01');
    await owner.page.getByLabel('结束日期').fill('2020-01-02');
    await owner.page.getByTestId('history-empty').waitFor();
    await owner.page.getByRole('button', { name: '清除筛选' }).click();
    await poll(() => entries().count()).toBe(all);
  });

  it('opens a document’s own timeline from the workspace', async () => {
    await owner.goto(`/project/index/${ids.projectId}?doc=${ids.apiId}`);
    await owner.page.getByTestId('api-doc-view').getByTestId('doc-history-link').click();
    await owner.waitForHash(new RegExp(`/project/history/${ids.projectId}\\?node=${ids.apiId}`));
    await poll(
      async () => new Set(await entries().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))),
    ).toEqual(new Set(['列出宠物']));
    expect(await entries().count()).toBeGreaterThanOrEqual(3);
    await owner.page.getByRole('button', { name: '清除筛选' }).click();
  });

  it('restores the API to how it was after its first save', async () => {
    const firstSave = entry('doc-saved', '列出宠物').last();
    await firstSave.getByRole('button', { name: '恢复到此处' }).click();
    await owner.page.getByRole('dialog', { name: '恢复文档' }).getByRole('button', { name: '恢复' }).click();
    await owner.text('文档已恢复');
    const restored = await docDetail(owner, ids.projectId, ids.apiId);
    expect(restored.api.parameters[0]).toMatchObject({ name: 'limit', required: false });
    expect(restored.api.description).toBe('列出宠物');
    // the restore is a change of its own, at the top
    await poll(() => entries().first().getAttribute('data-name')).toBe('列出宠物');
  });

  it('reverts the rename', async () => {
    await entry('node-renamed', '接入说明').getByRole('button', { name: '撤销此次修改' }).click();
    await owner.page.getByRole('dialog', { name: '撤销修改' }).getByRole('button', { name: '撤销此次修改' }).click();
    await owner.text(/已撤销/);
    await poll(() => nodeName(ids.pageId)).toBe('接入指南');
    expect(owner.errors).toEqual([]);
  });
});
