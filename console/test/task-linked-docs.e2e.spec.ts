import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const stamp = String(Date.now()).slice(-7);

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

if (!hasChromium) console.warn(`task linked docs e2e skipped: no Chromium at ${chromiumPath}`);

interface Answer {
  code: number;
  msg: string;
  // answers are read field by field in the assertions
  data: any;
}

/** Issue 15: the task drawer lists the knowledge documents linked to the task, as far as the viewer may see them. */
describe.skipIf(!hasChromium)('the task drawer’s linked documents', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: string;
  let taskOnly: string;
  let teamId: string;
  let projectId: string;
  let taskProjectId: string;
  let taskId: string;
  let apiId: string;

  const call = async (path: string, body: Record<string, string>, token = ''): Promise<Answer> => {
    const response = await fetch(`${app.url}/pmbok/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
      body: new URLSearchParams(body),
    });
    return (await response.json()) as Answer;
  };
  const ok = async (path: string, body: Record<string, string>, token: string) => {
    const answer = await call(path, { teamId, ...body }, token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };
  async function register(telephone: string) {
    expect((await call('user/sendRegisterCode', { username: telephone, smsType: '2' })).code).toBe(200);
    const code = await outboxCode(app.url, telephone);
    const password = 'Passw0rd!';
    const answer = await call('user/register', { telephone, password, repeatPassword: password, code });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.token as string;
  }
  async function drawerOf(token: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(
      ([signedIn, team]) => {
        localStorage.setItem('teamCheckTime', String(Date.now()));
        localStorage.setItem('authorize_token', signedIn as string);
        localStorage.setItem('teamId', team as string);
      },
      [token, teamId],
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/system/#/task/home/${taskProjectId}?task=${taskId}`);
    await page.getByTestId('task-drawer').getByText('关联文档', { exact: true }).waitFor({ timeout: 15_000 });
    return page;
  }

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    owner = await register(`136${stamp}1`);
    taskOnly = await register(`136${stamp}2`);
    teamId = String((await call('team/create', { teamName: '联动组' }, owner)).data.teamId);
    const { shareCode } = await ok('team/shareInfo', {}, owner);
    expect((await call('team/shareJoin', { shareCode }, taskOnly)).code).toBe(200);
    const taskOnlyId = String((await ok('userInfo/getUserInfo', {}, taskOnly)).userId);

    projectId = String((await ok('project/create', { name: '订单接口', privateType: 'members' }, owner)).projectId);
    const api = { projectId, kind: 'api', name: '支付订单', method: 'post', path: '/orders/{orderId}/pay' };
    apiId = String((await ok('project/addStructure', api, owner)).projectStructureId);
    const page = { projectId, kind: 'page', name: '对接说明' };
    const pageId = String((await ok('project/addStructure', page, owner)).projectStructureId);

    taskProjectId = String((await ok('task/newProject', { name: '支付迭代' }, owner)).taskProjectId);
    await ok('task/batchCreateProjectUser', { projectId: taskProjectId, userIds: `[${taskOnlyId}]` }, owner);
    taskId = String((await ok('task/newTask', { projectId: taskProjectId, name: '实现支付接口' }, owner)).taskId);
    for (const node of [apiId, pageId]) {
      await ok('project/linkTask', { projectId, projectStructureId: node, taskProjectId, taskId }, owner);
    }
    // The task service learns of the links from the project service's events.
    await vi.waitFor(
      async () => {
        const { linkedDocs } = await ok('task/taskDetail', { projectId: taskProjectId, taskId }, owner);
        expect(linkedDocs).toHaveLength(2);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the linked documents to a member of their project, and opens one in the workspace', async () => {
    const page = await drawerOf(owner);
    const section = page.getByRole('region', { name: '关联文档' });
    await section.getByText('支付订单').waitFor();
    await section.getByText('对接说明').waitFor();
    expect(await section.getByTestId('linked-doc-method').allTextContents()).toEqual(['POST']);
    await section.getByText('订单接口 · /orders/{orderId}/pay').waitFor();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}task-linked-docs.png`, animations: 'disabled' });

    await section.getByRole('link', { name: /支付订单/ }).click();
    await page.waitForFunction(
      (expected) => decodeURIComponent(window.location.hash) === expected,
      `#/project/index/${projectId}?doc=${apiId}`,
    );
    const path = page.getByTestId('api-doc-view').getByTestId('api-path');
    await poll(() => path.textContent({ timeout: 15_000 })).toContain('/orders/{orderId}/pay');
    await page.screenshot({ path: `${screenshots}task-linked-doc-opened.png`, animations: 'disabled' });
    await page.context().close();
  });

  it('shows nothing of them to a task member outside the members-only knowledge project', async () => {
    const page = await drawerOf(taskOnly);
    const section = page.getByRole('region', { name: '关联文档' });
    await section.getByText('暂无关联文档', { exact: false }).waitFor();
    expect(await section.getByText('支付订单').count()).toBe(0);
    await page.context().close();
  });
});
