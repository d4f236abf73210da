import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolation, seriousViolations } from './axe';
import { chromiumPath, hasChromium, launchChromium, type RunningApp, startApp } from './harness';
import { type Account, Person, poll, register } from './knowledgeHelpers';

/**
 * Issue 21's workspace on the embedded app, past what home.e2e.spec.ts walks: the documents I wrote (created through
 * the real calls), the week as hours with a task dragged and resized by the hour (the server's times asserted), and
 * a phone's list of days where a long title reads whole. Screenshots of the list, month and week in Chinese and
 * English, desktop and phone, into /tmp/shots/work-*.png.
 */

const shots = '/tmp/shots/';
const stamp = String(Date.now()).slice(-7);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;
/** Midnight in China of the day `days` from today, as epoch ms (the browsers run in Asia/Shanghai). */
const chinaDay = (days: number) => Math.floor((Date.now() + CHINA) / DAY) * DAY - CHINA + days * DAY;

const LONG_TITLE = '首页视觉评审与交互走查（含移动端适配和无障碍检查）';

if (!hasChromium) console.warn(`work e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the workspace: my documents, the week by the hour, a phone', () => {
  let app: RunningApp;
  let browser: Browser;
  let account: Account;
  let me: Person;
  let projectId = 0;
  let knowledgeId = 0;
  const tasks = { meeting: 0, long: 0, review: 0 };
  const meeting = { startTime: chinaDay(0) + 10 * HOUR, endTime: chinaDay(0) + 11.5 * HOUR };

  const ok = async (path: string, body: Record<string, string | number> = {}) => {
    const answer = await me.call(path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    account = await register(app.url, `137${stamp}1`);
    me = await Person.open(browser, app.url, { width: 1440, height: 960 });
    me.token = account.token;
    const team = await me.call('team/create', { teamName: '产品研发部', sourceProject: '[]' });
    expect(team.code, team.msg).toBe(200);
    await me.signedInAs(account.token, String(team.data.teamId));
    await ok('userInfo/update', { trueName: '王敏' });
    projectId = (await ok('task/newProject', { name: '官网改版' })).taskProjectId;
    const newTask = async (name: string, times: { startTime?: number; endTime: number }) =>
      (await ok('task/newTask', { projectId, name, userId: account.userId, ...times })).taskId as number;
    tasks.meeting = await newTask('登录接口联调', meeting);
    tasks.long = await newTask(LONG_TITLE, { startTime: chinaDay(0) + 15 * HOUR, endTime: chinaDay(0) + 17 * HOUR });
    tasks.review = await newTask('上线检查表', { startTime: chinaDay(0) + 9 * HOUR, endTime: chinaDay(2) + 18 * HOUR });
    await newTask('整理需求清单', { endTime: chinaDay(-1) + 18 * HOUR });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the documents I created, newest change first, each opening in the knowledge workspace', async () => {
    await me.goto('/work');
    const card = me.page.getByTestId('work-docs');
    // none yet: the card says how to write one and leads to the knowledge projects
    const empty = card.getByTestId('work-no-docs');
    await empty.waitFor();
    expect(await empty.getByRole('link').getAttribute('href')).toBe('#/api');
    await me.settle();
    await me.page.screenshot({ path: `${shots}work-docs-empty-zh-desktop.png`, animations: 'disabled' });

    knowledgeId = (await ok('project/create', { name: '支付中台', privateType: 'team' })).projectId;
    const refund = await ok('project/addStructure', {
      projectId: knowledgeId,
      parentId: 0,
      kind: 'api',
      name: '申请退款',
      method: 'POST',
      path: '/refunds',
    });
    const guide = await ok('project/addStructure', {
      projectId: knowledgeId,
      parentId: 0,
      kind: 'page',
      name: '接入指南',
    });
    await me.page.reload();
    const names = () =>
      card.getByTestId('work-my-doc').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));
    await poll(names).toEqual(['接入指南', '申请退款']);
    const first = card.getByTestId('work-my-doc').first();
    expect(await first.textContent()).toContain('支付中台');
    expect(await first.getAttribute('href')).toBe(`#/project/index/${knowledgeId}?doc=${guide.projectStructureId}`);
    expect(await card.getByTestId('work-docs-more').getAttribute('href')).toBe('#/userAuthor/index');

    // a save moves a document to the top
    const detail = await ok('project/docDetail', {
      projectId: knowledgeId,
      projectStructureId: refund.projectStructureId,
    });
    await ok('project/saveDoc', {
      projectId: knowledgeId,
      projectStructureId: refund.projectStructureId,
      baseVersion: detail.version,
      doc: JSON.stringify({ ...detail.api, status: 'released' }),
    });
    await me.page.reload();
    await poll(names).toEqual(['申请退款', '接入指南']);

    // the tab is remembered for this user
    await card.getByTestId('docs-follows').click();
    await card.getByTestId('work-follows').waitFor();
    const stored = JSON.parse((await me.storage(`pmbok.work.layout.${account.userId}`)) ?? '{}');
    expect(stored).toMatchObject({ docs: 'follows' });
    await card.getByTestId('docs-mine').click();

    await card.getByTestId('work-my-doc').first().click();
    await me.waitForHash(new RegExp(`^#/project/index/${knowledgeId}\\?doc=${refund.projectStructureId}$`));
    expect(me.errors).toEqual([]);
  });

  it('shows the week by the hour; a drag moves a task by hours and a resize moves its end (saved on the server)', async () => {
    await me.goto('/work');
    await me.page.getByTestId('view-calendar').click();
    await me.page.locator('.fc-timeGridWeek-button').click();
    await me.page.locator('.fc-timeGridWeek-view').waitFor();
    // a task within a day sits at its hours, one over several days in the top row
    const event = me.page.locator(`.fc-timegrid-event[data-task-id="${tasks.meeting}"]`);
    await event.waitFor();
    await me.page.locator(`.fc-daygrid-event[data-task-id="${tasks.review}"]`).first().waitFor();
    expect(await event.textContent()).toContain('10:00 - 11:30');

    const lane = (time: string) => me.page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
    const box = async (locator: ReturnType<Page['locator']>) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not on screen');
      return found;
    };
    await lane('15:00:00').scrollIntoViewIfNeeded();
    await me.settle();
    const from = await box(event);
    const rowHeight = (await box(lane('14:00:00'))).y - (await box(lane('10:00:00'))).y;
    const moved = me.page.waitForResponse((response) => response.url().endsWith('/task/updatePreTime'));
    const grab = { x: from.x + from.width / 2, y: from.y + 6 };
    await me.page.mouse.move(grab.x, grab.y);
    await me.page.mouse.down();
    await me.page.mouse.move(grab.x, grab.y + 20, { steps: 4 });
    await me.page.mouse.move(grab.x, grab.y + rowHeight, { steps: 12 });
    await me.page.mouse.up();
    expect((await moved).ok()).toBe(true);
    await me.text(/已改期/);
    const after = await ok('task/taskDetail', { projectId, taskId: tasks.meeting });
    expect({ startTime: after.startTime, endTime: after.endTime }).toEqual({
      startTime: meeting.startTime + 4 * HOUR,
      endTime: meeting.endTime + 4 * HOUR,
    });
    await poll(() => event.textContent()).toContain('14:00 - 15:30');

    // the bottom edge: one hour later
    await me.settle();
    const now = await box(event);
    const resized = me.page.waitForResponse((response) => response.url().endsWith('/task/updatePreTime'));
    await event.hover();
    const edge = await box(event.locator('.fc-event-resizer-end'));
    const hour = rowHeight / 4;
    // near its left: the next task, side by side, starts at 15:00
    const handle = { x: edge.x + 8, y: edge.y + edge.height / 2 };
    await me.page.mouse.move(handle.x, handle.y);
    await me.page.mouse.down();
    await me.page.mouse.move(handle.x, handle.y + 10, { steps: 3 });
    await me.page.mouse.move(handle.x, handle.y + hour, { steps: 8 });
    await me.page.mouse.up();
    expect((await resized).ok()).toBe(true);
    const stretched = await ok('task/taskDetail', { projectId, taskId: tasks.meeting });
    expect({ startTime: stretched.startTime, endTime: stretched.endTime }).toEqual({
      startTime: meeting.startTime + 4 * HOUR,
      endTime: meeting.endTime + 5 * HOUR,
    });
    await poll(async () => (await box(event)).height).toBeGreaterThan(now.height);
    // the week is what a reload shows
    await me.page.reload();
    await me.page.locator('.fc-timeGridWeek-view').waitFor();
    expect(me.errors).toEqual([]);
  });

  it('lists the month and the week on a phone, whole titles with their project and times', async () => {
    const phone = await Person.open(browser, app.url, { width: 390, height: 844 });
    await phone.signedInAs(account.token, me.teamId);
    await phone.goto('/work');
    await phone.page.getByTestId('view-calendar').click();
    await phone.page.locator('.fc-listMonth-view').waitFor();
    const title = phone.page.getByTestId('work-list-title').filter({ hasText: LONG_TITLE });
    await title.waitFor();
    expect(await title.textContent()).toBe(LONG_TITLE);
    // nothing cut: the title's box holds all of it, within the screen
    const fits = await title.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.scrollWidth <= element.clientWidth + 1 && box.right <= window.innerWidth;
    });
    expect(fits).toBe(true);
    const row = phone.page.locator(`.fc-list-event[data-task-id="${tasks.long}"]`);
    expect(await row.textContent()).toContain('官网改版 · 15:00 – 17:00');
    // a task over several days says what each day is for it
    const review = phone.page.locator(`.fc-list-event[data-task-id="${tasks.review}"]`);
    expect(await review.first().textContent()).toContain('09:00 开始');

    await phone.page.locator('.fc-listWeek-button').click();
    await phone.page.locator('.fc-listWeek-view').waitFor();
    await phone.page.getByTestId('work-list-title').filter({ hasText: LONG_TITLE }).waitFor();
    // a tap opens the task
    await row.click();
    await phone.waitForHash(/^#\/task\//);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
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
        await person.signedInAs(account.token, me.teamId);
        const name = (screen: string) => `${shots}work-${screen}-${locale}-${device}.png`;
        const shoot = async (screen: string) => {
          await person.settle();
          await person.page.screenshot({ path: name(screen), fullPage: true, animations: 'disabled' });
          expect(
            (await seriousViolations(person.page, { include: '[data-testid="work-page"]' })).map(describeViolation),
          ).toEqual([]);
        };
        const list = device === 'phone';
        await person.goto('/work');
        await person.page.getByTestId('my-task').first().waitFor();
        await person.page.getByTestId('work-my-doc').first().waitFor();
        await shoot('list');
        await person.page.getByTestId('view-calendar').click();
        await person.page.locator(list ? '.fc-listMonth-view' : '.fc-dayGridMonth-view').waitFor();
        await person.page.locator('.fc-event').first().waitFor();
        await shoot('month');
        await person.page.locator(list ? '.fc-listWeek-button' : '.fc-timeGridWeek-button').click();
        await person.page.locator(list ? '.fc-listWeek-view' : '.fc-timeGridWeek-view').waitFor();
        await person.page.locator('.fc-event').first().waitFor();
        await shoot('week');
        expect(person.errors).toEqual([]);
        await person.context.close();
      }
    }
  });
});
