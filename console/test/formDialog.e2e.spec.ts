import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from './fixtures/form-dialog/main';
import { chromiumPath, deferred, freePort, hasChromium, launchChromium } from './harness';

/**
 * The generic list's FormDialog (the real component, SPEC §3 form input types, §4 index -1 creates, §5 values) in
 * headless Chromium, mounted by a fixture page (fixtures/form-dialog) that Vite's dev server serves from the
 * console's own config. Every input is driven through the UI; what onSubmit received is read back from the page.
 *
 * Uploads: the fixture's uploadAction is /fixture/upload, answered here with page.route in the gateway's envelope
 * (`{ code: 200, data: { url } }`, SPEC §7 multipart field `file`). That keeps the upload under the test's control:
 * a named upload is held until the test releases it, so "an upload is still running" is a state, not a race.
 */

const consoleDir = new URL('../', import.meta.url).pathname;
const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const png = readFileSync(new URL('./fixtures/avatar.png', import.meta.url));
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The browser runs in Asia/Shanghai (UTC+8, no daylight saving): local midnight is 16:00 UTC the day before. */
const TIMEZONE = 'Asia/Shanghai';
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, mo - 1, d, h, mi, s) - 8 * HOUR_MS;
const sinceMidnight = (h: number, m: number, s = 0) => ((h * 60 + m) * 60 + s) * 1000;

if (!hasChromium) console.warn(`form dialog e2e skipped: no Chromium at ${chromiumPath}`);

/**
 * Answers /fixture/upload with the url /fixture/files/{file name}; `hold(name)` keeps the upload of that file waiting
 * until the test releases it.
 */
class UploadServer {
  /** The file name of every multipart `file` part received. */
  received: string[] = [];
  private held = new Map<string, { arrived: () => void; released: Promise<void> }>();

  hold(name: string) {
    const arrived = deferred();
    const released = deferred();
    this.held.set(name, { arrived: arrived.resolve, released: released.promise });
    return { reached: arrived.promise, release: released.resolve };
  }

  async install(page: Page) {
    await page.route('**/fixture/upload', (route) => this.upload(route));
    await page.route('**/fixture/files/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: png }),
    );
  }

  private async upload(route: Route) {
    const request = route.request();
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    const name = /name="file"; filename="([^"]+)"/.exec(body)?.[1];
    if (request.method() !== 'POST' || !name) {
      await route.fulfill({ status: 400, json: { code: 400, msg: 'bad upload', data: null } });
      return;
    }
    this.received.push(name);
    const held = this.held.get(name);
    this.held.delete(name);
    if (held) {
      held.arrived();
      await held.released;
    }
    await route.fulfill({
      status: 200,
      json: {
        code: 200,
        msg: 'success',
        data: { url: `/fixture/files/${name}`, key: name, contentType: 'image/png', size: png.length },
      },
    });
  }
}

