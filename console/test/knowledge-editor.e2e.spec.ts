import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

/**
 * The API editor in the knowledge workspace against the embedded app: A writes nested JSON Schema request and
 * response bodies while B, another editor of the project, has the same document open; B's save meets A's newer
 * version (409), B merges in the compare dialog, and the server ends up with both edits.
 */

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const stamp = String(Date.now()).slice(-7);
const password = 'Passw0rd!';

if (!hasChromium) console.warn(`knowledge editor e2e skipped: no Chromium at ${chromiumPath}`);

interface Answer {
  code: number;
  msg: string;
  // answers are read field by field in the assertions
  data: any;
}

/** One member's browser: its own context, so A and B never share a session. */
class Member {
  readonly errors: string[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly url: string,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
  }

  static async open(browser: Browser, url: string): Promise<Member> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    await context.addInitScript(() => localStorage.setItem('teamCheckTime', String(Date.now())));
    return new Member(context, await context.newPage(), url);
  }

  goto(hashPath: string) {
    return this.page.goto(`${this.url}/system/#${hashPath}`);
  }
  waitForHash(prefix: string) {
    return this.page.waitForFunction(
      (start) => decodeURIComponent(window.location.hash).startsWith(start),
      `#${prefix}`,
    );
  }
  text(text: string, within: Page | Locator = this.page) {
    return within.getByText(text).first().waitFor({ timeout: 15_000 });
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
  shot(name: string, fullPage = false) {
    return this.page.screenshot({ path: `${screenshots}${name}.png`, fullPage, animations: 'disabled' });
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

  get editor() {
    return this.page.getByTestId('api-editor');
  }
  row(scope: Locator, path: string) {
    return scope.locator(`[data-schema-row="${path}"]`);
  }
  /** Opens the document in the workspace and its editor. */
  async edit(projectId: number, docId: number) {
    await this.goto(`/project/index/${projectId}?doc=${docId}`);
    await this.page.getByRole('button', { name: '编辑', exact: true }).click();
    await this.editor.waitFor();
  }
  /** A new property under `parent` (an array's goes into its items), renamed and typed. */
  async addField(scope: Locator, parent: string, name: string, type: string, items = false) {
    await this.row(scope, parent).getByRole('button', { name: '添加子字段' }).click();
    const prefix = parent === '$' ? '' : `${parent}${items ? '[]' : ''}.`;
    await this.row(scope, `${prefix}field1`).getByLabel('字段名').fill(name);
    const at = `${prefix}${name}`;
    await this.row(scope, at).getByRole('combobox', { name: '类型' }).click();
    await this.page.getByRole('option', { name: type, exact: true }).click();
    return at;
  }
}

describe.skipIf(!hasChromium)('two members editing one API document', () => {
  let app: RunningApp;
  let browser: Browser;
  let a: Member;
  let b: Member;
  let projectId: number;
  let docId: number;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    a = await Member.open(browser, app.url);
    b = await Member.open(browser, app.url);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [who, member] of Object.entries({ a, b })) {
      if (member?.errors.length) console.error(who, member.errors);
      await member?.shot(`failed-knowledge-editor-${who}`, true).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('A registers with a team, B joins it; A makes a project with B as an editor and an API document', async () => {
    await a.goto('/login?form=register');
    await a.register(`137${stamp}1`);
    const guide = a.page.getByRole('dialog', { name: '欢迎使用快速指引' });
    await guide.locator('input[name="teamName"]').fill('接口组');
    await guide.getByRole('button', { name: '创建团队' }).click();
    await a.waitForHash('/index?t=');
    const { shareCode } = (await a.call('team/shareInfo', { teamId: (await a.storage('teamId')) ?? '' })).data;
    await b.page.goto(`${app.url}/system/#/invite/${shareCode}`);
    await b.page.getByRole('button', { name: '注册新账号' }).click();
    await b.register(`137${stamp}2`);
    await b.waitForHash('/invite/');
    await b.page.getByRole('button', { name: '加入团队' }).click();
    await b.waitForHash('/index?t=');
    const bId = (await b.call('userInfo/getUserInfo')).data.userId;

    const created = await a.call('project/create', { name: '订单中心', privateType: 'members' });
    expect(created.code).toBe(200);
    projectId = created.data.projectId;
    const added = await a.call('project/batchCreateProjectUser', {
      projectId: String(projectId),
      userIds: JSON.stringify([bId]),
      role: 'editor',
    });
    expect(added.code).toBe(200);
    const doc = await a.call('project/addStructure', {
      projectId: String(projectId),
      parentId: '0',
      kind: 'api',
      name: '创建订单',
      method: 'POST',
      path: '/orders',
    });
    expect(doc.code).toBe(200);
    docId = doc.data.projectStructureId;
    const model = await a.call('project/addStructure', {
      projectId: String(projectId),
      parentId: '0',
      kind: 'schema',
      name: 'User',
    });
    expect(model.code).toBe(200);
  });

  it('both open the editor; A writes nested request and response schemas and saves', async () => {
    await a.edit(projectId, docId);
    await b.edit(projectId, docId);

    const body = a.editor.getByTestId('api-body');
    await body.getByRole('button', { name: 'JSON', exact: true }).click();
    await body.getByRole('button', { name: '从 JSON 生成' }).click();
    await a.page
      .getByRole('textbox', { name: 'JSON 示例' })
      .fill('{"customer": {"name": "张三", "address": {"city": "杭州"}}, "items": [{"sku": "A1", "qty": 2}]}');
    await a.page.getByRole('button', { name: '生成', exact: true }).click();
    await a.row(body, 'customer.address.city').getByLabel('说明').fill('城市');
    const buyer = await a.addField(body, 'customer', 'buyer', '引用模型');
    await a.row(body, buyer).getByLabel('数据模型').fill('User');

    const responses = a.editor.getByTestId('api-responses');
    const data = await a.addField(responses, '$', 'data', 'object');
    await a.addField(responses, data, 'orderId', 'integer');
    const lines = await a.addField(responses, data, 'lines', 'array');
    const sku = await a.addField(responses, lines, 'sku', 'string', true);
    await a.row(responses, sku).getByLabel('必填').check();
    // the workspace fills the window: a tall one shows the whole editor
    await a.page.setViewportSize({ width: 1440, height: 2600 });
    await a.shot('knowledge-api-editor');
    await a.page.setViewportSize({ width: 1440, height: 1000 });

    await a.page.keyboard.press('Control+s');
    await a.text('已保存');
    const saved = (
      await a.call('project/docDetail', { projectId: String(projectId), projectStructureId: String(docId) })
    ).data;
    const request = saved.api.requestBody.schema;
    expect(saved.api.requestBody.type).toBe('json');
    // the pasted values stay as examples, and nothing is required until ticked
    expect(request.properties.customer.properties.address.properties.city).toEqual({
      type: 'string',
      description: '城市',
      examples: ['杭州'],
    });
    expect(request.required).toBeUndefined();
    expect(request.properties.customer.properties.buyer).toEqual({ $ref: '#/components/schemas/User' });
    expect(request.properties.items.items.properties.qty).toEqual({ type: 'integer', examples: [2] });
    expect(saved.api.responses[0].schema.properties.data.properties.lines).toEqual({
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] },
    });

    // unsaved typing: opening another document asks first, and staying keeps the text
    await a.editor.getByLabel('接口说明').fill('还没保存的说明');
    const asked = new Promise<string>((resolve) =>
      a.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await a.page.locator('[role="treeitem"][data-name="User"]').click();
    expect(await asked).toContain('未保存的修改');
    expect(await a.page.evaluate(() => window.location.hash)).toContain(`doc=${docId}`);
    expect(await a.editor.getByLabel('接口说明').inputValue()).toBe('还没保存的说明');
  });

  it('B, on the older version, saves: the conflict dialog names A, B merges, and both edits are kept', async () => {
    await b.editor.getByLabel('接口说明').fill('库存不足时返回 409。');
    await b.page.keyboard.press('Control+s');
    const dialog = b.page.getByRole('dialog', { name: '文档已被他人修改' });
    await dialog.waitFor();
    await dialog.getByText(/用户\d{4} 保存的版本/).waitFor();
    // A's schemas and B's description do not overlap: the right side has both already
    await dialog.getByText('双方的修改互不冲突，右侧已自动合并').waitFor();
    await b.shot('knowledge-merge-dialog');
    await dialog.getByRole('button', { name: '保存合并结果' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await b.text('已保存');

    const merged = (
      await b.call('project/docDetail', { projectId: String(projectId), projectStructureId: String(docId) })
    ).data;
    expect(merged.api.description).toBe('库存不足时返回 409。');
    expect(merged.api.requestBody.schema.properties.customer.properties.buyer).toEqual({
      $ref: '#/components/schemas/User',
    });
    expect(merged.api.responses[0].schema.properties.data.properties.orderId).toEqual({ type: 'integer' });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
