import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const stamp = String(Date.now()).slice(-7);
const phoneA = `139${stamp}1`;
const phoneB = `139${stamp}2`;
const phoneC = `139${stamp}3`;
const nickA = `用户${phoneA.slice(-4)}`;
const nickB = `用户${phoneB.slice(-4)}`;
const password = 'Passw0rd!';
const templateName = '研发流程模板';
const projectName = '登录改版';

if (!hasChromium) console.warn(`tasks e2e skipped: no Chromium at ${chromiumPath}`);

interface Answer {
  code: number;
  msg: string;
  // answers are read field by field in the assertions
  data: any;
}

/** One person's browser: its own context, so A, B and C never share a session. */
class Person {
  readonly errors: string[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly url: string,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
  }

  /** `token`: signed in from the start. The team-check dialog is kept for the teams e2e: here it is never due. */
  static async open(browser: Browser, url: string, token?: string): Promise<Person> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript((signedIn) => {
      localStorage.setItem('teamCheckTime', String(Date.now()));
      if (signedIn) localStorage.setItem('authorize_token', signedIn);
    }, token ?? '');
    return new Person(context, await context.newPage(), url);
  }

  goto(hashPath: string) {
    return this.page.goto(`${this.url}/system/#${hashPath}`);
  }
  /** The hash starts with `#prefix`, or matches a pattern. */
  waitForHash(prefix: string | RegExp) {
    const [start, pattern] = typeof prefix === 'string' ? [`#${prefix}`, ''] : ['', prefix.source];
    return this.page.waitForFunction(
      ([expected, source]) => {
        const hash = decodeURIComponent(window.location.hash);
        return source ? new RegExp(source).test(hash) : hash.startsWith(expected as string);
      },
      [start, pattern],
    );
  }
  text(text: string | RegExp, within: Page | Locator = this.page) {
    return within.getByText(text).first().waitFor({ timeout: 10_000 });
  }
  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }
  shot(name: string) {
    return this.page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true, animations: 'disabled' });
  }
  storage(key: string) {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }
  async call(path: string, body: Record<string, string> = {}): Promise<Answer> {
    const [token, teamId] = [await this.storage('authorize_token'), await this.storage('teamId')];
    return callApi(this.url, path, { teamId: teamId ?? '', ...body }, token ?? '');
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

  column(flow: string) {
    return this.page.locator(`[data-testid="board-column"][data-flow="${flow}"]`);
  }
  card(name: string) {
    return this.page.locator(`[data-testid="task-card"][data-name="${name}"]`);
  }
  get drawer() {
    return this.page.getByTestId('task-drawer');
  }
  async cardNames(flow: string) {
    return this.column(flow)
      .getByTestId('task-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-name')));
  }

  /**
   * Drags with real pointer moves (dnd-kit starts a drag after a few pixels), then waits until the board reports
   * the card over `target` before letting go.
   */
  async drag(card: Locator, target: Locator, targetY: (box: { y: number; height: number }) => number = centreY) {
    const start = await card.boundingBox();
    const end = await target.boundingBox();
    if (!start || !end) throw new Error('nothing to drag');
    const overId = await target.evaluate((element) =>
      element.dataset.taskId ? `task-${element.dataset.taskId}` : `flow-${element.dataset.flowId}`,
    );
    await this.page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 12, { steps: 4 });
    await this.page.mouse.move(end.x + end.width / 2, targetY(end), { steps: 20 });
    await this.page.locator(`[data-testid="board"][data-over="${overId}"]`).waitFor();
    await this.page.mouse.up();
  }

  /** A status action from the drawer, with its note. */
  async act(label: string, note: string, status: string) {
    await this.drawer.getByTestId('task-actions').getByRole('button', { name: label, exact: true }).click();
    const dialog = this.dialog(label);
    await dialog.locator('textarea[name="note"]').fill(note);
    await dialog.getByRole('button', { name: '确认' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => this.drawer.getByTestId('task-status').first().textContent()).toBe(status);
  }

  async download(action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), action()]);
    return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
  }
}

const centreY = (box: { y: number; height: number }) => box.y + box.height / 2;