describe.skipIf(!hasChromium)('list form dialog: every SPEC §3 input type (headless Chromium)', () => {
  let vite: ViteDevServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let shortcutPicked = 0;
  let shortcutApplied = 0;
  const uploads = new UploadServer();

  const shot = (name: string) => page.screenshot({ path: `${screenshots}${name}.png`, animations: 'disabled' });
  const dialog = () => page.getByRole('dialog', { name: '表单' });
  const submissions = (): Promise<Submission[]> => page.evaluate(() => window.formDialog.submissions);
  const open = (index: number, record?: Record<string, unknown>) =>
    page.evaluate(([index, record]) => window.formDialog.open(index as number, record as never), [index, record]);
  const confirm = () => dialog().getByRole('button', { name: '确认' }).click();
  const image = (file: string) => ({ name: file, mimeType: 'image/png', buffer: png });
  const shown = (locator: Locator) => locator.inputValue();

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    const port = await freePort();
    vite = await createServer({
      configFile: `${consoleDir}vite.config.ts`,
      root: consoleDir,
      // Its own dependency cache, so it never races a developer's `vite` over node_modules/.vite.
      cacheDir: `${consoleDir}../node_modules/.vite-form-dialog-e2e`,
      optimizeDeps: { entries: ['test/fixtures/form-dialog/index.html'] },
      // No watcher and no hot reload: sources edited while the test runs must not reload the page under test.
      server: { port, strictPort: true, host: '127.0.0.1', watch: null, hmr: false },
      logLevel: 'warn',
    });
    await vite.listen();
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 2400 },
      locale: 'zh-CN',
      timezoneId: TIMEZONE,
    });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await uploads.install(page);
    // The base is /system/ (vite.config.ts); the first load waits while Vite pre-bundles the dependencies.
    await page.goto(`http://127.0.0.1:${port}/system/test/fixtures/form-dialog/index.html`);
    await page.waitForFunction(() => window.formDialog?.ready, null, { timeout: 170_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
  });

  it('opens empty for index -1 (create), titled 表单 by default, with one input per SPEC §3 type', async () => {
    // a record handed over with -1 is not shown: -1 creates
    await open(-1, { title: '不该出现', amount: 5, level: 2, content: '<p>旧内容</p>' });
    await dialog().waitFor();
    expect(await shown(dialog().getByLabel('名称'))).toBe('');
    expect(await shown(dialog().getByLabel('数量'))).toBe('');
    // an empty MUI select shows a zero-width space
    expect(await dialog().getByRole('combobox', { name: '级别' }).textContent()).toBe('\u200b');
    expect(await dialog().getByRole('textbox', { name: '内容' }).innerHTML()).toBe('');
    // the upload tiles of the image and the album, and no picture yet
    expect(
      await dialog()
        .getByRole('button', { name: /上传图片$/ })
        .count(),
    ).toBe(2);
    expect(await dialog().locator('img').count()).toBe(0);
  });

  it('uploads an image (one url) and album pictures (a list, in the order picked) through the file chooser', async () => {
    const [cover] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog().getByLabel('封面 · 上传图片').click(),
    ]);
    expect(cover.isMultiple()).toBe(false);
    await cover.setFiles(image('cover.png'));
    await dialog().locator('img[src="/fixture/files/cover.png"]').waitFor();
    // one url: the upload tile gives way to the picture
    await dialog().getByLabel('封面 · 上传图片').waitFor({ state: 'detached' });

    // the first picture's upload finishes last: the album still lists them as picked
    const first = uploads.hold('a.png');
    const [album] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog().getByLabel('相册 · 上传图片').click(),
    ]);
    expect(album.isMultiple()).toBe(true);
    await album.setFiles([image('a.png'), image('b.png')]);
    await first.reached;
    // b.png is answered (its circle is full) while a.png still runs
    await dialog().locator('[role="progressbar"][aria-valuenow="100"]').waitFor();
    first.release();
    await dialog().getByRole('progressbar').first().waitFor({ state: 'detached' });
    expect(
      await dialog()
        .locator('img[src^="/fixture/files/"]')
        .evaluateAll((images) => images.map((img) => img.getAttribute('src'))),
    ).toEqual(['/fixture/files/cover.png', '/fixture/files/a.png', '/fixture/files/b.png']);
    expect([...uploads.received].sort()).toEqual(['a.png', 'b.png', 'cover.png']);
    // a list keeps its tile for more pictures
    await dialog().getByLabel('相册 · 上传图片').waitFor();
  });

  it('integer: refuses a non-integer with the validation message, then takes a whole number', async () => {
    const amount = dialog().getByLabel('数量');
    await amount.click();
    await page.keyboard.type('2.5');
    await confirm();
    await dialog().getByText('请输入整数').waitFor();
    expect(await submissions()).toEqual([]);
    await amount.fill('');
    await page.keyboard.type('42');
    await dialog().getByText('请输入整数').waitFor({ state: 'detached' });
  });

  it('text, password with its show/hide toggle, textarea', async () => {
    await dialog().getByLabel('名称').click();
    await page.keyboard.type('发布计划');
    const secret = dialog().getByLabel('口令', { exact: true });
    await secret.click();
    await page.keyboard.type('s3cret!');
    expect(await secret.getAttribute('type')).toBe('password');
    await dialog().getByRole('button', { name: '显示密码' }).click();
    expect(await secret.getAttribute('type')).toBe('text');
    expect(await secret.inputValue()).toBe('s3cret!');
    await dialog().getByRole('button', { name: '隐藏密码' }).click();
    expect(await secret.getAttribute('type')).toBe('password');
    await dialog().getByLabel('备注').click();
    await page.keyboard.type('第一行');
    await page.keyboard.press('Enter');
    await page.keyboard.type('第二行');
  });

  it('date, datetime and time pickers', async () => {
    // MUI X pickers over a plain input: Playwright's fill hands the whole text, in the zh-CN order the field shows.
    await dialog().getByLabel('生日').fill('2024-03-15');
    await dialog().getByLabel('会议时间').fill('2024-03-15 09:30:45');
    await dialog().getByLabel('闹钟').fill('08:15:30');
    await dialog().getByLabel('停留时段 · 开始').fill('2024-05-01 08:00:00');
    await dialog().getByLabel('停留时段 · 结束').fill('2024-05-03 18:30:00');
    await dialog().getByLabel('班次 · 开始').fill('09:00:00');
    await dialog().getByLabel('班次 · 结束').fill('17:30:15');
    expect(await shown(dialog().getByLabel('生日'))).toBe('2024-03-15');
    expect(await shown(dialog().getByLabel('会议时间'))).toBe('2024-03-15 09:30:45');
    // a picker keeps its size in the dialog's column instead of stretching across it like the text inputs
    const width = async (label: string) => (await dialog().getByLabel(label).boundingBox())?.width ?? 0;
    expect(await width('会议时间')).toBeLessThan((await width('名称')) / 2);
    expect(await width('生日')).toBeLessThan((await width('名称')) / 2);
  });

  it('date range shortcuts: last week, last month, last three months set both ends', async () => {
    const begin = dialog().getByLabel('活动日期 · 开始');
    const end = dialog().getByLabel('活动日期 · 结束');
    const spanDays = async () => (Date.parse(await shown(end)) - Date.parse(await shown(begin))) / DAY_MS;
    const pick = async (name: string) => {
      await dialog().getByRole('button', { name: '快捷选项' }).click();
      await page.getByRole('menuitem', { name }).click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
    };

    await dialog().getByRole('button', { name: '快捷选项' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['最近一周', '最近一个月', '最近三个月']);
    await shot('form-dialog-date-shortcuts');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await pick('最近三个月');
    expect(await spanDays()).toBe(90);
    await pick('最近一个月');
    expect(await spanDays()).toBe(30);
    shortcutPicked = Date.now();
    await pick('最近一周');
    shortcutApplied = Date.now();
    expect(await spanDays()).toBe(7);
  });

  it('select (choose, then clear), multi-select (two choices)', async () => {
    const level = dialog().getByRole('combobox', { name: '级别' });
    await level.click();
    await page.getByRole('option', { name: '中' }).click();
    expect(await level.textContent()).toBe('中');
    await level.click();
    await page.getByRole('option', { name: '清空' }).click();
    await expect.poll(() => level.textContent()).not.toBe('中');

    const tags = dialog().getByRole('combobox', { name: '标签' });
    await tags.click();
    await page.getByRole('option', { name: '红色' }).click();
    await page.getByRole('option', { name: '蓝色' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await tags.textContent()).toContain('红色');
    expect(await tags.textContent()).toContain('蓝色');
  });

  it('cascader: one select per level, three levels down; searchable cascader: type to filter, pick a path', async () => {
    const levels = dialog().getByRole('combobox', { name: /^地区 \d$/ });
    expect(await levels.count()).toBe(1);
    await dialog().getByRole('combobox', { name: '地区 1' }).click();
    await page.getByRole('option', { name: '江苏' }).click();
    await dialog().getByRole('combobox', { name: '地区 2' }).click();
    await page.getByRole('option', { name: '南京' }).click();
    await dialog().getByRole('combobox', { name: '地区 3' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['鼓楼区', '玄武区']);
    await shot('form-dialog-cascader');
    await page.getByRole('option', { name: '玄武区' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await levels.count()).toBe(3);

    const place = dialog().getByRole('combobox', { name: '地点' });
    await place.click();
    await page.keyboard.type('滨江');
    const options = page.getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['浙江 / 杭州 / 滨江区']);
    await options.first().click();
    expect(await place.inputValue()).toBe('浙江 / 杭州 / 滨江区');
  });

  it('content: a 360 px rich text editor; bold from the toolbar', async () => {
    const editor = dialog().getByRole('textbox', { name: '内容' });
    expect((await editor.boundingBox())?.height).toBe(360);
    await editor.click();
    await page.keyboard.type('普通加粗');
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    await dialog().getByRole('button', { name: '加粗' }).click();
    expect(await editor.innerHTML()).toMatch(/^普通<(b|strong)>加粗<\/(b|strong)>$/);
  });

  it('does not submit while an upload runs (wait-for-uploads warning), and submits once it finished', async () => {
    const held = uploads.hold('slow.png');
    const [album] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog().getByLabel('相册 · 上传图片').click(),
    ]);
    await album.setFiles(image('slow.png'));
    await held.reached;
    // the running upload shows a progress circle that draws something: indeterminate, or a value above 0
    const progress = dialog().getByRole('progressbar');
    await progress.waitFor();
    const percent = await progress.getAttribute('aria-valuenow');
    expect(percent === null || Number(percent) > 0).toBe(true);
    await confirm();
    await page.getByText('图片尚未全部上传完成，请稍候或刷新页面后重试').waitFor();
    await shot('form-dialog-uploads-pending');
    expect(await submissions()).toEqual([]);
    expect(await dialog().isVisible()).toBe(true);

    held.release();
    await dialog().getByRole('progressbar').waitFor({ state: 'detached' });
    await shot('form-dialog-filled');
    await confirm();
    await dialog().waitFor({ state: 'detached' });
    const [submitted] = await submissions();
    expect((await submissions()).length).toBe(1);
    expect(submitted?.index).toBe(-1);
    const values = submitted?.values ?? {};
    const { beginPeriod, endPeriod, content, ...rest } = values as Record<string, number | string>;
    expect(rest).toEqual({
      cover: '/fixture/files/cover.png',
      photos: ['/fixture/files/a.png', '/fixture/files/b.png', '/fixture/files/slow.png'],
      amount: 42,
      title: '发布计划',
      secret: 's3cret!',
      remark: '第一行\n第二行',
      birthday: local(2024, 3, 15),
      meetingAt: local(2024, 3, 15, 9, 30, 45),
      alarm: sinceMidnight(8, 15, 30),
      beginStay: local(2024, 5, 1, 8),
      endStay: local(2024, 5, 3, 18, 30),
      beginShift: sinceMidnight(9, 0),
      endShift: sinceMidnight(17, 30, 15),
      level: null,
      tags: ['red', 'blue'],
      area: ['js', 'nj', 'xw'],
      place: ['zj', 'hz', 'bj'],
    });
    expect(content).toMatch(/^普通<(b|strong)>加粗<\/(b|strong)>$/);
    // the last week: seven days up to the moment the shortcut was picked
    expect(Number(endPeriod) - Number(beginPeriod)).toBe(7 * DAY_MS);
    expect(Number(endPeriod)).toBeGreaterThanOrEqual(shortcutPicked);
    expect(Number(endPeriod)).toBeLessThanOrEqual(shortcutApplied);
  });

  it('opens an index ≥ 0 with the record (edit) and submits that index', async () => {
    const record = {
      id: 31,
      cover: '/fixture/files/old-cover.png',
      photos: ['/fixture/files/old-1.png', '/fixture/files/old-2.png'],
      amount: 7,
      title: '旧标题',
      secret: 'old-pass',
      remark: '旧备注',
      meetingAt: local(2023, 12, 31, 23, 59, 1),
      beginStay: local(2023, 1, 2, 3, 4, 5),
      endStay: local(2023, 1, 3, 3, 4, 5),
      birthday: local(2000, 2, 29),
      beginPeriod: local(2023, 6, 1),
      endPeriod: local(2023, 6, 30),
      alarm: sinceMidnight(6, 45),
      beginShift: sinceMidnight(22, 0),
      endShift: sinceMidnight(23, 59, 59),
      level: 2,
      tags: ['green'],
      area: ['zj', 'hz', 'xh'],
      place: ['js', 'sz', 'gs'],
      content: '<p>旧<b>内容</b></p>',
    };
    await page.evaluate(() => {
      window.formDialog.submissions.length = 0;
    });
    await open(4, record);
    await dialog().waitFor();
    expect(
      await dialog()
        .locator('img')
        .evaluateAll((images) => images.map((img) => img.getAttribute('src'))),
    ).toEqual([record.cover, ...record.photos]);
    expect(await shown(dialog().getByLabel('数量'))).toBe('7');
    expect(await shown(dialog().getByLabel('名称'))).toBe('旧标题');
    expect(await shown(dialog().getByLabel('口令', { exact: true }))).toBe('old-pass');
    expect(await shown(dialog().getByLabel('备注'))).toBe('旧备注');
    expect(await shown(dialog().getByLabel('会议时间'))).toBe('2023-12-31 23:59:01');
    expect(await shown(dialog().getByLabel('停留时段 · 开始'))).toBe('2023-01-02 03:04:05');
    expect(await shown(dialog().getByLabel('停留时段 · 结束'))).toBe('2023-01-03 03:04:05');
    expect(await shown(dialog().getByLabel('生日'))).toBe('2000-02-29');
    expect(await shown(dialog().getByLabel('活动日期 · 开始'))).toBe('2023-06-01');
    expect(await shown(dialog().getByLabel('活动日期 · 结束'))).toBe('2023-06-30');
    expect(await shown(dialog().getByLabel('闹钟'))).toBe('06:45:00');
    expect(await shown(dialog().getByLabel('班次 · 开始'))).toBe('22:00:00');
    expect(await shown(dialog().getByLabel('班次 · 结束'))).toBe('23:59:59');
    expect(await dialog().getByRole('combobox', { name: '级别' }).textContent()).toBe('中');
    expect(await dialog().getByRole('combobox', { name: '标签' }).textContent()).toBe('绿色');
    expect(
      await dialog()
        .getByRole('combobox', { name: /^地区 \d$/ })
        .allTextContents(),
    ).toEqual(['浙江', '杭州', '西湖区']);
    expect(await shown(dialog().getByRole('combobox', { name: '地点' }))).toBe('江苏 / 苏州 / 姑苏区');
    expect(await dialog().getByRole('textbox', { name: '内容' }).innerHTML()).toBe(record.content);

    await dialog().getByLabel('名称').fill('新标题');
    await dialog().getByRole('combobox', { name: '级别' }).click();
    await page.getByRole('option', { name: '高' }).click();
    await confirm();
    await dialog().waitFor({ state: 'detached' });
    expect(await submissions()).toEqual([{ index: 4, values: { ...record, title: '新标题', level: 3 } }]);
    expect(errors).toEqual([]);
  });
});
