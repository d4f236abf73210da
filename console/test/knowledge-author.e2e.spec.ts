import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const telephone = `139${String(Date.now()).slice(-7)}5`;

if (!hasChromium) console.warn(`creator centre e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the creator centre lists the documents the user wrote', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId: string;
  const errors: string[] = [];
  const call = async (path: string, body: Record<string, string | number>) => {
    const answer = await callApi(app.url, `project/${path}`, { teamId, ...body }, token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };
  const rowNames = () =>
    page.getByTestId('author-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    ({ token, teamId } = await signUpWithTeam(app.url, telephone, outboxCode));
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(
      ([t, team]) => {
        localStorage.setItem('teamCheckTime', String(Date.now()));
        localStorage.setItem('authorize_token', t as string);
        localStorage.setItem('teamId', team as string);
      },
      [token, teamId],
    );
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') {
      console.warn('page errors', errors);
      await page.screenshot({ path: `${screenshots}failed-author.png` }).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('starts empty with a way to the knowledge projects', async () => {
    await page.goto(`${app.url}/system/#/userAuthor/index`);
    const empty = page.getByTestId('author-empty');
    await empty.getByText('还没有你编写的文档').waitFor();
    await page.screenshot({ path: `${screenshots}knowledge-author-empty.png`, animations: 'disabled' });
    await empty.getByRole('button', { name: '前往知识库' }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/api'));
  });

  it('lists an API document and a page across projects, filters them and opens one', async () => {
    const project = async (name: string) =>
      (await call('create', { name, privateType: 'members', docPrivateType: 'private', versionUpdateType: 'manual' }))
        .projectId as number;
    const payments = await project('支付中台');
    const members = await project('会员中心');
    const refund = await call('addStructure', {
      projectId: payments,
      parentId: 0,
      kind: 'api',
      name: '申请退款',
      method: 'POST',
      path: '/refunds',
    });
    // released, so the header counts it and the status chip says so
    const detail = await call('docDetail', { projectId: payments, projectStructureId: refund.projectStructureId });
    await call('saveDoc', {
      projectId: payments,
      projectStructureId: refund.projectStructureId,
      baseVersion: detail.version,
      doc: JSON.stringify({ ...detail.api, status: 'released' }),
    });
    await call('addStructure', { projectId: members, parentId: 0, kind: 'page', name: '接入指南' });
    await call('addStructure', { projectId: members, parentId: 0, kind: 'folder', name: '目录不算文档' });

    await page.goto(`${app.url}/system/#/userAuthor/index`);
    await page.getByTestId('author-row').first().waitFor();
    expect((await rowNames()).sort()).toEqual(['接入指南', '申请退款']);
    expect(await page.getByTestId('author-total').allInnerTexts()).toEqual(['2', '1', '1', '1']);
    const refundRow = page.locator('[data-testid="author-row"][data-name="申请退款"]');
    const cells = await refundRow.getByRole('cell').allTextContents();
    expect(cells.slice(0, 5)).toEqual(['POST申请退款', '支付中台', '/refunds', '已发布', '—']);
    expect(cells[5]).toMatch(/^(刚刚|\d+ 分钟前)$/);
    await page.getByRole('columnheader', { name: '浏览量' }).getByText('浏览量').hover();
    await page.getByRole('tooltip').getByText('浏览量从文档通过分享链接被打开时开始计数').waitFor();
    await page.screenshot({ path: `${screenshots}knowledge-author.png`, animations: 'disabled' });

    const filters = page.getByTestId('author-filters');
    await filters.getByRole('button', { name: '页面', exact: true }).click();
    await poll(rowNames).toEqual(['接入指南']);
    await filters.getByRole('button', { name: '接口', exact: true }).click();
    await poll(rowNames).toEqual(['申请退款']);
    await filters.getByRole('button', { name: '全部', exact: true }).click();
    await filters.getByRole('combobox', { name: '状态' }).click();
    await page.getByRole('option', { name: '测试中' }).click();
    await page.getByTestId('author-no-match').getByRole('button', { name: '清除筛选' }).click();
    await poll(async () => (await rowNames()).length).toBe(2);
    await filters.getByLabel('搜索名称或路径').fill('/refu');
    await poll(rowNames).toEqual(['申请退款']);
    await filters.getByLabel('搜索名称或路径').fill('');
    await filters.getByRole('combobox', { name: '项目' }).click();
    await page.getByRole('option', { name: '会员中心' }).click();
    await poll(rowNames).toEqual(['接入指南']);
    await filters.getByRole('combobox', { name: '项目' }).click();
    await page.getByRole('option', { name: '全部项目' }).click();
    await poll(async () => (await rowNames()).length).toBe(2);

    await refundRow.click();
    await page.waitForFunction(
      (expected) => window.location.hash === expected,
      `#/project/index/${payments}?doc=${refund.projectStructureId}`,
    );
    await page.getByTestId('api-doc-view').getByTestId('api-path').getByText('/refunds').waitFor();
    expect(errors).toEqual([]);
  });
});
