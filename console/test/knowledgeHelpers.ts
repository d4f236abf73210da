import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './fixtures/knowledgeMock';
import { outboxCode } from './harness';

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

/**
 * What the knowledge e2e tests on the embedded app share: people made through the API (the tests are about the
 * workspace, not signing up), each with a browser context of their own, and the workspace's recurring gestures.
 */

export const screenshots = new URL('./screenshots/', import.meta.url).pathname;
export const avatar = new URL('./fixtures/avatar.png', import.meta.url).pathname;
export const password = 'Passw0rd!';

interface Answer {
  code: number;
  msg: string;
  // answers are read field by field in the assertions
  data: any;
}

/** Waits for what the server answers through the screens, which can take seconds on a loaded machine. */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

export interface Account {
  telephone: string;
  token: string;
  userId: number;
  nickname: string;
}

/** A registered account (SMS code from the development outbox), with no team yet. */
export async function register(url: string, telephone: string): Promise<Account> {
  const sent = await callApi(url, 'user/sendRegisterCode', { username: telephone, smsType: 2 });
  if (sent.code !== 200) throw new Error(sent.msg);
  const code = await outboxCode(url, telephone);
  const registered = await callApi(url, 'user/register', { telephone, password, repeatPassword: password, code });
  if (registered.code !== 200) throw new Error(registered.msg);
  const token: string = registered.data.token;
  const info = await callApi(url, 'userInfo/getUserInfo', {}, token);
  return { telephone, token, userId: info.data.userId, nickname: info.data.nickname };
}

