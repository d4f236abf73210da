import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decryptScript } from '../src/knowledge/scriptCipher';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const stamp = String(Date.now()).slice(-7);
const phoneA = `137${stamp}1`;
const phoneB = `137${stamp}2`;
const password = 'Passw0rd!';

if (!hasChromium) console.warn(`knowledge projects e2e skipped: no Chromium at ${chromiumPath}`);

interface Answer {
  code: number;
  msg: string;
  // answers are read field by field in the assertions
  data: any;
}

/** One person's browser, signed in on its own context. */
class Person {
  readonly errors: string[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly url: string,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
  }

  static async open(browser: Browser, url: string): Promise<Person> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    // the team-check dialog belongs to the teams e2e: here it is never due
    await context.addInitScript(() => localStorage.setItem('teamCheckTime', String(Date.now())));
    return new Person(context, await context.newPage(), url);
  }

  goto(hashPath: string) {
    return this.page.goto(`${this.url}/system/#${hashPath}`);
  }
  waitForHash(pattern: RegExp) {
    return this.page.waitForFunction((source) => new RegExp(source).test(window.location.hash), pattern.source);
  }
  text(text: string | RegExp, within: Page | Locator = this.page) {
    return within.getByText(text).first().waitFor({ timeout: 10_000 });
  }
  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }
  card(name: string) {
    return this.page.locator(`[data-testid="knowledge-card"][data-name="${name}"]`);
  }
  tab(name: string) {
    return this.page.getByRole('tab', { name, exact: true });
  }
  shot(name: string) {
    return this.page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true, animations: 'disabled' });
  }
  storage(key: string) {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }
  async call(path: string, body: Record<string, string> = {}): Promise<Answer> {
    const [token, teamId] = [await this.storage('authorize_token'), await this.storage('teamId')];
    const response = await fetch(`${this.url}/pmbok/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token ?? '' },
      body: new URLSearchParams({ teamId: teamId ?? '', ...body }),
    });
    return (await response.json()) as Answer;
  }
  async cardNames() {
    return this.page
      .getByTestId('knowledge-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-name')));
  }

  async register(telephone: string) {
    const field = (name: string) => this.page.locator(`input[name="${name}"]`);
    for (const [name, value] of [
      ['telephone', telephone],
      ['password', password],
      ['repeatPassword', password],
    ] as const) {
      await field(name).fill(value);
      await field(name).blur();
    }
    await this.page.getByTestId('sms-button').click();
    await this.text('验证码已生成，请在运行 npm start 的终端中查看');
    await field('code').fill(await outboxCode(this.url, telephone));
    await field('code').blur();
    await this.page.getByRole('button', { name: '注册', exact: true }).click();
    await this.text('账户已注册成功');
  }
}

/** Waits for what the server answers through the screens, which may take more than expect.poll's 1 s. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

/** A 1×1 PNG, the smallest logo an upload accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const projectIdOf = (hash: string) => hash.match(/\/project\/index\/(\d+)/)?.[1] ?? '';

describe.skipIf(!hasChromium)('knowledge projects: the list, the template picker and the settings', () => {
  let app: RunningApp;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let projectId: string;
  let bId: number;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    a = await Person.open(browser, app.url);
    b = await Person.open(browser, app.url);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    console.warn('page errors', a?.errors, b?.errors);
    for (const [who, person] of Object.entries({ a, b })) {
      await person?.shot(`knowledge-failed-${who}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('without a team /api offers to create one; with a team and no projects, the empty state', async () => {
    await a.goto('/login?form=register');
    await a.register(phoneA);
    const guide = a.dialog('欢迎使用快速指引');
    await guide.getByRole('button', { name: '稍后再说' }).click();
    await a.goto('/api');
    await a.page.getByTestId('no-team').waitFor();

    await a.page.getByRole('button', { name: '创建团队' }).click();
    await guide.locator('input[name="teamName"]').fill('研发部');
    await guide.getByRole('button', { name: '创建团队' }).click();
    await a.text('团队信息创建成功');
    await a.waitForHash(/^#\/index\?t=/);
    await a.goto('/api');
    await a.page.getByTestId('no-projects').waitFor();
  });

  it('creates a blank project and opens its documents as new', async () => {
    await a.page.getByTestId('no-projects').getByRole('button', { name: '新建项目' }).click();
    const dialog = a.dialog('新建知识库项目');
    expect(await dialog.getByTestId('blank-project').getAttribute('aria-pressed')).toBe('true');
    await a.text('空白项目', dialog);
    await dialog.locator('input[name="name"]').fill('支付中台接口');
    await dialog.locator('textarea[name="description"]').fill('收银台、退款与对账接口');
    await dialog.getByRole('button', { name: '新建' }).click();
    await a.waitForHash(/^#\/project\/index\/\d+\?isNew=1$/);
    projectId = projectIdOf(await a.page.evaluate(() => window.location.hash));
    expect((await a.call('project/detail', { projectId })).data).toMatchObject({
      name: '支付中台接口',
      myRole: 'owner',
    });
  });

  it('lists the projects starred first, searches them, and creates one from a template', async () => {
    for (const [name, isTemplate] of [
      ['会员中心', '0'],
      ['RESTful 接口模板', '1'],
    ] as const) {
      const created = await a.call('project/create', {
        name,
        description: `${name}的说明`,
        logo: '',
        poster: '3',
        privateType: 'team',
        docPrivateType: 'private',
        versionUpdateType: 'manual',
        isTemplate,
      });
      expect(created.code).toBe(200);
    }
    await a.goto('/api');
    await a.card('会员中心').waitFor();
    await a.card('支付中台接口').getByTestId('star-toggle').click();
    await poll(() => a.card('支付中台接口').getAttribute('data-starred')).toBe('true');
    await poll(() => a.cardNames().then((names) => names[0])).toBe('支付中台接口');

    await a.page.getByLabel('搜索项目名称或描述').fill('会员');
    await poll(() => a.cardNames()).toEqual(['会员中心']);
    await a.page.getByLabel('搜索项目名称或描述').fill('');
    await a.shot('knowledge-list');

    await a.page.getByRole('button', { name: '新建项目' }).click();
    const dialog = a.dialog('新建知识库项目');
    await a.text('RESTful 接口模板', dialog);
    await a.shot('knowledge-template-picker');
    const card = dialog.locator('.MuiCard-root', { hasText: 'RESTful 接口模板' });
    const [preview] = await Promise.all([
      a.context.waitForEvent('page'),
      card.getByRole('button', { name: '预览' }).click(),
    ]);
    await poll(() => preview.url()).toMatch(/#\/project\/index\/\d+$/);
    await preview.close();
    await card.getByRole('button', { name: '使用' }).click();
    await dialog.locator('input[name="name"]').fill('订单服务接口');
    await dialog.getByRole('button', { name: '新建' }).click();
    await a.waitForHash(/^#\/project\/index\/\d+\?isNew=1$/);
    const copyId = projectIdOf(await a.page.evaluate(() => window.location.hash));
    expect((await a.call('project/detail', { projectId: copyId })).data.name).toBe('订单服务接口');
  });

  it('B joins the team; the owner adds B to the project as a viewer from the members tab', async () => {
    const { shareCode } = (await a.call('team/shareInfo', { teamId: (await a.storage('teamId')) ?? '' })).data;
    await b.page.goto(`${app.url}/system/#/invite/${shareCode}`);
    await b.page.getByRole('button', { name: '注册新账号' }).click();
    await b.register(phoneB);
    await b.waitForHash(/^#\/invite\//);
    await b.page.getByRole('button', { name: '加入团队' }).click();
    await b.waitForHash(/^#\/index\?t=/);
    bId = (await b.call('userInfo/getUserInfo')).data.userId;

    await a.goto(`/project/setting/${projectId}?tab=members`);
    await a.page.getByTestId('members-tab').waitFor();
    await a.page.getByRole('button', { name: '添加成员' }).click();
    const dialog = a.dialog('添加成员');
    await dialog.getByTestId('candidate').first().click();
    await dialog.getByLabel(/只读成员/).check();
    await a.shot('knowledge-add-members');
    await dialog.getByRole('button', { name: '添加' }).click();
    await a.text('已添加 1 名成员');
    await poll(() => a.page.getByTestId('member-row').count()).toBe(2);
    await a.shot('knowledge-setting-members');
    const roleOfB = async () =>
      (await a.call('project/projectUser', { projectId })).data.find((m: { userId: number }) => m.userId === bId)?.role;
    expect(await roleOfB()).toBe('viewer');

    const select = a.page.getByRole('combobox', { name: /的角色$/ });
    await select.click();
    await a.page.getByRole('option', { name: '编辑者' }).click();
    await poll(roleOfB).toBe('editor');
    await select.click();
    await a.page.getByRole('option', { name: '只读成员' }).click();
    await poll(roleOfB).toBe('viewer');
  });

  it('the owner changes the general fields, environments, response codes and scripts', async () => {
    await a.goto(`/project/setting/${projectId}`);
    await a.page.locator('textarea[name="description"]').fill('统一收银台、退款与对账接口');
    await a.page.getByLabel(/仅项目成员可见/).check();
    await a.page.getByLabel(/自动保存/).check();
    await a.page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await a.page.getByTestId('logo').waitFor();
    await a.page.getByRole('button', { name: '保存' }).click();
    await a.text('项目信息已保存');
    expect((await a.call('project/detail', { projectId })).data).toMatchObject({
      description: '统一收银台、退款与对账接口',
      privateType: 'members',
      versionUpdateType: 'auto',
      logo: expect.stringMatching(/\S/),
    });
    await a.shot('knowledge-setting-general');

    await a.tab('环境').click();
    await a.page.getByRole('button', { name: '新建环境' }).click();
    const env = a.dialog('新建环境');
    await env.locator('input[name="name"]').fill('测试环境');
    await env.locator('input[name="baseUrl"]').fill('ftp://nope');
    await a.text('请输入以 http:// 或 https:// 开头的地址', env);
    await env.locator('input[name="baseUrl"]').fill('https://test-api.example.com');
    await env.getByLabel('环境变量 1 名称').fill('appId');
    await env.getByLabel('环境变量 1 值').fill('wx-test');
    await a.shot('knowledge-environment-dialog');
    await env.getByRole('button', { name: '保存' }).click();
    await a.page.locator('[data-testid="environment"][data-name="测试环境"]').waitFor();
    const [saved] = (await a.call('project/projectBaseUrl', { projectId })).data;
    expect(saved).toMatchObject({ name: '测试环境', baseUrl: 'https://test-api.example.com' });
    expect(saved.variables).toEqual([{ name: 'appId', value: 'wx-test', description: '', secret: false }]);
    await a.shot('knowledge-setting-environments');

    await a.tab('响应码').click();
    await a.page.getByRole('button', { name: '新建响应码' }).click();
    const code = a.dialog('新建响应码');
    await code.locator('input[name="code"]').fill('40001');
    await code.locator('input[name="meaning"]').fill('签名错误');
    await code.locator('textarea[name="solution"]').fill('检查 appSecret 与签名算法');
    await code.getByRole('button', { name: '保存' }).click();
    await a.page.locator('[data-testid="response-code"][data-code="40001"]').waitFor();
    await a.shot('knowledge-setting-response-codes');

    await a.tab('前后置脚本').click();
    const before = a.page.getByTestId('script-before');
    await before.locator('.cm-content').click();
    await a.page.keyboard.insertText("pm.environment.set('ts', Date.now());");
    await before.getByRole('button', { name: '保存' }).click();
    await a.text('脚本已保存');
    const scripts = (await a.call('project/projectPreScript', { projectId })).data;
    expect(scripts.beforeScript).not.toContain('pm.environment');
    expect(decryptScript(scripts.beforeScript)).toBe("pm.environment.set('ts', Date.now());");
    await a.shot('knowledge-setting-scripts');

    for (const [tab, name] of [
      ['API 模板', 'templates'],
      ['危险操作', 'danger'],
    ] as const) {
      await a.tab(tab).click();
      await a.shot(`knowledge-setting-${name}`);
    }
  });

  it('a viewer sees the settings read only', async () => {
    await b.goto(`/project/setting/${projectId}`);
    await b.page.getByTestId('read-only').waitFor();
    expect(await b.page.locator('input[name="name"]').isDisabled()).toBe(true);
    expect(await b.page.getByRole('button', { name: '保存' }).count()).toBe(0);
    // API tokens are the managers' alone: the tab is not there for others
    expect(await b.page.getByRole('tab', { name: 'API 令牌' }).count()).toBe(0);
    await b.tab('成员').click();
    expect(await b.page.getByRole('button', { name: '添加成员' }).count()).toBe(0);
    await b.tab('前后置脚本').click();
    await b.text("pm.environment.set('ts', Date.now());");
    expect(await b.page.locator('.cm-content').first().getAttribute('contenteditable')).toBe('false');
    await b.shot('knowledge-setting-viewer');
  });

  it('the owner deletes a project only after typing its name', async () => {
    const doomed = (await a.call('project/list')).data.find((p: { name: string }) => p.name === '会员中心');
    await a.goto(`/project/setting/${doomed.projectId}?tab=danger`);
    await a.page.getByTestId('danger-zone').getByRole('button', { name: '删除项目' }).click();
    const dialog = a.dialog('删除项目');
    const confirm = dialog.getByRole('button', { name: '删除项目' });
    await dialog.getByTestId('delete-confirm-name').fill('会员');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('delete-confirm-name').fill('会员中心');
    await confirm.click();
    await a.waitForHash(/^#\/api$/);
    await a.card('支付中台接口').waitFor();
    await poll(() => a.cardNames()).not.toContain('会员中心');
  });

  it('a member leaves the project and no longer sees it (visible to its members only)', async () => {
    await b.goto(`/project/setting/${projectId}?tab=danger`);
    await b.page.getByTestId('danger-zone').getByRole('button', { name: '退出项目' }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await b.waitForHash(/^#\/api$/);
    await b.card('订单服务接口').waitFor();
    await poll(() => b.cardNames()).not.toContain('支付中台接口');
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
