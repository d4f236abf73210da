import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolation, seriousViolations } from './axe';
import { chromiumPath, hasChromium, launchChromium, type RunningApp, startApp } from './harness';
import { type Account, Person, poll, register } from './knowledgeHelpers';

/**
 * Issue 21's done-when for home and workspace on the embedded app: a new user A (王敏) creates a team through the
 * guide and lands on a home page with the tasks due, the team's activity and the starred projects; it changes live
 * when B (李强) finishes one of A's tasks; the workspace calendar reschedules a task by drag and drop (the server's
 * new times asserted). Screenshots of home, workspace list and calendar in Chinese and English, desktop and phone.
 */

const shots = '/tmp/shots/';
const stamp = String(Date.now()).slice(-7);
const DAY = 24 * 60 * 60 * 1000;
const CHINA = 8 * 60 * 60 * 1000;

/** Midnight in China of the day `days` from today, as epoch ms (the browsers run in Asia/Shanghai). */
const chinaDay = (days: number) => Math.floor((Date.now() + CHINA) / DAY) * DAY - CHINA + days * DAY;
/** yyyy-MM-dd of a time in China: FullCalendar's data-date of its day cell. */
const chinaDate = (ms: number) => new Date(ms + CHINA).toISOString().slice(0, 10);
const HOUR = 60 * 60 * 1000;