/** One person's browser: a context of their own, so no two people share a session. */
export class Person {
  readonly errors: string[] = [];
  token = '';
  teamId = '';

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly url: string,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
    page.on('request', (request) => this.inFlight.add(request));
    page.on('requestfinished', (request) => this.inFlight.delete(request));
    page.on('requestfailed', (request) => this.inFlight.delete(request));
  }

  private readonly inFlight = new Set<unknown>();

  /** No request under way and the screen painted since: what the last change set off has been drawn. */
  async settle() {
    await poll(() => this.inFlight.size).toBe(0);
    await this.frames();
  }
  private frames() {
    return this.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }

  static async open(
    browser: Browser,
    url: string,
    options: { locale?: string; width?: number; height?: number } = {},
  ): Promise<Person> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1440, height: options.height ?? 960 },
      locale: options.locale ?? 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    // the once-a-day team check belongs to the teams e2e
    await context.addInitScript(() => localStorage.setItem('teamCheckTime', String(Date.now())));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return new Person(context, page, url);
  }

  /** Signed in by storage, for the people whose sign-in is not what a test is about. */
  async signedInAs(token: string, teamId: string) {
    this.token = token;
    this.teamId = teamId;
    await this.context.addInitScript(
      ([t, team]) => {
        localStorage.setItem('authorize_token', t as string);
        localStorage.setItem('teamId', team as string);
      },
      [token, teamId],
    );
  }

  /** Signs in through the password form, as a person would. */
  async signIn(telephone: string) {
    await this.goto('/login');
    await this.page.locator('input[name="username"]').fill(telephone);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.getByRole('button', { name: '登录', exact: true }).click();
    await this.page.waitForFunction(() => window.location.hash.startsWith('#/index'));
    this.token = (await this.storage('authorize_token')) ?? '';
    this.teamId = (await this.storage('teamId')) ?? '';
  }

  goto(hashPath: string) {
    return this.page.goto(`${this.url}/system/#${hashPath}`);
  }
  waitForHash(pattern: RegExp) {
    return this.page.waitForFunction((source) => new RegExp(source).test(window.location.hash), pattern.source, {
      timeout: 15_000,
    });
  }
  text(text: string | RegExp, within: Page | Locator = this.page) {
    return within.getByText(text).first().waitFor({ timeout: 15_000 });
  }
  storage(key: string) {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }
  shot(name: string, fullPage = false) {
    return this.page.screenshot({ path: `${screenshots}${name}.png`, fullPage, animations: 'disabled' });
  }
  /** A call with this person's token and team, the way a script outside the screens would make it. */
  call(path: string, body: Record<string, string | number> = {}): Promise<Answer> {
    return callApi(this.url, path, { teamId: this.teamId, ...body }, this.token);
  }

  // the workspace

  /** A row of the document tree. */
  row(name: string) {
    return this.page.locator(`[role="treeitem"][data-name="${name}"]`);
  }
  /** Opens the folder `folder` unless `name` shows already. */
  async reveal(name: string, folder: string) {
    if (!(await this.row(name).isVisible())) await this.row(folder).click();
    await this.row(name).waitFor();
  }
  /** A new node from the tree's "+" menu at the root, with a name and, for an API, its method and path. */
  async create(kind: '新建目录' | '新建接口' | '新建页面', name: string, request?: { method: string; path: string }) {
    await this.page.getByRole('button', { name: '新建', exact: true }).click();
    await this.page.getByRole('menuitem', { name: kind, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: kind });
    await dialog.locator('input[name="name"]').fill(name);
    if (request) {
      await dialog.getByRole('combobox').click();
      await this.page.getByRole('option', { name: request.method, exact: true }).click();
      await dialog.locator('input[name="path"]').fill(request.path);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await this.row(name).waitFor();
  }
  /**
   * Drags a row onto the middle of another row with the mouse, in steps as a hand would (react-arborist's HTML5 drag
   * and drop). A move is done when the tree is read again after the drop: the rows re-render then, and a drag started
   * during that re-render is lost, for a test as for a hand.
   */
  async drag(source: string, target: string, { moves = true } = {}) {
    const settled = moves
      ? this.page
          .waitForResponse((response) => response.url().endsWith('/project/structureDropUpdate'))
          .then(() => this.page.waitForResponse((response) => response.url().endsWith('/project/projectStructure')))
      : null;
    // the tree re-renders when what the last change set off arrives; a drag that starts then is lost
    await this.settle();
    await this.row(source).hover({ position: { x: 60, y: 15 } });
    const from = await this.box(source);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + 60, from.y + from.height, { steps: 3 });
    const to = await this.box(target);
    await this.page.mouse.move(to.x + 60, to.y + to.height / 2, { steps: 8 });
    // A resting hand's browser repeats dragover every 50 ms; the emulated drag sends one per move. The tree decides
    // whether a drop is allowed from the state the previous dragover left, so one more, after a paint, is needed.
    await this.frames();
    await this.page.mouse.move(to.x + 61, to.y + to.height / 2);
    await this.frames();
    await this.page.mouse.up();
    await settled;
  }

  /** A row's box, once it has one (a row re-rendered at that moment has none). */
  private async box(name: string): Promise<Box> {
    // a holder, not a variable: TypeScript does not see the closure assign it and narrows a `let` to null
    const found: { box: Box | null } = { box: null };
    await poll(async () => {
      found.box = await this.row(name).boundingBox();
      return found.box !== null;
    }).toBe(true);
    return found.box as Box;
  }

  // the API editor

  get editor() {
    return this.page.getByTestId('api-editor');
  }
  schemaRow(scope: Locator, path: string) {
    return scope.locator(`[data-schema-row="${path}"]`);
  }
  /** A new property under `parent` (an array's goes into its items), renamed and typed. */
  async addField(scope: Locator, parent: string, name: string, type: string, items = false) {
    await this.schemaRow(scope, parent).getByRole('button', { name: '添加子字段' }).click();
    const prefix = parent === '$' ? '' : `${parent}${items ? '[]' : ''}.`;
    await this.schemaRow(scope, `${prefix}field1`).getByLabel('字段名').fill(name);
    const at = `${prefix}${name}`;
    await this.schemaRow(scope, at).getByRole('combobox', { name: '类型' }).click();
    await this.page.getByRole('option', { name: type, exact: true }).click();
    return at;
  }
}