/** Waits for a condition: what the server answers through the screens may take more than expect.poll's 1 s. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

async function callApi(url: string, path: string, body: Record<string, string>, token = ''): Promise<Answer> {
  const response = await fetch(`${url}/pmbok/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
    body: new URLSearchParams(body),
  });
  return (await response.json()) as Answer;
}

describe.skipIf(!hasChromium)('task projects (A, B and an outsider C against the embedded app)', () => {
  let app: RunningApp;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let c: Person;
  let templateId: string;
  let projectId: string;
  let taskId: string;
  let bId: number;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    a = await Person.open(browser, app.url);
    b = await Person.open(browser, app.url);
  });

  // a failing step leaves a picture of every open page
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [who, person] of Object.entries({ a, b, c })) await person?.shot(`failed-${who}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('A registers and creates a team; B registers from its invitation and joins', async () => {
    await a.goto('/login?form=register');
    await a.register(phoneA);
    const guide = a.dialog('欢迎使用快速指引');
    await guide.locator('input[name="teamName"]').fill('研发部');
    await guide.getByRole('button', { name: '创建团队' }).click();
    await a.text('团队信息创建成功');
    await a.waitForHash('/index?t=');

    const { shareCode } = (await a.call('team/shareInfo', { teamId: (await a.storage('teamId')) ?? '' })).data;
    await b.page.goto(`${app.url}/system/#/invite/${shareCode}`);
    await b.page.getByRole('button', { name: '注册新账号' }).click();
    await b.register(phoneB);
    await b.waitForHash('/invite/');
    await b.page.getByRole('button', { name: '加入团队' }).click();
    await b.waitForHash('/index?t=');
    expect(await b.storage('teamId')).toBe(await a.storage('teamId'));
    bId = (await b.call('userInfo/getUserInfo')).data.userId;
  });

  it('A creates a blank project, gives it a 测试中 stage and marks it a team template', async () => {
    await a.goto('/taskIndex');
    await a.page.getByTestId('no-projects').waitFor();
    await a.page.getByRole('button', { name: '新建项目' }).click();
    const dialog = a.dialog('新建任务项目');
    expect(await dialog.getByTestId('blank-task').getAttribute('aria-pressed')).toBe('true');
    await dialog.locator('input[name="name"]').fill(templateName);
    await dialog.getByRole('button', { name: '新建' }).click();
    await a.waitForHash(/^#\/task\/home\/\d+\?isNew=1$/);
    templateId = (await a.page.evaluate(() => window.location.hash)).match(/home\/(\d+)/)?.[1] ?? '';
    await a.column('待处理').waitFor();

    await a.page.getByRole('button', { name: '新建阶段' }).click();
    await a.dialog('新建阶段').locator('input[name="name"]').fill('测试中');
    await a.dialog('新建阶段').getByRole('button', { name: '保存' }).click();
    await a.column('测试中').waitFor();

    await a.page.getByRole('tab', { name: '设置' }).click();
    await a.page.getByTestId('project-settings').waitFor();
    await a.page.getByLabel('设为团队模板').check();
    await a.page.getByRole('button', { name: '保存' }).click();
    await a.text('项目信息已保存');
    const template = (await a.call('task/projectDetail', { projectId: templateId })).data;
    expect(template).toMatchObject({ name: templateName, isTemplate: true });
    expect(template.flows.map((f: { name: string }) => f.name)).toEqual(['待处理', '进行中', '已完成', '测试中']);
  });

  it('A creates the project from the template with the picker, then renames it in the settings', async () => {
    await a.goto('/taskIndex');
    await a.page
      .locator(`[data-testid="project-card"][data-name="${templateName}"]`)
      .getByText('模板', { exact: true })
      .waitFor();
    await a.page.getByRole('button', { name: '新建项目' }).click();
    const dialog = a.dialog('新建任务项目');
    await dialog.getByText(templateName).waitFor();
    await a.shot('task-template-picker');
    await dialog.getByRole('button', { name: '使用' }).click();
    expect(await dialog.locator('input[name="name"]').count()).toBe(0);
    await dialog.getByRole('button', { name: '新建' }).click();
    await a.waitForHash(/^#\/task\/home\/\d+\?isNew=1$/);
    projectId = (await a.page.evaluate(() => window.location.hash)).match(/home\/(\d+)/)?.[1] ?? '';
    expect(projectId).not.toBe(templateId);
    await a.column('测试中').waitFor();

    await a.page.getByRole('tab', { name: '设置' }).click();
    const name = a.page.locator('input[name="name"]');
    await poll(() => name.inputValue()).toBe(templateName);
    await name.fill(projectName);
    await a.page.locator('textarea[name="description"]').fill('登录与注册页面改版');
    await a.page.getByRole('button', { name: '保存' }).click();
    await a.text('项目信息已保存');
    await poll(() => a.page.getByTestId('project-name').textContent()).toBe(projectName);
    expect((await a.call('task/projectDetail', { projectId })).data).toMatchObject({
      name: projectName,
      isTemplate: false,
      sourceTaskProjectId: Number(templateId),
      myRole: 'owner',
    });
    await a.shot('task-settings');
  });

  it('A adds B, picked from the team, as a member', async () => {
    await a.page.getByRole('tab', { name: '成员' }).click();
    await a.page.getByTestId('project-members').waitFor();
    await a.page.getByRole('button', { name: '添加成员' }).click();
    const dialog = a.dialog('添加成员');
    await dialog.getByTestId('candidate').filter({ hasText: nickB }).click();
    expect(await dialog.getByTestId('candidate').filter({ hasText: nickA }).count()).toBe(0);
    await dialog.getByRole('button', { name: '添加' }).click();
    await a.text('已添加 1 名成员');
    const rowB = a.page.locator(`[data-testid="member-row"][data-name="${nickB}"]`);
    await rowB.waitFor();
    expect(await rowB.textContent()).toContain('成员');
    expect(await a.page.locator(`[data-testid="member-row"][data-name="${nickA}"]`).textContent()).toContain('所有者');
    await a.shot('task-members');
    const members = (await a.call('task/projectUser', { projectId })).data;
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      [nickA, 'owner'],
      [nickB, 'member'],
    ]);
  });

  it('A stars a project on the index: starred projects come first', async () => {
    await a.goto('/taskIndex');
    const cards = a.page.getByTestId('project-card');
    const order = () => cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-name')));
    await poll(order).toEqual([projectName, templateName]);
    const template = a.page.locator(`[data-testid="project-card"][data-name="${templateName}"]`);
    await template.getByRole('button', { name: '星标' }).click();
    await poll(order).toEqual([templateName, projectName]);
    expect(await template.getByRole('button', { name: '取消星标' }).getAttribute('aria-pressed')).toBe('true');
    const mine = (await a.call('task/userProject')).data as { name: string; isStar: boolean }[];
    expect(mine.map((p) => [p.name, p.isStar])).toEqual([
      [templateName, true],
      [projectName, false],
    ]);
    await a.shot('task-index');
    await template.getByRole('button', { name: '取消星标' }).click();
    await template.getByRole('button', { name: '星标' }).waitFor();
    expect((await a.call('task/projectDetail', { projectId: templateId })).data.isStar).toBe(false);
    await a.page.locator(`[data-testid="project-card"][data-name="${projectName}"]`).click();
    await a.waitForHash(`/task/home/${projectId}`);
  });

  it('A quick-adds tasks at the bottom of a column', async () => {
    const todo = a.column('待处理');
    await todo.getByRole('button', { name: '添加任务' }).click();
    const input = todo.getByRole('textbox', { name: '在「待处理」中添加任务' });
    for (const name of ['登录页', '注册页', '找回密码']) {
      await input.fill(name);
      await input.press('Enter');
      await a.card(name).waitFor();
    }
    expect(await a.cardNames('待处理')).toEqual(['登录页', '注册页', '找回密码']);
    const list = (await a.call('task/taskList', { projectId, sort: 'name' })).data;
    expect(list.total).toBe(3);
    taskId = String(list.list.find((t: { name: string }) => t.name === '登录页').taskId);
  });

  it('A drags 登录页 to 进行中 with the mouse, and reorders a card within 待处理', async () => {
    await a.drag(a.card('登录页'), a.column('进行中'));
    await poll(() => a.cardNames('进行中')).toEqual(['登录页']);
    expect(await a.cardNames('待处理')).toEqual(['注册页', '找回密码']);
    await poll(async () => (await a.call('task/taskDetail', { projectId, taskId })).data.flowName).toBe('进行中');

    // within a column: 找回密码 above 注册页 (kept in this browser: the server has no position in a flow)
    await a.drag(a.card('找回密码'), a.card('注册页'), (box) => box.y + 4);
    await poll(() => a.cardNames('待处理')).toEqual(['找回密码', '注册页']);
    await a.page.reload();
    await a.column('待处理').getByTestId('task-card').first().waitFor();
    expect(await a.cardNames('待处理')).toEqual(['找回密码', '注册页']);
    expect(await a.cardNames('进行中')).toEqual(['登录页']);
    await a.shot('task-board');
  });

  it('puts a card back where it was when the server refuses the move', async () => {
    await a.page.route('**/pmbok/api/task/moveFlow', (route) =>
      route.fulfill({ json: { code: 400, msg: '模拟拒绝：不能移动', data: null } }),
    );
    await a.drag(a.card('注册页'), a.column('已完成'));
    await a.text('模拟拒绝：不能移动');
    await poll(() => a.cardNames('待处理')).toContain('注册页');
    expect(await a.cardNames('已完成')).toEqual([]);
    await a.page.unroute('**/pmbok/api/task/moveFlow');
  });

  it('A renames a stage, cannot delete one with tasks, and deletes an empty one', async () => {
    const menu = (flow: string) => a.page.getByRole('button', { name: `阶段「${flow}」的操作` });
    await menu('测试中').click();
    await a.page.getByRole('menuitem', { name: '重命名阶段' }).click();
    await a.dialog('重命名阶段').locator('input[name="name"]').fill('验收');
    await a.dialog('重命名阶段').getByRole('button', { name: '保存' }).click();
    await a.column('验收').waitFor();

    await menu('进行中').click();
    await a.page.getByRole('menuitem', { name: '删除阶段' }).click();
    await a.dialog('删除阶段').getByRole('button', { name: '确认' }).click();
    await a.text('该阶段还有 1 个任务，请先将任务移到其他阶段再删除');
    await a.dialog('删除阶段').waitFor({ state: 'hidden' });
    await a.column('进行中').waitFor();

    await menu('验收').click();
    await a.page.getByRole('menuitem', { name: '删除阶段' }).click();
    await a.dialog('删除阶段').getByRole('button', { name: '确认' }).click();
    await a.text('阶段已删除');
    await a.column('验收').waitFor({ state: 'detached' });
    const flows = (await a.call('task/projectFlows', { projectId })).data as { name: string }[];
    expect(flows.map((f) => f.name)).toEqual(['待处理', '进行中', '已完成']);
  });

  it('A opens the card, sets the estimate, starts and stops it, comments and transfers it to B', async () => {
    await a.card('登录页').click();
    await a.drawer.waitFor();
    await a.waitForHash(`/task/home/${projectId}?task=${taskId}`);
    // only the transitions of a task not started
    const actions = a.drawer.getByTestId('task-actions').getByRole('button');
    await poll(() => actions.allTextContents()).toEqual(['开始', '完成', '取消任务', '关闭任务']);

    const workHour = a.drawer.locator('input[name="workHour"]');
    await workHour.fill('8');
    await workHour.press('Enter');
    await poll(async () => (await a.call('task/taskDetail', { projectId, taskId })).data.workHour).toBe(8);

    const editor = a.drawer.getByTestId('content-editor');
    await editor.click();
    await a.page.keyboard.type('需求：支持短信登录');
    await a.page.keyboard.press('ControlOrMeta+A');
    await a.drawer.getByRole('button', { name: '加粗' }).click();
    await a.drawer.getByRole('button', { name: '保存' }).click();
    await a.text('任务描述已保存');
    await poll(async () => (await a.call('task/taskDetail', { projectId, taskId })).data.content).toMatch(
      /<(b|strong)>需求：支持短信登录<\/(b|strong)>/,
    );

    await a.act('开始', '开工', '进行中');
    await poll(() => actions.allTextContents()).toEqual(['暂停', '完成', '取消任务', '关闭任务']);
    await a.act('暂停', '等接口', '已暂停');
    await poll(() => actions.allTextContents()).toEqual(['继续', '完成', '取消任务', '关闭任务']);

    await a.drawer.locator('textarea[name="comment"]').fill('请 B 接手，<b>不是标签</b>');
    await a.drawer.getByRole('button', { name: '发送' }).click();
    await a.text('评论已发表');
    await a.drawer.getByTestId('comment').filter({ hasText: '请 B 接手，<b>不是标签</b>' }).waitFor();
    await a.drawer.getByRole('tab', { name: '评论（1）' }).waitFor();

    await a.drawer.getByRole('combobox', { name: /执行者/ }).click();
    await a.page.getByRole('option', { name: nickB }).click();
    await a.text('任务已转交');
    await poll(() => a.drawer.getByRole('combobox', { name: /执行者/ }).textContent()).toContain(nickB);
    await a.shot('task-drawer');
    expect((await a.call('task/taskDetail', { projectId, taskId })).data).toMatchObject({
      status: 'paused',
      userId: bId,
      userName: nickB,
      workHour: 8,
      commentCount: 1,
    });
    await a.page.keyboard.press('Escape');
    await a.drawer.waitFor({ state: 'hidden' });
  });

  it('A sorts the list view and exports it to csv (with a BOM) and xlsx', async () => {
    await a.page.getByRole('button', { name: '列表', exact: true }).click();
    const table = a.page.getByTestId('task-table');
    await table.waitFor();
    const rowNames = () =>
      table.getByTestId('task-row').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent));
    await a.page
      .getByTestId('task-filters')
      .getByRole('combobox', { name: /执行者/ })
      .click();
    await a.page.getByRole('option', { name: nickB }).click();
    await poll(rowNames).toEqual(['登录页']);
    await a.page.getByRole('button', { name: '清除筛选' }).click();
    await poll(() => table.getByTestId('task-row').count()).toBe(3);
    await table.getByRole('button', { name: '任务名称' }).click();
    await poll(rowNames).toEqual(['登录页', '找回密码', '注册页']);
    await table.getByRole('button', { name: '任务名称' }).click();
    await poll(rowNames).toEqual(['注册页', '找回密码', '登录页']);
    await table.getByRole('button', { name: '状态' }).click();
    await poll(rowNames).toEqual(['注册页', '找回密码', '登录页']);
    await a.shot('task-list');

    const exportAs = (label: string) => async () => {
      await a.page.getByTestId('task-export').click();
      await a.page.getByRole('menuitem', { name: label }).click();
    };
    const csv = await a.download(exportAs('导出 CSV'));
    expect(csv.name).toMatch(/^任务列表-\d{8}-\d{4}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('任务名称,阶段,状态,执行者,优先级,开始时间,截止时间,预估工时,已用工时,创建者');
    expect(text).toContain(`登录页,进行中,已暂停,${nickB},普通,,,8,`);
    const xlsx = await a.download(exportAs('导出 Excel（xlsx）'));
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('B signs in from a fresh browser, sees the project and the task assigned to them, and finishes it', async () => {
    const registered = b;
    b = await Person.open(browser, app.url);
    b.errors.push(...registered.errors);
    await registered.context.close();
    await b.goto('/taskIndex');
    await b.waitForHash('/login?redirect=');
    await b.page.locator('input[name="username"]').fill(phoneB);
    await b.page.locator('input[name="password"]').fill(password);
    await b.page.getByRole('button', { name: '登录', exact: true }).click();
    await b.waitForHash('/taskIndex');
    await b.page.locator(`[data-testid="project-card"][data-name="${projectName}"]`).click();
    await b.waitForHash(`/task/home/${projectId}`);
    await b.card('登录页').click();
    await b.drawer.waitFor();
    await poll(() => b.drawer.getByRole('combobox', { name: /执行者/ }).textContent()).toContain(nickB);
    await b.act('完成', '已上线', '已完成');
    await poll(() => b.drawer.getByTestId('task-actions').getByRole('button').allTextContents()).toEqual(['关闭任务']);
    expect((await b.call('task/taskDetail', { projectId, taskId })).data.status).toBe('finished');
  });

  it('shows each step in the activity log, with who did it', async () => {
    await b.drawer.getByRole('tab', { name: '动态' }).click();
    const expected = [
      `${nickA} 创建了任务「登录页」`,
      `${nickA} 将任务移动到「进行中」`,
      `${nickA} 将预估工时设为 8 小时`,
      `${nickA} 更新了任务描述`,
      `${nickA} 开始了任务`,
      `${nickA} 暂停了任务`,
      `${nickA} 发表了评论`,
      `${nickA} 将任务转交给 ${nickB}`,
      `${nickB} 完成了任务`,
    ];
    const entries = b.drawer.getByTestId('log-entry');
    await poll(() => entries.count()).toBeGreaterThanOrEqual(expected.length);
    const shown = await entries.allTextContents();
    const logs = (await b.call('task/taskLogs', { projectId, taskId })).data.list as { content: string }[];
    const steps = logs.map((log) => log.content);
    expect(steps.map((content) => expected.findIndex((step) => content.startsWith(step)))).toEqual(
      expected.map((_step, index) => index),
    );
    for (const content of steps) expect(shown.some((entry) => entry.includes(content))).toBe(true);
    // the notes of the status actions are shown with their step
    expect(shown.find((entry) => entry.includes('暂停了任务'))).toContain('等接口');
    expect(shown.find((entry) => entry.includes('完成了任务'))).toContain('已上线');
    await b.shot('task-logs');
  });

  it('A sees the hours per member in the record', async () => {
    await a.page.reload();
    await a.page.getByRole('button', { name: '工时统计' }).click();
    const report = a.page.getByTestId('work-hour-report');
    await report.waitFor();
    const rowB = report.locator(`[data-testid="record-row"][data-name="${nickB}"]`);
    await rowB.waitFor();
    expect(await rowB.locator('td').nth(1).textContent()).toBe('1');
    expect(await rowB.locator('td').nth(2).textContent()).toBe('8');
    expect(
      await report.locator(`[data-testid="record-row"][data-name="${nickA}"]`).locator('td').nth(1).textContent(),
    ).toBe('2');
    expect(await report.getByTestId('record-total').locator('td').nth(1).textContent()).toBe('3');
    const api = (await a.call('task/workHourReport', { projectId })).data;
    expect(api).toMatchObject({ taskCount: 3, estimatedHours: 8 });
    await a.shot('task-record');
  });

  it('A stops the project: the board turns read-only until A reopens it', async () => {
    await a.page.getByRole('tab', { name: '设置' }).click();
    await a.page.getByRole('button', { name: '暂停项目' }).click();
    await a.dialog('暂停项目').getByRole('button', { name: '确认' }).click();
    await a.text('项目状态已更新');
    await poll(() => a.page.getByTestId('project-status').first().textContent()).toBe('已暂停');
    await a.page.getByRole('tab', { name: '任务' }).click();
    await a.page.getByTestId('project-frozen').getByText('项目已暂停，请先恢复项目').waitFor();
    await a.column('待处理').waitFor();
    expect(await a.page.getByRole('button', { name: '添加任务' }).count()).toBe(0);
    expect((await a.call('task/newTask', { projectId, name: '不该成功' })).msg).toBe('项目已暂停，请先恢复项目');

    await a.page.getByRole('tab', { name: '设置' }).click();
    await a.page.getByRole('button', { name: '重新打开' }).click();
    await a.dialog('重新打开').getByRole('button', { name: '确认' }).click();
    await poll(() => a.page.getByTestId('project-status').first().textContent()).toBe('进行中');
    expect((await a.call('task/projectDetail', { projectId })).data.status).toBe('active');
  });

  it("shows on A's open board, without a reload, the task B adds (live push)", async () => {
    await a.goto(`/task/home/${projectId}`);
    await a.card('登录页').waitFor();
    await a.page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
    const added = await b.call('task/newTask', { projectId, name: '实时到达' });
    expect(added.code).toBe(200);
    await a.card('实时到达').waitFor({ timeout: 10_000 });
    expect(await a.page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await b.call('task/cancelTask', { projectId, taskId: String(added.data.taskId) });
  });

  it('gives an outsider C the refusal and no task data, on screen and through the API', async () => {
    expect((await callApi(app.url, 'user/sendRegisterCode', { username: phoneC, smsType: '2' })).code).toBe(200);
    const code = await outboxCode(app.url, phoneC);
    const registered = await callApi(app.url, 'user/register', {
      telephone: phoneC,
      password,
      repeatPassword: password,
      code,
    });
    const token = registered.data.token as string;
    const team = await callApi(app.url, 'team/create', { teamName: '别的团队' }, token);
    c = await Person.open(browser, app.url, token);

    for (const path of [`/task/home/${projectId}`, `/taskManage/user/${projectId}`, `/taskManage/index/${projectId}`]) {
      await c.goto(path);
      await c.page.reload();
      const refusal = c.page.getByTestId('project-refused');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain('你不是该项目的成员');
      expect(await c.page.getByText('登录页').count()).toBe(0);
      expect(await c.page.getByText(projectName).count()).toBe(0);
    }
    await c.shot('task-refused');
    for (const call of ['projectTask', 'projectDetail', 'taskList', 'projectUser']) {
      const answer = await callApi(app.url, `task/${call}`, { teamId: String(team.data.teamId), projectId }, token);
      expect(answer.code, call).toBe(400);
      expect(answer.data, call).toBeNull();
    }
    await c.goto('/taskIndex');
    await c.page.getByTestId('no-projects').waitFor();
  });

  it('raised no uncaught error in any page', () => {
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(c.errors).toEqual([]);
  });
});