if (!hasChromium) console.warn(`home e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('home and workspace', () => {
  let app: RunningApp;
  let browser: Browser;
  let accountA: Account;
  let accountB: Account;
  let a: Person;
  let b: Person;
  let projectId = 0;
  const tasks = { overdue: 0, today: 0, planned: 0, later: 0 };
  const planned = { startTime: chinaDay(0) + 9 * HOUR, endTime: chinaDay(1) + 18 * HOUR };

  const ok = async (person: Person, path: string, body: Record<string, string | number> = {}) => {
    const answer = await person.call(path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };
  const taskNames = (testId: string) =>
    a.page.getByTestId(testId).getByTestId('my-task').locator('a').allTextContents();

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    accountA = await register(app.url, `139${stamp}1`);
    accountB = await register(app.url, `139${stamp}2`);
    a = await Person.open(browser, app.url);
    b = await Person.open(browser, app.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a new user creates a team through the guide and lands on home: tasks due, activity, starred projects', async () => {
    await a.signIn(accountA.telephone);
    // without a team the guide opens by itself; put off, home's empty state leads back into it
    const guide = a.page.getByRole('dialog', { name: '欢迎使用快速指引' });
    await guide.getByRole('button', { name: '稍后再说' }).click();
    await guide.waitFor({ state: 'hidden' });
    await a.page.getByTestId('no-team').getByRole('button', { name: '创建团队' }).click();
    await guide.locator('input[name="teamName"]').fill('产品研发部');
    await guide.getByRole('button', { name: '创建团队' }).click();
    await guide.waitFor({ state: 'hidden' });
    await a.page.getByTestId('home-page').waitFor();
    a.teamId = (await a.storage('teamId')) ?? '';
    expect(a.teamId).toMatch(/^\d+$/);
    // a new team: the cards teach the next step instead of standing empty
    await a.page.getByTestId('home-no-tasks').waitFor();
    await a.page.getByTestId('home-actions').getByRole('button', { name: '邀请成员' }).waitFor();
    await a.page.getByTestId('home-no-starred').waitFor();
    await a.settle();
    await a.page.screenshot({ path: `${shots}home-home-empty-zh-desktop.png`, fullPage: true, animations: 'disabled' });

    // the team's work, as members make it
    await ok(a, 'userInfo/update', { trueName: '王敏' });
    await b.signedInAs(accountB.token, a.teamId);
    const { shareCode } = await ok(a, 'team/shareInfo');
    await ok(b, 'team/shareJoin', { shareCode });
    await ok(b, 'userInfo/update', { trueName: '李强' });
    projectId = (await ok(a, 'task/newProject', { name: '官网改版' })).taskProjectId;
    await ok(a, 'task/batchCreateProjectUser', { projectId, userIds: JSON.stringify([accountB.userId]) });
    const newTask = async (name: string, times: { startTime?: number; endTime: number }) =>
      (await ok(a, 'task/newTask', { projectId, name, userId: accountA.userId, ...times })).taskId as number;
    tasks.overdue = await newTask('整理需求清单', { endTime: chinaDay(-2) + 18 * HOUR });
    tasks.today = await newTask('首页视觉评审', { endTime: chinaDay(0) + 23 * HOUR });
    tasks.planned = await newTask('登录接口联调', planned);
    tasks.later = await newTask('上线检查表', { endTime: chinaDay(10) + 18 * HOUR });
    await ok(a, 'task/starProject', { projectId });
    const docs = (await ok(a, 'project/create', { name: '接口文档', privateType: 'team' })).projectId;
    await ok(a, 'project/starProject', { projectId: docs });

    // the same hash is no navigation: a reload reads everything afresh
    await a.page.reload();
    await poll(() => taskNames('due-overdue')).toEqual(['整理需求清单']);
    expect(await taskNames('due-today')).toEqual(['首页视觉评审']);
    const starred = a.page.getByTestId('home-starred');
    await starred.getByTestId('starred-task-project').filter({ hasText: '官网改版' }).waitFor();
    await starred.getByTestId('starred-doc-project').filter({ hasText: '接口文档' }).waitFor();
    await poll(() => a.page.getByTestId('activity').count()).toBeGreaterThan(0);
    await poll(() => a.page.getByTestId('stat-mine').locator('span').first().textContent()).toBe('4');
    expect(a.errors).toEqual([]);
  });

  it('changes live when another member finishes a task', async () => {
    // a mark a reload would wipe: the page must change by itself
    await a.page.evaluate(() => Object.assign(window, { __homeMark: 1 }));
    const activity = a.page.getByTestId('activity-list').getByTestId('activity');
    await ok(b, 'task/finishTask', { projectId, taskId: tasks.today });
    await poll(() => a.page.getByTestId('due-today').count()).toBe(0);
    await poll(() => activity.first().textContent()).toContain('李强');
    await poll(() => a.page.getByTestId('stat-finished').locator('span').first().textContent()).toBe('1');
    expect(await a.page.evaluate(() => (window as unknown as { __homeMark?: number }).__homeMark)).toBe(1);
  });

  it('starts a task with one click from home', async () => {
    const overdue = a.page.getByTestId('due-overdue').getByTestId('my-task');
    await overdue.getByRole('button', { name: '开始: 整理需求清单' }).click();
    await a.text('任务已开始');
    await poll(() => overdue.textContent()).toContain('进行中');
    expect((await ok(a, 'task/taskDetail', { projectId, taskId: tasks.overdue })).status).toBe('in_progress');
  });

  it('the workspace groups my tasks and its calendar reschedules a task by drag and drop', async () => {
    await a.goto('/work');
    await a.page.getByTestId('work-list').waitFor();
    await poll(() => a.page.getByTestId('work-group-overdue').getByTestId('my-task').count()).toBe(1);
    // the list's export: every task shown, in one file
    const download = a.page.waitForEvent('download');
    await a.page.getByTestId('work-export').click();
    await a.page.getByRole('menuitem', { name: /CSV/i }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^我的任务-\d{8}-\d{4}\.csv$/);
    const csv = readFileSync((await file.path()) as string, 'utf8');
    for (const name of ['整理需求清单', '登录接口联调', '上线检查表']) expect(csv).toContain(name);
    expect(csv).toContain('官网改版');
    await a.page.getByTestId('group-project').click();
    await a.page.getByTestId(`work-group-${projectId}`).waitFor();
    await a.page.getByTestId('view-calendar').click();
    const event = a.page.locator(`[data-task-id="${tasks.planned}"]`).first();
    await event.waitFor();
    // remembered per user: the calendar is what a reload shows
    await a.page.reload();
    await event.waitFor();

    const target = a.page.locator(`td.fc-daygrid-day[data-date="${chinaDate(planned.startTime + 2 * DAY)}"]`);
    const from = await event.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the event or its target day is not on screen');
    const saved = a.page.waitForResponse((response) => response.url().endsWith('/task/updatePreTime'));
    await a.page.mouse.move(from.x + 10, from.y + from.height / 2);
    await a.page.mouse.down();
    await a.page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 4 });
    await a.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await a.page.mouse.up();
    expect((await saved).ok()).toBe(true);
    await a.text(/已改期/);
    const detail = await ok(a, 'task/taskDetail', { projectId, taskId: tasks.planned });
    expect({ startTime: detail.startTime, endTime: detail.endTime }).toEqual({
      startTime: planned.startTime + 2 * DAY,
      endTime: planned.endTime + 2 * DAY,
    });
    // and the calendar shows it where it was dropped
    await poll(() => target.locator(`[data-task-id="${tasks.planned}"]`).count()).toBeGreaterThan(0);
    // the week view (by the hour, work.e2e.spec.ts), remembered for this user
    await a.page.locator('.fc-timeGridWeek-button').click();
    await a.page.locator('.fc-timeGridWeek-view').waitFor();
    const stored = JSON.parse((await a.storage(`pmbok.work.layout.${accountA.userId}`)) ?? '{}');
    expect(stored).toMatchObject({ view: 'calendar', calendar: 'week', group: 'project' });
    expect(a.errors).toEqual([]);
  });

  it('reads well in Chinese and English, on a desktop and a phone (screenshots)', async () => {
    for (const locale of ['zh', 'en'] as const) {
      for (const [device, width, height] of [
        ['desktop', 1440, 900],
        ['phone', 390, 844],
      ] as const) {
        const person = await Person.open(browser, app.url, { width, height });
        if (locale === 'en') {
          await person.context.addInitScript(() => {
            localStorage.setItem('RaStore.version', '1');
            localStorage.setItem('RaStore.locale', '"en"');
          });
        }
        await person.signedInAs(accountA.token, a.teamId);
        const name = (screen: string) => `${shots}home-${screen}-${locale}-${device}.png`;
        await person.goto('/index');
        await person.page.getByTestId('home-my-tasks').getByTestId('my-task').first().waitFor();
        await poll(() => person.page.getByTestId('activity').count()).toBeGreaterThan(0);
        // The feed's sentences in the UI's language: in English only the names (people, 用户<n> before they set one,
        // tasks, projects, the team) are Chinese, none of the server's Chinese wording.
        const sentences = await person.page.getByTestId('activity-sentence').allTextContents();
        if (locale === 'en') {
          expect(sentences).toContain('李强 finished the task “首页视觉评审”');
          expect(sentences).toContain('王敏 created the task “整理需求清单”');
          const names =
            /用户\d+|王敏|李强|官网改版|首页视觉评审|整理需求清单|登录接口联调|上线检查表|产品研发部|接口文档/g;
          expect(sentences.filter((sentence) => /\p{Script=Han}/u.test(sentence.replace(names, '')))).toEqual([]);
        } else {
          expect(sentences).toContain('李强 完成了任务「首页视觉评审」');
        }
        await person.settle();
        await person.page.screenshot({ path: name('home'), fullPage: true, animations: 'disabled' });
        expect(
          (await seriousViolations(person.page, { include: '[data-testid="home-page"]' })).map(describeViolation),
        ).toEqual([]);

        await person.goto('/work');
        await person.page.getByTestId('view-list').click();
        await person.page.getByTestId('group-due').click();
        await person.page.getByTestId('my-task').first().waitFor();
        await person.settle();
        await person.page.screenshot({ path: name('work-list'), fullPage: true, animations: 'disabled' });
        expect(
          (await seriousViolations(person.page, { include: '[data-testid="work-page"]' })).map(describeViolation),
        ).toEqual([]);

        await person.page.getByTestId('view-calendar').click();
        await person.page.locator('.fc-event').first().waitFor();
        await person.settle();
        await person.page.screenshot({ path: name('work-calendar'), fullPage: true, animations: 'disabled' });
        expect(
          (await seriousViolations(person.page, { include: '[data-testid="work-page"]' })).map(describeViolation),
        ).toEqual([]);
        expect(person.errors).toEqual([]);
        await person.context.close();
      }
    }
  });
});
