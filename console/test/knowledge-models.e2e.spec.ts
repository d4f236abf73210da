import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

/**
 * Shared schema models on the embedded app: a model written in its editor, an API document's response that refers
 * to it, and the document's view that shows the model's fields where the reference is. At 1280×800 with the tree
 * open, so the API editor's wide tables are seen to stay inside the pane.
 */

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const telephone = `137${String(Date.now()).slice(-7)}2`;

if (!hasChromium) console.warn(`knowledge models e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('shared schema models', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId: string;
  let projectId: number;
  const errors: string[] = [];
  const call = (path: string, body: Record<string, string | number>) =>
    callApi(app.url, `project/${path}`, { teamId, ...body }, token);
  const node = (name: string) => page.locator(`[data-node-id][data-name="${name}"]`);
  const schemaRow = (scope: Locator, path: string) => scope.locator(`[data-schema-row="${path}"]`);
  const shot = (name: string) => page.screenshot({ path: `${screenshots}${name}.png`, animations: 'disabled' });
  const idOf = async (name: string) => {
    const tree = await call('projectStructure', { projectId });
    return (tree.data.nodes as { name: string; projectStructureId: number }[]).find((n) => n.name === name)
      ?.projectStructureId as number;
  };
  const detailOf = async (name: string) =>
    (await call('docDetail', { projectId, projectStructureId: await idOf(name) })).data;

  async function create(kind: string, name: string, request?: { method: string; path: string }) {
    await page.getByRole('button', { name: '新建', exact: true }).click();
    await page.getByRole('menuitem', { name: kind, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: kind });
    await dialog.locator('input[name="name"]').fill(name);
    if (request) {
      await dialog.getByRole('combobox').click();
      await page.getByRole('option', { name: request.method, exact: true }).click();
      await dialog.locator('input[name="path"]').fill(request.path);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await node(name).waitFor();
  }

  /** A property under `parent` in a schema tree editor, named and typed (a new one is field1 until renamed). */
  async function addField(scope: Locator, parent: string, name: string, type: string) {
    await schemaRow(scope, parent).getByRole('button', { name: '添加子字段' }).click();
    const at = parent === '$' ? name : `${parent}.${name}`;
    await schemaRow(scope, parent === '$' ? 'field1' : `${parent}.field1`)
      .getByLabel('字段名')
      .fill(name);
    await schemaRow(scope, at).getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
    return at;
  }

  /**
   * How far anything of the editor reaches past the pane it sits in (0 when everything fits). What a box that scrolls
   * sideways hides counts as inside that box; the pane is the editor's nearest clipping ancestor, or the window.
   */
  const overflow = (testId: string) =>
    page.getByTestId(testId).evaluate((editor) => {
      const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
      let pane: Element | null = editor.parentElement;
      while (pane && !clips(pane)) pane = pane.parentElement;
      const limit = Math.min(pane?.getBoundingClientRect().right ?? window.innerWidth, window.innerWidth);
      let widest = 0;
      for (const element of editor.querySelectorAll('*')) {
        let right = element.getBoundingClientRect().right;
        for (let up = element.parentElement; up && up !== editor; up = up.parentElement) {
          if (clips(up)) right = Math.min(right, up.getBoundingClientRect().right);
        }
        widest = Math.max(widest, right);
      }
      return Math.max(0, Math.round(widest - limit));
    });

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    ({ token, teamId } = await signUpWithTeam(app.url, telephone, outboxCode));
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
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
    const created = await call('create', {
      name: '会员中心',
      privateType: 'members',
      docPrivateType: 'private',
      versionUpdateType: 'manual',
    });
    expect(created.code, created.msg).toBe(200);
    projectId = created.data.projectId;
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail')
      await shot(`failed-models-${test.task.name.slice(0, 20)}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('writes a model with nested properties in its editor and saves it on its version', async () => {
    await page.goto(`${app.url}/system/#/project/index/${projectId}`);
    await create('新建数据模型', '用户');
    await node('用户').click();
    const view = page.getByTestId('schema-view');
    await view.getByRole('button', { name: '编辑' }).click();
    const editor = page.getByTestId('schema-model-editor');
    await editor.getByLabel('模型说明').fill('系统中的一个**用户**');
    const schema = editor.getByTestId('model-schema');
    await addField(schema, '$', 'name', 'string');
    await schemaRow(schema, 'name').getByLabel('说明').fill('姓名');
    await schemaRow(schema, 'name').getByLabel('必填').check();
    const address = await addField(schema, '$', 'address', 'object');
    await addField(schema, address, 'city', 'string');
    await schemaRow(schema, 'address.city').getByLabel('说明').fill('城市');
    await editor.getByText('未保存').waitFor();
    await shot('knowledge-model-editor');

    await page.keyboard.press('Control+s');
    await page.getByText('已保存').first().waitFor();
    await expect.poll(async () => (await detailOf('用户')).version, { timeout: 15_000 }).toBe(2);
    const saved = await detailOf('用户');
    expect(saved.name).toBe('用户');
    expect(saved.schema.description).toBe('系统中的一个**用户**');
    expect(saved.schema.schema).toMatchObject({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', description: '姓名' },
        address: { type: 'object', properties: { city: { type: 'string', description: '城市' } } },
      },
    });
    expect(await editor.getByText('未保存').count()).toBe(0);

    // back in the view: the saved model, read
    await page.getByRole('button', { name: '退出编辑' }).click();
    await view.getByRole('cell', { name: 'city' }).waitFor();
    await view.getByText('系统中的一个').waitFor();
  });

  it('meets a newer save of the model with the merge dialog, and the merge keeps both sides', async () => {
    await node('用户').click();
    await page.getByTestId('schema-view').getByRole('button', { name: '编辑' }).click();
    const editor = page.getByTestId('schema-model-editor');
    await editor.getByLabel('模型说明').fill('注册过的用户');
    // meanwhile someone else adds a field and saves
    const before = await detailOf('用户');
    const theirs = structuredClone(before.schema);
    theirs.schema.properties.phone = { type: 'string', description: '手机号' };
    const saved = await call('saveDoc', {
      projectId,
      projectStructureId: before.projectStructureId,
      baseVersion: before.version,
      doc: JSON.stringify(theirs),
    });
    expect(saved.code, saved.msg).toBe(200);

    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: '文档已被他人修改' });
    await dialog.getByText('双方的修改互不冲突').waitFor();
    await dialog.getByRole('button', { name: '保存合并结果' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await detailOf('用户')).version, { timeout: 15_000 }).toBe(before.version + 2);
    const merged = (await detailOf('用户')).schema;
    expect(merged.description).toBe('注册过的用户');
    expect(merged.schema.properties.phone).toEqual({ type: 'string', description: '手机号' });
    expect(merged.schema.properties.address.properties.city.description).toBe('城市');
    await page.getByRole('button', { name: '退出编辑' }).click();
  });

  it("refers to the model from a response, and the document's view shows the model's fields there", async () => {
    await create('新建接口', '查询用户', { method: 'GET', path: '/users/{id}' });
    await node('查询用户').click();
    await page.getByTestId('api-doc-view').getByRole('button', { name: '编辑' }).click();
    const editor = page.getByTestId('api-editor');
    await editor.waitFor();
    await shot('knowledge-models-api-editor-1280');
    // nothing of the editor reaches past the pane beside the tree
    expect(await overflow('api-editor')).toBe(0);

    const parameters = editor.getByTestId('api-parameters');
    // the dialog stored only the path: the editor makes its path parameter, once
    await parameters.getByRole('tab', { name: 'Path' }).click();
    await expect
      .poll(() =>
        parameters.getByLabel('参数名').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
      )
      .toEqual(['id']);
    await parameters.getByRole('tab', { name: 'Query' }).click();
    await parameters.getByRole('button', { name: '添加参数' }).click();
    await parameters.getByLabel('参数名').last().fill('fields');
    await parameters.getByLabel('说明', { exact: true }).last().fill('要返回的字段，逗号分隔');
    // a narrow pane scrolls the table instead of squeezing its inputs, and the body types keep to one line each
    const described = await parameters.getByLabel('说明', { exact: true }).last().boundingBox();
    expect(described?.width).toBeGreaterThan(120);
    const urlencoded = await editor
      .getByTestId('api-body')
      .getByRole('button', { name: 'x-www-form-urlencoded' })
      .boundingBox();
    expect(urlencoded?.height).toBeLessThan(48);
    // a nested body from pasted JSON: the schema editor fits the pane, name and actions stay in sight
    const body = editor.getByTestId('api-body');
    await body.getByRole('button', { name: 'JSON', exact: true }).click();
    await body.getByRole('button', { name: '从 JSON 生成' }).click();
    await page
      .getByRole('textbox', { name: 'JSON 示例' })
      .fill('{"name": "张三", "address": {"city": "杭州", "geo": {"lat": 30.2}}, "tags": [{"label": "vip"}]}');
    await page.getByRole('button', { name: '生成', exact: true }).click();
    // the mouse clicks below need the dialog's fading backdrop gone
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const city = schemaRow(body, 'address.city');
    const box = body.getByTestId('schema-editor').locator('> div').last();
    const scrolled = () => box.evaluate((element) => element.scrollLeft);
    // scrolled a little, as a hand leaves it, the 必填 box still clear of the sticky name column
    await box.evaluate((element) => {
      element.scrollLeft = Math.min(40, element.scrollWidth - element.clientWidth);
    });
    const before = await scrolled();
    // by the mouse, as a user does (a locator's check() scrolls the box itself first)
    const tick = await city.getByLabel('必填').boundingBox();
    await page.mouse.click(tick!.x + tick!.width / 2, tick!.y + tick!.height / 2);
    expect(await city.getByLabel('必填').isChecked()).toBe(true);
    // ticking 必填 leaves the box where it was, and the name column in sight
    expect(await scrolled()).toBe(before);
    const name = await city.getByLabel('字段名').boundingBox();
    const boxRect = await box.boundingBox();
    expect(name!.x).toBeGreaterThanOrEqual(boxRect!.x);
    expect(name!.x + name!.width).toBeLessThanOrEqual(boxRect!.x + boxRect!.width);
    for (const action of ['添加同级字段', '删除字段']) {
      const button = await city.getByRole('button', { name: action }).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(boxRect!.x + boxRect!.width + 1);
    }
    await box.evaluate((element) => {
      element.scrollLeft = 0;
    });
    await schemaRow(body, 'name').getByRole('button', { name: '字段详情' }).click();
    await schemaRow(body, 'name').getByLabel('枚举值').fill('张三, 李四');
    const schemaEditor = body.getByTestId('schema-editor');
    await schemaEditor.scrollIntoViewIfNeeded();
    await schemaEditor.screenshot({ path: `${screenshots}knowledge-models-schema-1280.png` });
    await box.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await schemaEditor.screenshot({ path: `${screenshots}knowledge-models-schema-1280-scrolled.png` });
    await page.setViewportSize({ width: 1600, height: 900 });
    await schemaEditor.scrollIntoViewIfNeeded();
    await schemaEditor.screenshot({ path: `${screenshots}knowledge-models-schema-1600.png` });
    // a 790 px pane shows every column without scrolling
    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    const responses = editor.getByTestId('api-responses');
    const data = await addField(responses, '$', 'data', '引用模型');
    await schemaRow(responses, data).getByLabel('数据模型').click();
    await page.getByRole('option', { name: '用户', exact: true }).click();
    expect(await overflow('api-editor')).toBe(0);
    for (const part of ['api-parameters', 'api-body', 'api-responses']) {
      await editor.getByTestId(part).screenshot({ path: `${screenshots}knowledge-models-${part}-1280.png` });
    }
    await page.keyboard.press('Control+s');
    await page.getByText('已保存').first().waitFor();
    await expect
      .poll(async () => (await detailOf('查询用户')).api?.responses[0]?.schema?.properties?.data, { timeout: 15_000 })
      .toEqual({ $ref: '#/components/schemas/用户' });

    await page.getByRole('button', { name: '退出编辑' }).click();
    const view = page.getByTestId('api-doc-view');
    // the reference reads as the model's fields, nested under the property, and folds away
    await view.locator('[data-field="data>address.city"]').waitFor();
    await expect.poll(() => view.locator('[data-field="data>name"]').textContent()).toContain('姓名');
    await view.getByRole('cell', { name: '城市' }).waitFor();
    await shot('knowledge-models-api-view');
    await view.getByRole('button', { name: '用户' }).click();
    await view.locator('[data-field="data>name"]').waitFor({ state: 'detached' });
    await view.getByRole('button', { name: '用户' }).click();
    await view.locator('[data-field="data>name"]').waitFor();
    expect(errors).toEqual([]);
  });
});
