import { mkdirSync, readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, deferred, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const stamp = String(Date.now()).slice(-6);
const ownerPhone = `139${stamp}01`;
const memberPhone = `139${stamp}02`;
let memberToken = '';
const password = 'Passw0rd!';
const IMPORTED = 1000;

if (!hasChromium) console.warn(`list e2e skipped: no Chromium at ${chromiumPath}`);

interface Envelope {
  code: number;
  msg: string;
  data: any;
}

/** GB18030 bytes of a text, from the decoder's own table (Node has no GB18030 encoder). */
function gb18030(text: string): Buffer {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && char !== '\ufffd' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return Buffer.from(
    [...text].flatMap((char) => {
      if (char.charCodeAt(0) < 0x80) return [char.charCodeAt(0)];
      const bytes = table.get(char);
      if (!bytes) throw new Error(`no two-byte GB18030 code for ${char}`);
      return bytes;
    }),
  );
}

const feedbackContent = (n: number) => `第${n}条反馈：导出测试`;

/**
 * Watches the feedback calls on their way to the server (the messaging service): what was submitted, the list
 * requests' bodies, and `hold` keeps one list page waiting until released (to see the export dialog mid-run).
 */
class FeedbackWatch {
  submitted: string[] = [];
  bodies: URLSearchParams[] = [];
  private held?: { page: number; release: Promise<void>; arrived: () => void };

  hold(page: number) {
    const arrived = deferred();
    const released = deferred();
    this.held = { page, release: released.promise, arrived: arrived.resolve };
    return { reached: arrived.promise, release: released.resolve };
  }

  async install(page: Page) {
    await page.route('**/pmbok/api/feedback/list', (route) => this.list(route));
    await page.route('**/pmbok/api/feedback', (route) => this.create(route));
  }

  private async list(route: Route) {
    const body = new URLSearchParams(route.request().postData() ?? '');
    this.bodies.push(body);
    const held = this.held;
    if (held && held.page === Number(body.get('page')) && body.get('pageSize') === '100') {
      this.held = undefined;
      held.arrived();
      await held.release;
    }
    await route.continue();
  }

  private async create(route: Route) {
    this.submitted.push(new URLSearchParams(route.request().postData() ?? '').get('content') ?? '');
    await route.continue();
  }
}

describe.skipIf(!hasChromium)('generic list: members and feedback (embedded app, headless Chromium)', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let teamId: string;
  const errors: string[] = [];
  const feedback = new FeedbackWatch();

  const call = async (path: string, body: Record<string, string>, token = ''): Promise<Envelope> => {
    const response = await fetch(`${app.url}/pmbok/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
      body: new URLSearchParams(body),
    });
    return (await response.json()) as Envelope;
  };
  const register = async (telephone: string) => {
    expect((await call('user/sendRegisterCode', { username: telephone, smsType: '2' })).code).toBe(200);
    const code = await outboxCode(app.url, telephone);
    const registered = await call('user/register', { telephone, password, repeatPassword: password, code });
    return registered.data.token as string;
  };
  const shot = (name: string) => page.screenshot({ path: `${screenshots}${name}.png`, animations: 'disabled' });
  const goto = (hashPath: string) => page.goto(`${app.url}/system/#${hashPath}`);
  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
  const toast = (text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 10_000 });
  const headers = () => page.locator('thead tr:last-child th').allTextContents();
  const download = async (action: () => Promise<void>) => {
    const [file] = await Promise.all([page.waitForEvent('download'), action()]);
    return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
  };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    // The first account of a fresh instance is its administrator: it reads the feedback.
    const token = await register(ownerPhone);
    teamId = String((await call('team/create', { teamName: '导入测试组' }, token)).data.teamId);
    for (let n = 1; n <= IMPORTED; n++) {
      expect((await call('feedback', { content: feedbackContent(n) }, token)).code).toBe(200);
    }
    memberToken = await register(memberPhone);
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1366, height: 820 },
      locale: 'zh-CN',
      acceptDownloads: true,
    });
    // signed in, the team selected, the team-check dialog already seen today
    await context.addInitScript(
      ([token, teamId]: string[]) => {
        if (localStorage.getItem('authorize_token')) return;
        localStorage.setItem('authorize_token', token ?? '');
        localStorage.setItem('teamId', teamId ?? '');
        localStorage.setItem('teamCheckTime', String(Date.now()));
      },
      [token, teamId],
    );
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await feedback.install(page);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the members on the generic list: striped bordered table, operation column, pager', async () => {
    await goto('/team/teamUser');
    await page.locator('tbody tr').first().waitFor();
    expect(await headers()).toEqual(['昵称', '真实姓名', '手机号', '角色', '加入时间', '操作']);
    expect(await page.getByTestId('list-pager').textContent()).toContain('共 1 条');
    await page.getByTestId('list-pager').getByText('20 条/页').waitFor();
    await page.getByText('前往').waitFor();
    await shot('list-members');
  });

  it('keeps at least one field in the field list, and remembers the choice', async () => {
    await page.getByTestId('open-field-list').click();
    const drawer = dialog('字段列表');
    await drawer.waitFor();
    const boxes = drawer.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(true);
    await shot('list-field-list');

    for (const box of await boxes.all()) await box.uncheck();
    await drawer.getByRole('button', { name: '确定' }).click();
    await toast('请至少选择一个字段显示');
    expect(await drawer.isVisible()).toBe(true);
    expect(await headers()).toHaveLength(6);

    for (const box of await boxes.all()) await box.check();
    await drawer.getByRole('treeitem', { name: '真实姓名' }).getByRole('checkbox').uncheck();
    await drawer.getByRole('button', { name: '确定' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await headers()).toEqual(['昵称', '手机号', '角色', '加入时间', '操作']);

    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    expect(await headers()).toEqual(['昵称', '手机号', '角色', '加入时间', '操作']);
    await page.getByTestId('open-field-list').click();
    await dialog('字段列表').getByRole('treeitem', { name: '真实姓名' }).getByRole('checkbox').check();
    await dialog('字段列表').getByRole('button', { name: '确定' }).click();
    await expect.poll(headers).toEqual(['昵称', '真实姓名', '手机号', '角色', '加入时间', '操作']);
  });

  it('refuses files of other formats', async () => {
    await page.getByTestId('open-import').click();
    const importing = dialog('导入');
    await importing.waitFor();
    await page
      .getByTestId('import-files')
      .setInputFiles({ name: '名单.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await toast('格式错误！请重新选择');
    expect(await importing.getByRole('button', { name: '开始导入' }).isDisabled()).toBe(true);
  });

  it('imports a 1,000-row xlsx into the members, row by row, inviting each telephone', async () => {
    const phones = Array.from({ length: IMPORTED }, (_, i) => `137${stamp.slice(-5)}${String(i).padStart(3, '0')}`);
    phones[0] = memberPhone; // registered: invited like any other number, joins only on accepting
    phones[1] = '12345'; // refused by the server
    phones[IMPORTED - 1] = phones[2]!; // invited twice
    const sheet = XLSX.utils.aoa_to_sheet([['姓名', '手机号'], ...phones.map((phone, i) => [`成员${i + 1}`, phone])]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, '成员');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    // the 30th invitation waits until the dialog has been photographed mid-run
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let seen = 0;
    await page.route('**/pmbok/api/team/inviteByTelephone', async (route) => {
      seen += 1;
      if (seen === 30) {
        arrived();
        await released;
      }
      await route.continue();
    });

    await page.getByTestId('import-files').setInputFiles({
      name: '成员名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await dialog('导入').getByText('成员名单.xlsx').waitFor();
    await dialog('导入').getByRole('button', { name: '开始导入' }).click();
    await reached;
    const running = dialog('导入中');
    await running.waitFor();
    await expect.poll(() => page.getByTestId('import-results').locator('tbody tr').count()).toBe(29);
    expect(await page.getByTestId('import-progress').textContent()).toBe('成员名单.xlsx：第 29 / 1000 行');
    await shot('list-import-running');

    // closing mid-run asks first; declining keeps importing
    await running.getByRole('button', { name: '关闭' }).click();
    const ask = dialog('提示');
    await ask.getByText('关闭后剩余数据将被中断，确定关闭吗？').waitFor();
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.unroute('**/pmbok/api/team/inviteByTelephone');
    release();

    const done = dialog('导入');
    await done
      .getByTestId('import-summary')
      .getByText('共 1000 行：成功 998 行，失败 2 行')
      .waitFor({ timeout: 150_000 });
    const rows = page.getByTestId('import-results').locator('tbody tr');
    expect(await rows.count()).toBe(IMPORTED);
    const row = (n: number) => rows.nth(n).locator('td').allTextContents();
    expect(await row(0)).toEqual(['成员名单.xlsx', '2', `成员1 | ${memberPhone}`, '成功', '已发送邀请短信']);
    expect(await row(1)).toEqual(['成员名单.xlsx', '3', '成员2 | 12345', '失败', '请输入正确手机号码']);
    expect(await row(2)).toEqual(['成员名单.xlsx', '4', `成员3 | ${phones[2]}`, '成功', '已发送邀请短信']);
    expect((await row(IMPORTED - 1))[4]).toBe('已向该手机号发送过邀请，请等待对方接受');
    expect(await page.locator('[data-status="success"]').count()).toBe(998);
    await shot('list-import-finished');

    await done.getByRole('button', { name: '关闭' }).click();
    await done.waitFor({ state: 'hidden' });
    // nobody joined without consent; the registered member joins once they accept
    await expect.poll(() => page.getByTestId('list-pager').textContent()).toContain('共 1 条');
    expect((await call('team/acceptInvitation', { teamId }, memberToken)).code).toBe(200);
    await page.reload();
    await page.getByTestId('list-pager').getByText('共 2 条').waitFor();
  }, 240_000);

  it('imports a CSV that Excel saved in GB18030', async () => {
    const phones = [`136${stamp}11`, `136${stamp}12`];
    const csv = gb18030(`姓名,手机号\r\n张三,${phones[0]}\r\n李四,${phones[1]}\r\n王五,${phones[0]}\r\n`);
    expect(csv.includes(Buffer.from('张三'))).toBe(false);
    await page.getByTestId('open-import').click();
    await page.getByTestId('import-files').setInputFiles({ name: '成员.csv', mimeType: 'text/csv', buffer: csv });
    await dialog('导入').getByRole('button', { name: '开始导入' }).click();
    await dialog('导入').getByText('共 3 行：成功 2 行，失败 1 行').waitFor({ timeout: 20_000 });
    const rows = page.getByTestId('import-results').locator('tbody tr');
    const row = (n: number) => rows.nth(n).locator('td').allTextContents();
    expect(await row(0)).toEqual(['成员.csv', '2', `张三 | ${phones[0]}`, '成功', '已发送邀请短信']);
    expect(await row(1)).toEqual(['成员.csv', '3', `李四 | ${phones[1]}`, '成功', '已发送邀请短信']);
    expect(await row(2)).toEqual([
      '成员.csv',
      '4',
      `王五 | ${phones[0]}`,
      '失败',
      '已向该手机号发送过邀请，请等待对方接受',
    ]);
    await shot('list-import-gb18030');
    await dialog('导入').getByRole('button', { name: '关闭' }).click();
  });

  it('shows the feedback list with grouped headers, 1,000 rows and a selection kept across pages', async () => {
    await goto('/feedback/index');
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('thead tr.group-row th.group-cell').allTextContents()).toEqual(['提交人']);
    expect(await headers()).toEqual(['', '序号', '编号', '反馈内容', '用户', '手机号', '提交时间', '操作']);
    expect(await page.getByTestId('list-pager').textContent()).toContain('共 1000 条');
    expect(await page.locator('tbody tr').count()).toBe(20);
    // Newest first, as the server lists it.
    expect(await page.locator('tbody tr').first().textContent()).toContain(feedbackContent(IMPORTED));

    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByTestId('list-pager').getByRole('button', { name: 'Go to page 2' }).click();
    await page.locator('tbody tr', { hasText: feedbackContent(IMPORTED - 20) }).waitFor();
    expect(await page.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('21');
    await page.locator('tbody tr').nth(1).getByRole('checkbox').check();
    await page.getByText('已选中 2 项').waitFor();
    await page.getByTestId('list-pager').getByRole('button', { name: 'Go to page 1' }).click();
    await page
      .locator('tbody tr', { hasText: feedbackContent(IMPORTED) })
      .first()
      .waitFor();
    expect(await page.locator('tbody tr').first().getByRole('checkbox').isChecked()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('list-feedback');
  });

  it('searches in the drawer titled search list', async () => {
    await page.getByTestId('open-search').click();
    const drawer = dialog('搜索列表');
    const keyword = drawer.getByRole('textbox', { name: '关键词' });
    expect(await keyword.getAttribute('maxlength')).toBe('255');
    expect(await keyword.getAttribute('rows')).toBe('4');
    await keyword.fill('第7');
    await shot('list-search-drawer');
    await drawer.getByRole('button', { name: '搜索' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('list-pager').textContent()).toContain('共 111 条');
    expect(feedback.bodies.at(-1)?.get('keyword')).toBe('第7');
    await page.getByTestId('open-search').click();
    await dialog('搜索列表').getByRole('button', { name: '重置' }).click();
    await expect.poll(() => page.getByTestId('list-pager').textContent()).toContain('共 1000 条');
  });

  it('creates a feedback through the form dialog opened from the list-level buttons', async () => {
    await page.getByTestId('list-buttons').click();
    await page.getByRole('menuitem', { name: '新增反馈' }).click();
    const form = dialog('新增反馈');
    await form.getByRole('textbox', { name: '反馈内容' }).fill('希望支持批量导入');
    await shot('list-form');
    await form.getByRole('button', { name: '确认' }).click();
    await toast('保存成功');
    expect(feedback.submitted).toEqual(['希望支持批量导入']);
  });

  it('imports a legacy .xls into the feedback, each row sent to feedback', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['反馈内容'], ['导入的第一条'], [''], ['导入的第二条']]),
      'Sheet1',
    );
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    await page.getByTestId('open-import').click();
    await page
      .getByTestId('import-files')
      .setInputFiles({ name: '反馈.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
    await dialog('导入').getByRole('button', { name: '开始导入' }).click();
    await dialog('导入').getByText('共 2 行：成功 2 行，失败 0 行').waitFor();
    expect(feedback.submitted.slice(1)).toEqual(['导入的第一条', '导入的第二条']);
    await dialog('导入').getByRole('button', { name: '关闭' }).click();
  });

  it('exports every feedback to xlsx, 100 a page, and the file reads back', async () => {
    const total = IMPORTED + feedback.submitted.length;
    const before = feedback.bodies.length;
    const held = feedback.hold(5);
    const file = download(async () => {
      await page.getByTestId('export-menu').click();
      await page.getByRole('menuitem', { name: '导出 Excel（xlsx）' }).click();
      await held.reached;
      await dialog('导出中').getByText(`已获取 400 / ${total} 条`).waitFor();
      expect(await page.getByTestId('export-percent').textContent()).toBe(`${Math.floor(40_000 / total)}%`);
      await shot('list-export');
      held.release();
    });
    const { name, bytes } = await file;
    expect(name).toMatch(/^意见反馈-\d{8}-\d{4}\.xlsx$/);
    const pages = feedback.bodies.slice(before).filter((body) => body.get('pageSize') === '100');
    expect(pages.map((body) => Number(body.get('page')))).toEqual(
      Array.from({ length: Math.ceil(total / 100) }, (_, i) => i + 1),
    );

    const book = XLSX.read(bytes, { type: 'buffer', cellDates: true });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: false,
      defval: '',
    });
    expect(rows).toHaveLength(2 + total);
    expect(rows[0]).toEqual(['', '', '提交人', '', '']);
    expect(rows[1]).toEqual(['编号', '反馈内容', '用户', '手机号', '提交时间']);
    const contents = new Set(rows.slice(2).map((row) => row[1]));
    for (let n = 1; n <= IMPORTED; n++) expect(contents.has(feedbackContent(n))).toBe(true);
    for (const submitted of feedback.submitted) expect(contents.has(submitted)).toBe(true);
    expect(rows[2]?.[3]).toBe(ownerPhone);
    await dialog(/导出/).waitFor({ state: 'hidden' });
    await toast('导出完成');
  });

  it('raised no uncaught error', () => {
    expect(errors).toEqual([]);
  });
});
