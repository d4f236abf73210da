import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, launchChromium, type RunningApp, startApp } from './harness';
import { type Account, Person, poll, register } from './knowledgeHelpers';

/**
 * Issue 20's done-when on the embedded app: three members A (王敏, the owner), B (李强) and C (张伟) in one team and
 * a task project. A transfers a task to B and mentions C in a comment: B's and C's bells change without a reload and
 * their notifications open the task. B and C talk in the project channel while A's live connection drops: A, back,
 * sees every message once. A follows a document, B changes it, A is told. The team's webhook screen saves a webhook
 * to a local receiver and shows the delivery of its test.
 */

const shots = '/tmp/shots/';
const stamp = String(Date.now()).slice(-7);
const SCRIPT = '<script>window.__pwned = 1</script>';

/** A screenshot into /tmp/shots, for a person to look at. */
const shoot = (person: Person, name: string) =>
  person.page.screenshot({ path: `${shots}${name}.png`, animations: 'disabled' });

if (!hasChromium) console.warn(`messages e2e skipped: no Chromium at ${chromiumPath}`);

/** A receiver for the webhook's test: answers 200 and keeps what it got. */
function startReceiver(): Promise<{ server: Server; url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies }),
    ),
  );
}

describe.skipIf(!hasChromium)('team messages', () => {
  let app: RunningApp;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const accounts: Record<'a' | 'b' | 'c', Account> = {} as never;
  const people: Record<'a' | 'b' | 'c', Person> = {} as never;
  let teamId = '';
  let taskProjectId = 0;
  let taskId = 0;
  let projectId = 0;
  let docId = 0;
  /** A's live sockets as the page opened them, so the test can cut the network under A. */
  const aSockets: WebSocketRoute[] = [];

  const badge = (person: Person) => person.page.getByTestId('unread-badge').locator('.MuiBadge-badge');
  const ok = async (person: Person, path: string, body: Record<string, string | number> = {}) => {
    const answer = await person.call(path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    receiver = await startReceiver();
    app = await startApp({ env: { PMBOK_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' } });
    browser = await launchChromium();
    const names = { a: '王敏', b: '李强', c: '张伟' } as const;
    for (const [key, digit] of [
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ] as const) {
      accounts[key] = await register(app.url, `137${stamp}${digit}`);
      people[key] = await Person.open(browser, app.url, { width: 1440, height: 900 });
    }
    const a = people.a;
    a.token = accounts.a.token;
    teamId = String((await a.call('team/create', { teamName: '研发部' })).data.teamId);
    for (const key of ['a', 'b', 'c'] as const) {
      const person = people[key];
      await person.signedInAs(accounts[key].token, teamId);
      await ok(person, 'userInfo/update', { trueName: names[key] });
    }
    const { shareCode } = await ok(a, 'team/shareInfo');
    for (const key of ['b', 'c'] as const) await ok(people[key], 'team/shareJoin', { shareCode });
    await people.a.page.routeWebSocket(/\/pmbok\/ws/, (ws) => {
      ws.connectToServer();
      aSockets.push(ws);
    });

    taskProjectId = (await ok(a, 'task/newProject', { name: '支付迭代' })).taskProjectId;
    const members = JSON.stringify([accounts.b.userId, accounts.c.userId]);
    await ok(a, 'task/batchCreateProjectUser', { projectId: taskProjectId, userIds: members });
    taskId = (await ok(a, 'task/newTask', { projectId: taskProjectId, name: '实现退款接口' })).taskId;

    projectId = (await ok(a, 'project/create', { name: '订单接口', privateType: 'team' })).projectId;
    await ok(a, 'project/batchCreateProjectUser', { projectId, userIds: JSON.stringify([accounts.b.userId]) });
    docId = (await ok(a, 'project/addStructure', { projectId, parentId: '0', kind: 'page', name: '退款流程' }))
      .projectStructureId;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    receiver?.server.close();
  });

  /**
   * A mentions C through the task drawer's comment box: `@` opens the project's members (not A), Esc closes only the
   * picker, typing filters, Enter picks; the comment goes out with C's mention mark and shows it highlighted.
   */
  const mentionInComment = async (a: Person) => {
    await a.goto(`/task/home/${taskProjectId}?task=${taskId}`);
    const drawer = a.page.getByTestId('task-drawer');
    const box = drawer.locator('textarea[name="comment"]');
    const picker = a.page.getByTestId('task-mention-picker');
    const options = () =>
      picker.getByTestId('task-mention-option').locator('.MuiListItemText-primary').allTextContents();
    await box.click();
    await box.pressSequentially('@');
    await poll(options).toEqual(['李强', '张伟']);
    await box.press('ArrowDown');
    await poll(() => picker.locator('[aria-selected="true"] .MuiListItemText-primary').textContent()).toBe('张伟');
    await shoot(a, 'messages-task-mention-picker');
    await box.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    await drawer.waitFor();
    await box.pressSequentially('张');
    await poll(options).toEqual(['张伟']);
    await box.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await box.pressSequentially('请帮忙评审退款接口');
    expect(await box.inputValue()).toBe('@张伟 请帮忙评审退款接口');
    await drawer.getByRole('button', { name: '发送' }).click();
    const posted = drawer.getByTestId('comment').filter({ hasText: '请帮忙评审退款接口' });
    await posted.locator(`span[data-mention-id="${accounts.c.userId}"]`).filter({ hasText: '@张伟' }).waitFor();
    expect(await box.inputValue()).toBe('');
    await shoot(a, 'messages-task-comment-mention');
    const { list } = await ok(a, 'task/taskComments', { projectId: taskProjectId, taskId, page: 1, pageSize: 20 });
    expect(list[0].content).toBe(`<p><span data-mention-id="${accounts.c.userId}">@张伟</span> 请帮忙评审退款接口</p>`);
  };

  it('tells B and C at once of the transfer and the mention, and their notifications open the task', async () => {
    const { b, c } = people;
    for (const person of [b, c]) {
      // being added to the projects told them already: read, the bell starts empty
      await ok(person, 'message/read', { all: '1' });
      await person.goto('/index');
      await person.page.getByTestId('unread-badge').waitFor();
    }
    expect(await badge(b).textContent()).toBe('');

    const a = people.a;
    await ok(a, 'task/transfer', { projectId: taskProjectId, taskId, userId: accounts.b.userId });
    await mentionInComment(a);

    // no reload: the bells follow the pushes
    await poll(() => badge(b).textContent()).not.toBe('');
    await poll(() => badge(c).textContent()).not.toBe('');
    await shoot(b, 'messages-bell-b');

    for (const [person, kind] of [
      [b, 'task.transferred'],
      [c, 'task.mentioned'],
    ] as const) {
      await person.page.getByTestId('unread-badge').click();
      await person.waitForHash(/#\/chat/);
      const item = person.page.locator(`[data-testid="chat-notification"][data-kind="${kind}"]`).first();
      await item.waitFor();
      expect(await item.getAttribute('data-read')).toBe('false');
      expect(await item.getAttribute('data-link')).toContain(`/task/home/${taskProjectId}`);
      await shoot(person, `messages-inbox-${kind}`);
      await item.click();
      await person.waitForHash(new RegExp(`#/task/home/${taskProjectId}`));
    }
    await shoot(c, 'messages-notification-opened-task');

    // C's preferences: quiet mode and a muted kind, kept by the server
    await c.goto('/chat');
    await c.page.getByTestId('chat-inbox-settings').click();
    const dialog = c.page.getByTestId('chat-settings-dialog');
    await dialog.getByTestId('chat-quiet').locator('input').check();
    await dialog.locator('[data-kind="task.status"] input').uncheck();
    await shoot(c, 'messages-inbox-settings');
    await dialog.getByTestId('chat-settings-save').click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await ok(c, 'message/settings')).quiet).toBe(true);
    expect((await ok(c, 'message/settings')).mutedKinds).toEqual(['task.status']);
  });

  it('lets B and C talk in the project channel, and A sees every message once after the network drops', async () => {
    const { a, b, c } = people;
    const channel = `taskProject-${taskProjectId}`;
    for (const person of [a, b, c]) {
      await person.goto(`/chat?c=${channel}`);
      await person.page.getByTestId('chat-conversation-view').waitFor();
    }
    const view = (person: Person) => person.page.getByTestId('chat-messages');
    const texts = (person: Person) => view(person).getByTestId('chat-text').allTextContents();

    // B writes through the composer: @ picks C, Enter sends; C sees B typing, then the message
    const input = b.page.getByTestId('chat-input');
    await input.click();
    await input.pressSequentially('你好 @张');
    await b.page.getByTestId('chat-mention-option').filter({ hasText: '张伟' }).click();
    await input.pressSequentially(`看看这个 ${SCRIPT}`);
    await c.page.getByTestId('chat-typing').filter({ hasText: '李强 正在输入…' }).waitFor();
    await input.press('Enter');
    const first = `你好 @张伟 看看这个 ${SCRIPT}`;
    await poll(() => texts(c)).toContain(first);
    await c.page.getByTestId('chat-mention').filter({ hasText: '@张伟' }).first().waitFor();
    await poll(() => texts(a)).toContain(first);
    await shoot(c, 'messages-channel-c');

    // the network drops under A: messages posted meanwhile come with the catch-up once A is back
    expect(aSockets).toHaveLength(1);
    await aSockets[0]?.close({ code: 4000, reason: 'network dropped' });
    const gap = ['断网时的第一条', '断网时的第二条', '断网时的第三条'];
    await ok(c, 'chat/post', { conversationId: channel, content: gap[0] as string, clientId: `gap-${stamp}-1` });
    await ok(b, 'chat/post', { conversationId: channel, content: gap[1] as string, clientId: `gap-${stamp}-2` });
    await ok(c, 'chat/post', { conversationId: channel, content: gap[2] as string, clientId: `gap-${stamp}-3` });
    await poll(() => aSockets.length).toBe(2);
    const after = '重新连上之后的一条';
    await c.page.getByTestId('chat-input').fill(after);
    await c.page.getByTestId('chat-input').press('Enter');

    const all = [first, ...gap, after];
    await poll(async () => (await texts(a)).filter((text) => all.includes(text)).length).toBe(all.length);
    const seen = await texts(a);
    for (const text of all)
      expect(
        seen.filter((t) => t === text),
        text,
      ).toHaveLength(1);
    expect(await a.page.locator('[data-testid="chat-message"][data-state="sent"]').count()).toBe(all.length);
    await shoot(a, 'messages-channel-a-after-reconnect');

    // a message is text: the script in it ran nowhere
    for (const person of [a, b, c]) {
      expect(await person.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    }
  });

  it('lets B edit and delete their own message, which the others see change', async () => {
    const { b, c } = people;
    const mine = b.page.locator('[data-testid="chat-message"][data-mine="true"]').filter({ hasText: '断网时的第二条' });
    await mine.hover();
    await mine.getByTestId('chat-message-actions').click();
    await b.page.getByRole('menuitem', { name: '编辑' }).click();
    await b.page.getByTestId('chat-edit-input').fill('断网时的第二条（已更正）');
    await b.page.getByTestId('chat-edit-input').press('Enter');
    const theirs = c.page.getByTestId('chat-message').filter({ hasText: '断网时的第二条（已更正）' });
    await theirs.getByTestId('chat-edited').waitFor();

    await mine.hover();
    await mine.getByTestId('chat-message-actions').click();
    await b.page.getByRole('menuitem', { name: '删除' }).click();
    await b.page.getByTestId('chat-delete-confirm').click();
    await poll(() => c.page.getByTestId('chat-deleted').count()).toBe(1);
    await shoot(c, 'messages-edited-deleted');
  });

  it('tells A of a change to a document A follows', async () => {
    const { a, b } = people;
    await a.goto(`/project/index/${projectId}?doc=${docId}`);
    const follow = a.page.getByTestId('page-view').getByTestId('follow-button');
    await follow.click();
    await poll(() => follow.getAttribute('data-following')).toBe('true');
    await shoot(a, 'messages-follow-doc');
    await a.goto('/index');
    await a.page.getByTestId('unread-badge').waitFor();
    const before = (await badge(a).textContent()) || '0';

    const detail = await ok(b, 'project/docDetail', { projectId, projectStructureId: docId });
    await ok(b, 'project/saveDoc', {
      projectId,
      projectStructureId: docId,
      baseVersion: detail.version,
      doc: JSON.stringify({ markdown: '# 退款流程\n\n退款在 3 个工作日内原路退回。' }),
    });
    await poll(async () => Number((await badge(a).textContent()) || '0')).toBeGreaterThan(Number(before));
    await a.page.getByTestId('unread-badge').click();
    const told = a.page.locator('[data-testid="chat-notification"][data-kind="doc.changed"]').first();
    await told.waitFor();
    expect(await told.getByTestId('chat-notification-title').textContent()).toContain('退款流程');
    await shoot(a, 'messages-doc-changed');
  });

  it('saves a team webhook and shows the delivery of its test', async () => {
    const { a } = people;
    await a.goto('/team/index');
    const settings = a.page.getByTestId('webhook-settings');
    await settings.getByTestId('webhook-add').click();
    const dialog = a.page.getByTestId('webhook-dialog');
    await dialog.locator('input[name="name"]').fill('研发群机器人');
    await dialog.getByRole('combobox').click();
    await a.page.getByRole('option', { name: '通用 JSON（签名）' }).click();
    await dialog.locator('input[name="url"]').fill(receiver.url);
    await dialog.locator('input[name="secret"]').fill('s3cret');
    await shoot(a, 'messages-webhook-dialog');
    await dialog.getByTestId('webhook-save').click();
    const row = settings.locator('[data-testid="webhook-row"][data-name="研发群机器人"]');
    await row.waitFor();

    await row.getByTestId('webhook-test').click();
    const delivery = row.getByTestId('webhook-delivery').first();
    await poll(() => delivery.getAttribute('data-status')).toBe('succeeded');
    expect(receiver.bodies.some((body) => body.includes('"event":"test"'))).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await shoot(a, 'messages-webhook-delivered');
  });

  it('shows one column at a time on a phone', async () => {
    const phone = await Person.open(browser, app.url, { width: 390, height: 844 });
    await phone.signedInAs(accounts.c.token, teamId);
    await phone.goto('/chat');
    await phone.page.getByTestId('chat-list').waitFor();
    expect(await phone.page.getByTestId('chat-inbox').isVisible()).toBe(false);
    await phone.page.screenshot({ path: `${shots}messages-phone-list.png` });
    await phone.page.locator(`[data-conversation="taskProject-${taskProjectId}"]`).first().click();
    await phone.page.getByTestId('chat-conversation-view').waitFor();
    expect(await phone.page.getByTestId('chat-list').isVisible()).toBe(false);
    await phone.page.screenshot({ path: `${shots}messages-phone-conversation.png` });
    await phone.page.getByTestId('chat-back').click();
    await phone.page.getByTestId('chat-list').waitFor();
    await phone.context.close();
  });
});
