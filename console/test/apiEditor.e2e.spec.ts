import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEditorFixture, SavedCall } from './fixtures/api-editor/main';
import { chromiumPath, freePort, hasChromium, launchChromium } from './harness';

/**
 * The API editor (the real component) in headless Chromium, mounted by a fixture page (fixtures/api-editor) that
 * Vite's dev server serves from the console's own config; the knowledge calls are answered in the page (the
 * transport's local hook), so the saved documents and a save over a newer version can be read back and staged.
 */

const consoleDir = new URL('../', import.meta.url).pathname;
const screenshots = new URL('./screenshots/', import.meta.url).pathname;

if (!hasChromium) console.warn(`api editor e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the API editor', () => {
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  let url: string;
  const errors: string[] = [];

  const saves = (): Promise<SavedCall[]> => page.evaluate(() => window.apiEditor.saves);
  const stored = () => page.evaluate(() => window.apiEditor.stored);
  const section = (testId: string) => page.getByTestId(testId);
  const row = (scope: Locator, path: string) => scope.locator(`[data-schema-row="${path}"]`);
  const save = () => page.keyboard.press('Control+s');

  /**
   * A new property under the row `parent` (its add-child button; an array's goes into its items), renamed and typed.
   * A new property is called field1 until renamed.
   */
  async function addField(scope: Locator, parent: string, name: string, type: string, items = false) {
    await row(scope, parent).getByRole('button', { name: '添加子字段' }).click();
    const prefix = parent === '$' ? '' : `${parent}${items ? '[]' : ''}.`;
    await row(scope, `${prefix}field1`).getByLabel('字段名').fill(name);
    const at = `${prefix}${name}`;
    await row(scope, at).getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
    return at;
  }

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    const port = await freePort();
    vite = await createServer({
      configFile: `${consoleDir}vite.config.ts`,
      root: consoleDir,
      cacheDir: `${consoleDir}../node_modules/.vite-api-editor-e2e`,
      optimizeDeps: { entries: ['test/fixtures/api-editor/index.html'] },
      server: { port, strictPort: true, host: '127.0.0.1', watch: null, hmr: false },
      logLevel: 'warn',
    });
    await vite.listen();
    browser = await launchChromium();
    url = `http://127.0.0.1:${port}/system/test/fixtures/api-editor/index.html`;
  });

  beforeEach(async () => {
    await page?.context().close();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 1600 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => window.apiEditor?.ready, null, { timeout: 170_000 });
    await page.getByTestId('api-editor').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
  });

  it('writes nested JSON Schema request and response bodies and saves them, keeping what it does not show', async () => {
    await page.getByLabel('接口路径').fill('/orders/{orderId}/items');
    // the path parameter follows the path
    await expect.poll(() => section('api-parameters').getByLabel('参数名').inputValue()).toBe('orderId');

    const body = section('api-body');
    await body.getByRole('button', { name: '从 JSON 生成' }).click();
    await page
      .getByRole('textbox', { name: 'JSON 示例' })
      .fill(
        '{"customer": {"name": "张三", "address": {"city": "杭州", "lines": ["西湖区"]}}, "items": [{"sku": "A1", "qty": 2}]}',
      );
    await page.getByRole('button', { name: '生成', exact: true }).click();
    await row(body, 'customer.address.city').getByLabel('说明').fill('城市');
    // format and enum sit in a row's detail line, opened from the row's actions
    await row(body, 'items[].qty').getByRole('button', { name: '字段详情' }).click();
    await row(body, 'items[].qty').getByLabel('枚举值').fill('1, 2, 3');
    const buyer = await addField(body, 'customer', 'buyer', '引用模型');
    await row(body, buyer).getByLabel('数据模型').fill('User');

    const responses = section('api-responses');
    const data = await addField(responses, '$', 'data', 'object');
    await addField(responses, data, 'id', 'integer');
    const tags = await addField(responses, data, 'tags', 'array');
    const tag = await addField(responses, tags, 'label', 'string', true);
    await row(responses, tag).getByLabel('必填').check();
    await row(responses, tag).getByRole('button', { name: '字段详情' }).click();
    await row(responses, tag).getByLabel('格式').fill('email');
    // the project's response codes are at hand below the responses
    await responses.getByRole('button', { name: '项目响应码参考（2）' }).click();
    await responses.getByTestId('response-codes').getByText('库存不足').waitFor();

    await page.screenshot({ path: `${screenshots}api-editor-nested.png`, fullPage: true });
    await save();
    await expect.poll(async () => (await saves()).length).toBe(1);
    const [sent] = await saves();
    expect(sent!.baseVersion).toBe(3);
    const request = sent!.doc.requestBody.schema as any;
    // the pasted values stay as examples; nothing is required until ticked
    expect(request.properties.customer.properties.address.properties.city).toEqual({
      type: 'string',
      description: '城市',
      examples: ['杭州'],
    });
    expect(request.properties.customer.properties.buyer).toEqual({ $ref: '#/components/schemas/User' });
    expect(request.properties.items.items.properties.qty).toEqual({ type: 'integer', enum: [1, 2, 3], examples: [2] });
    expect(request.required).toBeUndefined();
    expect(sent!.doc.responses[0]!.schema).toEqual({
      type: 'object',
      'x-apifox-orders': [],
      properties: {
        data: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            tags: {
              type: 'array',
              items: {
                type: 'object',
                properties: { label: { type: 'string', format: 'email' } },
                required: ['label'],
              },
            },
          },
        },
      },
    });
    expect(sent!.doc.parameters.map((p) => [p.in, p.name, p.required])).toEqual([['path', 'orderId', true]]);
    expect(sent!.doc.extra).toEqual({ security: [{ bearer: [] }] });
    await page.getByText('已保存').first().waitFor();
    expect(await page.getByText('未保存').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows a read-only document with nothing to change or save', async () => {
    await page.goto(`${url}?readOnly=1`);
    await page.getByTestId('api-editor').waitFor();
    await page.getByText('只读').first().waitFor();
    expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
    expect(await page.getByLabel('接口路径').isDisabled()).toBe(true);
    expect(await section('api-body').getByRole('button', { name: '从 JSON 生成' }).count()).toBe(0);
    expect(await section('api-responses').getByRole('button', { name: '添加子字段' }).count()).toBe(0);
    await save();
    expect(await saves()).toEqual([]);
  });

  it('writes a form-data body with a file, a 404 response with an example, and a schema as JSON', async () => {
    const body = section('api-body');
    await body.getByRole('button', { name: 'form-data', exact: true }).click();
    await body.getByRole('button', { name: '添加字段' }).click();
    await body.getByLabel('参数名').fill('avatar');
    await body.getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: 'file', exact: true }).click();
    await body.getByLabel('说明', { exact: true }).fill('头像图片');

    const responses = section('api-responses');
    await responses.getByRole('button', { name: '添加响应' }).click();
    const status = page.getByRole('combobox', { name: 'HTTP 状态码' });
    await status.fill('404');
    await status.press('Enter');
    await responses.getByRole('tab', { name: /404/ }).waitFor();
    await responses.getByLabel('响应说明').fill('订单不存在');
    await responses.getByRole('button', { name: '添加示例' }).click();
    await responses.getByLabel('示例内容（JSON 或文本）').fill('{"code": 404, "msg": "订单不存在"}');
    await responses.getByRole('button', { name: 'JSON Schema' }).click();
    await responses
      .getByRole('textbox', { name: 'JSON Schema' })
      .fill('{"type": "object", "properties": {"code": {"type": "integer"}}, "oneOf": [{"required": ["code"]}]}');
    await responses.getByRole('button', { name: '应用' }).click();
    await row(responses, 'code').waitFor();
    await page.screenshot({ path: `${screenshots}api-editor-form-404.png`, fullPage: true });

    await save();
    await expect.poll(async () => (await saves()).length).toBe(1);
    const { doc } = (await saves())[0]!;
    expect(doc.requestBody).toMatchObject({
      type: 'form-data',
      mediaType: 'multipart/form-data',
      fields: [{ name: 'avatar', type: 'file', required: false, description: '头像图片', example: '', schema: {} }],
    });
    expect(doc.responses.map((r) => r.status)).toEqual(['200', '404']);
    expect(doc.responses[1]).toMatchObject({
      description: '订单不存在',
      examples: [{ name: 'example1', summary: '', value: { code: 404, msg: '订单不存在' } }],
      schema: { type: 'object', properties: { code: { type: 'integer' } }, oneOf: [{ required: ['code'] }] },
    });
  });

  it('refuses a save with problems and names them', async () => {
    await page.getByLabel('接口路径').fill('orders');
    await section('api-parameters').getByRole('tab', { name: 'Query' }).click();
    await section('api-parameters').getByRole('button', { name: '添加参数' }).click();
    await section('api-parameters').getByRole('button', { name: '添加参数' }).click();
    const names = section('api-parameters').getByLabel('参数名');
    await names.nth(0).fill('page');
    await names.nth(1).fill('page');
    await save();
    const problems = page.getByTestId('api-problems');
    await problems.getByText('接口路径必须以 / 开头').waitFor();
    await problems.getByText('query 参数“page”重复').waitFor();
    expect(await saves()).toEqual([]);
  });

  it('meets a newer save with the compare-and-merge dialog, merges, and loses nothing', async () => {
    await page.getByLabel('接口说明').fill('下单接口。\n\n库存不足时返回 409。');
    await page.getByLabel('接口名称').fill('创建订单 v2');
    // another member saves first: a new status, a tag, and a name of their own
    await page.evaluate(() =>
      window.apiEditor.saveElsewhere({ status: 'developing', tags: ['订单', 'v2'] }, '李四', '新建订单'),
    );
    await save();
    const dialog = page.getByRole('dialog', { name: '文档已被他人修改' });
    await dialog.waitFor();
    await dialog.getByText('李四 保存的版本').waitFor();
    // what does not overlap is merged already; the name, changed on both sides, keeps mine and is named
    await dialog.getByText('有 1 处双方都改过（name）').waitFor();
    // what still differs from theirs: the name and my description
    const arrows = dialog.getByRole('button', { name: '采用对方的这处修改' });
    await expect.poll(() => arrows.count()).toBe(2);
    await page.screenshot({ path: `${screenshots}api-editor-merge.png` });
    expect((await saves()).map((s) => s.baseVersion)).toEqual([3]);

    await dialog.getByRole('button', { name: '保存合并结果' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await saves()).length).toBe(2);
    const merged = (await stored()) as ApiEditorFixture['stored'];
    expect(merged.version).toBe(5);
    expect(merged.name).toBe('创建订单 v2');
    expect(merged.api).toMatchObject({
      status: 'developing',
      tags: ['订单', 'v2'],
      description: '下单接口。\n\n库存不足时返回 409。',
    });
    expect((await saves())[1]!.baseVersion).toBe(4);
    // the editor now shows the merged document, saved
    expect(await page.getByLabel('接口名称').inputValue()).toBe('创建订单 v2');
    expect(await page.getByText('未保存').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('takes one of their changes with the arrow where both changed the same place', async () => {
    await page.getByLabel('接口名称').fill('我的名称');
    await page.evaluate(() => window.apiEditor.saveElsewhere({}, '李四', '对方的名称'));
    await save();
    const dialog = page.getByRole('dialog', { name: '文档已被他人修改' });
    await dialog.getByRole('button', { name: '采用对方的这处修改' }).click();
    await dialog.getByRole('button', { name: '保存合并结果' }).click();
    // taking all of theirs needs no save: the editor adopts their version
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('接口名称').inputValue()).toBe('对方的名称');
    expect((await saves()).length).toBe(1);
  });

  it('keeps the user text when the dialog is put off, and saves it whole with "keep mine"', async () => {
    await page.getByLabel('接口名称').fill('创建订单（新版）');
    await page.evaluate(() => window.apiEditor.saveElsewhere({ path: '/v2/orders' }));
    await save();
    const dialog = page.getByRole('dialog', { name: '文档已被他人修改' });
    await dialog.getByRole('button', { name: '稍后处理' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('接口名称').inputValue()).toBe('创建订单（新版）');
    await save();
    await dialog.getByRole('button', { name: '保留我的版本' }).click();
    await expect.poll(async () => (await stored()).version).toBe(5);
    expect((await stored()).name).toBe('创建订单（新版）');
    expect((await stored()).api?.path).toBe('/orders');
  });
});
