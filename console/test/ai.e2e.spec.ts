import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { piecesOf } from '../../services/ai/test/fakes/behaviour';
import { startOpenAiServer } from '../../services/ai/test/fakes/openai';
import { startSparkServer } from '../../services/ai/test/fakes/spark';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll } from './knowledgeHelpers';

/**
 * Issue 19's AI assistant dialog on the embedded app with the offline `local` provider: a question about a
 * knowledge document answered as it streams, with a citation that opens the document, a follow-up in the same
 * group, a long history read back by scrolling up, groups deleted down to a fresh default one, and a suggested
 * question. Then a shorter journey with an OpenAI-compatible and a Spark provider, each a local server speaking its
 * wire protocol (services/ai/test/fakes) that can hold an answer half way: the answer seen growing, stopped, failed.
 */

const shots = '/tmp/shots/';
const telephone = `135${String(Date.now()).slice(-7)}9`;
const DOC = '下单流程';
const QUESTION = `「${DOC}」这篇文档讲了什么？`;

type Frame = { type: string; aiChatGroupId: number; citations?: { route: string }[] };

/** ai/chat/ask through the API, the NDJSON answer read whole: its frames. */
async function askThroughApi(person: Person, content: string, aiChatGroupId = 0): Promise<Frame[]> {
  const response = await fetch(`${person.url}/pmbok/api/ai/chat/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: person.token },
    body: new URLSearchParams({ teamId: person.teamId, aiChatGroupId: String(aiChatGroupId), content }),
  });
  const lines = (await response.text()).split('\n').filter(Boolean);
  return lines.map((line) => (JSON.parse(line) as { data: Frame }).data);
}

if (!hasChromium) console.warn(`AI e2e skipped: no Chromium at ${chromiumPath}`);

/** What the dialog shows, by its test ids. */
function dialogOf(person: Person) {
  const page = person.page;
  const dialog = page.getByTestId('ai-dialog');
  return {
    dialog,
    input: dialog.getByTestId('ai-question-input'),
    ask: dialog.getByTestId('ai-ask'),
    stop: dialog.getByTestId('ai-stop'),
    groups: dialog.getByTestId('ai-group'),
    answers: dialog.getByTestId('ai-answer'),
    questions: dialog.getByTestId('ai-question'),
    messages: dialog.getByTestId('ai-messages'),
    async open() {
      await page.getByTestId('ai-button').click();
      await dialog.getByTestId('ai-groups').waitFor();
    },
    async close() {
      await dialog.getByTestId('ai-close').click();
      await dialog.waitFor({ state: 'hidden' });
    },
    /** Asks through the box and the button; resolves when the answer has ended. */
    async askAndWait(question: string) {
      const before = await this.answers.count();
      await this.input.fill(question);
      await this.ask.click();
      await poll(() => this.answers.count()).toBe(before + 1);
      await poll(() => this.answers.last().getAttribute('data-outcome')).not.toBe('streaming');
      return this.answers.last();
    },
  };
}

/**
 * Watches the last answer while it streams: each change to the dialog records the answer's text length and
 * whether the ask button was disabled then.
 */
async function traceAnswer(person: Person) {
  await person.page.evaluate(() => {
    const samples: { length: number; disabled: boolean; outcome: string | null }[] = [];
    (window as unknown as { aiTrace: typeof samples }).aiTrace = samples;
    const dialog = document.querySelector('[data-testid="ai-dialog"]') as HTMLElement;
    new MutationObserver(() => {
      const answers = dialog.querySelectorAll('[data-testid="ai-answer"]');
      const last = answers[answers.length - 1];
      const button = dialog.querySelector('[data-testid="ai-ask"]') as HTMLButtonElement | null;
      samples.push({
        length: last?.querySelector('[data-testid="ai-answer-text"]')?.textContent?.length ?? 0,
        disabled: Boolean(button?.disabled),
        outcome: last?.getAttribute('data-outcome') ?? null,
      });
    }).observe(dialog, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return async () =>
    person.page.evaluate(
      () => (window as unknown as { aiTrace: { length: number; disabled: boolean; outcome: string }[] }).aiTrace,
    );
}

interface Scene {
  app: RunningApp;
  browser: Browser;
  owner: Person;
  ai: ReturnType<typeof dialogOf>;
  projectId: number;
  docId: number;
  /** The page's console errors and its errors' stacks, shown with a failure. */
  consoleErrors: string[];
}

const MARKDOWN = [
  '# 下单流程',
  '',
  '用户在购物车点击结算后创建订单，订单创建后 30 分钟内未支付会自动取消。',
  '',
  '支付成功后仓库在 24 小时内发货，发货时推送物流单号给用户。',
].join('\n');

/**
 * The app with `env` (a provider), an owner signed in with a team, and a knowledge project 商城 whose page 下单流程
 * the assistant has indexed: asked through the API until a citation opens it, that group deleted again.
 */
async function setUp(env: Record<string, string>, phone: string): Promise<Scene> {
  mkdirSync(shots, { recursive: true });
  const app = await startApp({ env: { PMBOK_AI_QUESTIONS_PER_MINUTE: '1000', ...env } });
  const browser = await launchChromium();
  const account = await signUpWithTeam(app.url, phone, outboxCode);
  const owner = await Person.open(browser, app.url, { width: 1440, height: 900 });
  const consoleErrors: string[] = [];
  owner.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  owner.page.on('pageerror', (error) => consoleErrors.push(error.stack ?? error.message));
  await owner.signedInAs(account.token, account.teamId);

  const created = await owner.call('project/create', { name: '商城', privateType: 'team' });
  expect(created.code, created.msg).toBe(200);
  const projectId: number = created.data.projectId;
  const added = await owner.call('project/addStructure', { projectId, parentId: '0', kind: 'page', name: DOC });
  expect(added.code, added.msg).toBe(200);
  const docId: number = added.data.projectStructureId;
  const detail = await owner.call('project/docDetail', { projectId, projectStructureId: docId });
  const saved = await owner.call('project/saveDoc', {
    projectId,
    projectStructureId: docId,
    baseVersion: detail.data.version,
    doc: JSON.stringify({ markdown: MARKDOWN }),
  });
  expect(saved.code, saved.msg).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const frames = await askThroughApi(owner, QUESTION);
    await owner.call('ai/chat/delGroup', { aiChatGroupId: frames[0]?.aiChatGroupId ?? 0 });
    const cited = frames.find((frame) => frame.type === 'citations')?.citations ?? [];
    if (cited.some((citation) => citation.route.endsWith(`?doc=${docId}`))) break;
    if (Date.now() > deadline) throw new Error(`the document was not found: ${JSON.stringify(frames)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { app, browser, owner, ai: dialogOf(owner), projectId, docId, consoleErrors };
}

/** On a failed test: the page's errors, the console's error log and a screenshot. */
async function onFailure(scene: Scene | undefined, name: string) {
  if (!scene) return;
  const { owner } = scene;
  if (owner.errors.length) console.error('page errors:', owner.errors);
  if (scene.consoleErrors.length) console.error('console errors:', scene.consoleErrors);
  const log = owner.page.getByTestId('error-log-button');
  if (await log.isVisible()) {
    await log.click();
    await owner.text('错误日志');
    console.error((await owner.page.locator('main').textContent())?.slice(0, 3000));
  }
  const file = `${shots}ai-failed-${name.slice(0, 24).replace(/\W+/g, '-')}.png`;
  await owner.page.screenshot({ path: file }).catch(() => undefined);
}

async function tearDown(scene: Scene | undefined) {
  await scene?.browser.close();
  await scene?.app.stop();
}

describe.skipIf(!hasChromium)('the AI assistant dialog (local provider)', () => {
  let scene: Scene;
  let owner: Person;
  let ai: Scene['ai'];
  let projectId = 0;
  let docId = 0;
  const page = () => owner.page;
  const shot = (name: string) => page().screenshot({ path: `${shots}${name}.png`, animations: 'disabled' });

  beforeAll(async () => {
    scene = await setUp({}, telephone);
    ({ owner, ai, projectId, docId } = scene);
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await onFailure(scene, test.task.name);
  });
  afterAll(() => tearDown(scene));

  it("keeps the app when the dialog's code cannot be loaded, and loads it on retry", async () => {
    const chunk = /\/assets\/AiDialog-[^/]*\.js$/;
    await page().route(chunk, (route) => route.abort());
    await owner.goto('/index');
    await page().getByTestId('ai-button').click();
    const failure = page().getByTestId('ai-error');
    await failure.waitFor();
    await owner.text('AI 助手没能加载，请检查网络后重试', failure);
    // the header and the page are still there, not react-admin's whole-page error
    expect(await page().getByTestId('header-tools').isVisible()).toBe(true);
    await page().unroute(chunk);
    await failure.getByTestId('ai-retry').click();
    await ai.dialog.getByTestId('ai-groups').waitFor();
    expect(await failure.count()).toBe(0);
    await ai.close();
  });

  it('opens from the header on a first, empty conversation with suggestions', async () => {
    await owner.goto('/index');
    await ai.open();
    await ai.dialog.getByTestId('ai-empty').waitFor();
    expect(await ai.groups.count()).toBe(1);
    expect(await ai.groups.first().getAttribute('data-group-id')).toBe('0');
    expect(await ai.groups.first().textContent()).toContain('新的对话');
    await poll(() => ai.dialog.getByTestId('ai-suggestion').count()).toBeGreaterThan(0);
    await owner.text('猜你想问', ai.dialog);
    await owner.text('换一批', ai.dialog);
    expect(await ai.input.getAttribute('rows')).toBe('3');
    await owner.settle();
    await shot('ai-empty');
    // an empty question is refused with SPEC's message and nothing is asked
    await ai.input.fill(' \n ');
    await ai.ask.click();
    await owner.text('请输入您的问题');
    expect(await ai.questions.count()).toBe(0);
    await ai.input.fill('');
  });

  it('streams an answer about the document with a citation, the ask button disabled meanwhile', async () => {
    const trace = await traceAnswer(owner);
    const answer = await ai.askAndWait(`${QUESTION}\n`);
    expect(await answer.getAttribute('data-outcome')).toBe('done');
    expect(await ai.questions.last().textContent()).toBe(QUESTION);
    // the answer streamed with the button disabled, enabled again once done (its growth piece by piece is seen
    // with a provider that can be held, below)
    const streaming = (await trace()).filter((sample) => sample.outcome === 'streaming');
    expect(streaming.length).toBeGreaterThan(0);
    expect(streaming.every((sample) => sample.disabled)).toBe(true);
    expect(await ai.ask.isEnabled()).toBe(true);

    expect(await answer.getByTestId('ai-answer-text').textContent()).toContain('未配置语言模型');
    expect(await answer.getByTestId('ai-provider').textContent()).toBe('回答来自：本地检索（未配置语言模型）');
    const citation = answer.getByTestId('ai-citation').filter({ hasText: DOC });
    expect(await citation.textContent()).toMatch(new RegExp(`^\\[\\d+\\].*${DOC}.*页面.*商城`));
    // the new group took the server's id, the question as its name, and 'just now'
    const group = ai.groups.first();
    expect(Number(await group.getAttribute('data-group-id'))).toBeGreaterThan(0);
    expect(await group.locator('p').first().textContent()).toBe(QUESTION);
    expect(await group.getByTestId('ai-group-time').textContent()).toBe('刚刚');
    await owner.settle();
    await shot('ai-citations');
  });

  it('copies an answer', async () => {
    await ai.answers.last().getByRole('button', { name: '复制回答' }).click();
    await owner.text('已复制');
    const copied = await page().evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('未配置语言模型');
  });

  it('asks a follow-up in the same group', async () => {
    const groupId = await ai.groups.first().getAttribute('data-group-id');
    const answer = await ai.askAndWait('订单多久未支付会取消？');
    expect(await answer.getAttribute('data-outcome')).toBe('done');
    expect(await ai.groups.count()).toBe(1);
    expect(await ai.groups.first().getAttribute('data-group-id')).toBe(groupId);
    expect(await ai.groups.first().getByTestId('ai-group-last').textContent()).toBe('订单多久未支付会取消？');
    const history = await owner.call('ai/chat/history', { aiChatGroupId: Number(groupId) });
    expect(history.data.list.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('renames a group inline (Escape gives up)', async () => {
    const group = ai.groups.first();
    const name = group.locator('p').first();
    await group.getByRole('button', { name: '重命名' }).click();
    await group.getByTestId('ai-rename-input').fill('不要这个名字');
    await group.getByTestId('ai-rename-input').press('Escape');
    await ai.dialog.getByTestId('ai-groups').waitFor();
    expect(await name.textContent()).toBe(QUESTION);

    await group.getByRole('button', { name: '重命名' }).click();
    await group.getByTestId('ai-rename-input').fill('  订单问答 ');
    const renamed = page().waitForResponse((response) => response.url().endsWith('/ai/chat/rename'));
    await group.getByTestId('ai-rename-input').press('Enter');
    expect((await renamed).status()).toBe(200);
    await poll(() => name.textContent()).toBe('订单问答');
    expect((await owner.call('ai/chat/group')).data[0].name).toBe('订单问答');
  });

  it('opens the cited document and closes the dialog', async () => {
    await ai.answers.first().getByTestId('ai-citation').filter({ hasText: DOC }).click();
    await ai.dialog.waitFor({ state: 'hidden' });
    await owner.waitForHash(new RegExp(`^#/project/index/${projectId}\\?doc=${docId}$`));
    await owner.text('用户在购物车点击结算后创建订单');
  });

  it('reads a long history back a page at a time when scrolled to the top', async () => {
    let groupId = 0;
    for (let n = 1; n <= 30; n++) {
      const role = n % 2 ? 'user' : 'assistant';
      const recorded = await owner.call('ai/chat/record', { aiChatGroupId: groupId, role, content: `第 ${n} 条消息` });
      expect(recorded.code, recorded.msg).toBe(200);
      groupId = recorded.data.aiChatGroupId;
    }
    await ai.open();
    // the most recently updated group is open, its newest page shown at the bottom
    expect(await ai.groups.first().getAttribute('data-group-id')).toBe(String(groupId));
    await poll(async () => (await ai.questions.count()) + (await ai.answers.count())).toBe(20);
    expect(await ai.questions.first().textContent()).toBe('第 11 条消息');
    await owner.text('第 30 条消息', ai.dialog);

    const older = page().waitForRequest((request) => request.url().endsWith('/ai/chat/history'));
    const oldestShown = ai.questions.filter({ hasText: /^第 11 条消息$/ });
    await ai.messages.evaluate((element) => element.scrollTo({ top: 0 }));
    const body = new URLSearchParams((await older).postData() ?? '');
    expect(body.get('page')).toBe('2');
    expect(Number(body.get('maxCreatedTime'))).toBeGreaterThan(0);
    await poll(() => ai.questions.count()).toBe(15);
    expect(await ai.questions.first().textContent()).toBe('第 1 条消息');
    await owner.text('已经到最早的消息了', ai.dialog);
    // the message that was at the top is still in view: the page came in above it
    const view = (await ai.messages.boundingBox()) as { y: number; height: number };
    const kept = (await oldestShown.boundingBox()) as { y: number; height: number };
    expect(kept.y).toBeGreaterThanOrEqual(view.y - kept.height);
    expect(kept.y).toBeLessThan(view.y + view.height);
    await shot('ai-history');
  });

  it('deletes groups down to none, then a fresh default group is there', async () => {
    const confirm = page().getByRole('dialog', { name: '删除对话' });
    expect(await ai.groups.count()).toBe(2);
    const second = await ai.groups.nth(1).getAttribute('data-group-id');
    // deleting the open group opens its neighbour
    await ai.groups.first().getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await poll(() => ai.groups.count()).toBe(1);
    expect(await ai.groups.first().getAttribute('data-group-id')).toBe(second);
    expect(await ai.groups.first().getAttribute('class')).toContain('Mui-selected');
    await poll(() => ai.answers.count()).toBe(2);

    await ai.groups.first().getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await poll(() => ai.groups.first().getAttribute('data-group-id')).toBe('0');
    expect(await ai.groups.count()).toBe(1);
    expect(await ai.groups.first().textContent()).toContain('新的对话');
    await ai.dialog.getByTestId('ai-empty').waitFor();
    expect(await ai.ask.isEnabled()).toBe(true);
    expect((await owner.call('ai/chat/group')).data).toEqual([]);
  });

  it('asks a suggested question 500 ms after putting it in the box', async () => {
    const suggestion = ai.dialog.getByTestId('ai-suggestion').first();
    await suggestion.waitFor();
    const batch = await ai.dialog.getByTestId('ai-suggestion').allTextContents();
    const asked = page().waitForRequest((request) => request.url().endsWith('/ai/chat/ask'));
    const picked = await suggestion.textContent();
    const at = Date.now();
    await suggestion.click();
    expect(await ai.input.inputValue()).toBe(picked);
    await asked;
    expect(Date.now() - at).toBeGreaterThanOrEqual(450);
    await poll(() => ai.answers.last().getAttribute('data-outcome')).toBe('done');
    expect(await ai.questions.first().textContent()).toBe(picked);
    expect(await ai.input.inputValue()).toBe('');
    expect(Number(await ai.groups.first().getAttribute('data-group-id'))).toBeGreaterThan(0);
    // 换一批 draws another batch (the team has few sources: the batch may repeat, but it is asked again)
    const next = page().waitForResponse((response) => response.url().endsWith('/ai/chat/randomAsk'));
    await ai.dialog.getByTestId('ai-change-batch').click();
    expect((await next).status()).toBe(200);
    expect(batch.length).toBeGreaterThan(0);
    expect(owner.errors).toEqual([]);
  });

  it('keeps the group list in a drawer on a phone', async () => {
    const groupId = await ai.groups.first().getAttribute('data-group-id');
    const answered = await ai.answers.count();
    // the dialog's and the list's elements, marked: after the turn they must be the same ones, not drawn afresh
    await ai.dialog.evaluate((element) => element.setAttribute('data-before-turn', ''));
    await ai.dialog.getByTestId('ai-groups').evaluate((element) => element.setAttribute('data-before-turn', ''));
    await page().setViewportSize({ width: 390, height: 844 });
    // the layout fits the phone from the first frame (CSS decides, not a media query's change event)
    expect(await ai.dialog.getByTestId('ai-groups').isVisible()).toBe(false);
    const toggle = ai.dialog.getByRole('button', { name: '对话列表' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await ai.dialog.getAttribute('data-before-turn')).toBe('');
    expect(await ai.answers.count()).toBe(answered);
    await toggle.click();
    const drawer = page().getByTestId('ai-groups-drawer');
    await drawer.getByTestId('ai-groups').waitFor();
    expect(await drawer.getByTestId('ai-group').count()).toBe(1);
    expect(await drawer.getByTestId('ai-group').first().getAttribute('data-group-id')).toBe(groupId);
    await drawer.getByTestId('ai-group').first().click();
    await drawer.waitFor({ state: 'hidden' });
    await ai.answers.first().waitFor();
    await owner.settle();
    await shot('ai-phone');
  });

  it('keeps what was typed and a deletion being confirmed when the phone turns', async () => {
    const group = () => ai.groups.first();
    // a rename started in the drawer: turned to landscape, the drawer goes and, as on leaving the field, the name
    // typed so far is saved
    await ai.dialog.getByRole('button', { name: '对话列表' }).click();
    const drawer = page().getByTestId('ai-groups-drawer');
    await drawer.getByRole('button', { name: '重命名', exact: true }).click();
    await drawer.getByTestId('ai-rename-input').pressSequentially('（草稿）');
    const typed = await drawer.getByTestId('ai-rename-input').inputValue();
    const renamed = page().waitForResponse((response) => response.url().endsWith('/ai/chat/rename'));
    await page().setViewportSize({ width: 1024, height: 768 });
    await drawer.waitFor({ state: 'hidden' });
    expect((await renamed).status()).toBe(200);
    await poll(() => group().locator('p').first().textContent()).toBe(typed);
    expect((await owner.call('ai/chat/group')).data[0].name).toBe(typed);
    // the list beside the conversation is the one there before the phone turned
    expect(await ai.dialog.getByTestId('ai-groups').getAttribute('data-before-turn')).toBe('');

    // a deletion asked for on a wide screen is still being confirmed on the phone
    await group().getByRole('button', { name: '删除' }).click();
    const confirm = page().getByRole('dialog', { name: '删除对话' });
    await confirm.waitFor();
    await page().setViewportSize({ width: 390, height: 844 });
    expect(await confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await ai.dialog.getByRole('button', { name: '对话列表' }).isVisible()).toBe(true);
    // asked from the phone's drawer, the confirmation comes above the drawer
    await ai.dialog.getByRole('button', { name: '对话列表' }).click();
    await drawer.getByRole('button', { name: '删除', exact: true }).click();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page().keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await ai.groups.count()).toBe(1);
    expect(owner.errors).toEqual([]);
  });

  it('speaks English when switched', async () => {
    await page().setViewportSize({ width: 1440, height: 900 });
    await ai.close();
    await page().getByRole('button', { name: '简体中文' }).click();
    await page().getByRole('menuitem', { name: 'English' }).click();
    await page().getByPlaceholder('enter keywords to search').waitFor();
    await ai.open();
    await ai.dialog.getByRole('button', { name: 'New conversation' }).waitFor();
    expect(await ai.ask.textContent()).toBe('Ask');
    await owner.text('Guess what you want to ask', ai.dialog);
    await owner.text('Change batch', ai.dialog);
    await ai.ask.click();
    await owner.text('Please enter your question');
    const answer = await ai.askAndWait(DOC);
    expect(await answer.getByTestId('ai-provider').textContent()).toBe(
      'Answered by: Local search (no language model configured)',
    );
    expect(await answer.getByTestId('ai-citation').first().textContent()).toContain('Page');
    await ai.close();
    await page().getByRole('button', { name: 'English' }).click();
    await page().getByRole('menuitem', { name: '简体中文' }).click();
  });
});

/** A model's answer in markdown: a fenced code block, a table, a citation mark. */
const MODEL_ANSWER = [
  `根据文档「${DOC}」[1]，创建订单这样调用：`,
  '',
  '```js',
  "const response = await fetch('/orders', { method: 'POST', body: JSON.stringify({ skuId: 1001, count: 2 }) });",
  '```',
  '',
  '| 字段 | 类型 | 说明 |',
  '| --- | --- | --- |',
  '| skuId | integer | 商品 ID |',
  '| count | integer | 数量 |',
  '',
  '订单创建后 30 分钟内未支付会自动取消。',
].join('\n');

type FakeModel = Awaited<ReturnType<typeof startOpenAiServer>> | Awaited<ReturnType<typeof startSparkServer>>;

/**
 * The journey's core with a model behind a local test server: the answer held half way shows what has arrived,
 * with the ask button disabled and the stop button offered; released, it ends as markdown with highlighted code,
 * a table and the citation; a held answer stopped is kept as 已停止 (in the history too); a refusal shows SPEC's
 * 提问失败 message.
 */
function modelJourney(name: string, start: () => Promise<FakeModel>, provider: RegExp, phone: string) {
  describe.skipIf(!hasChromium)(`the AI assistant dialog (${name})`, () => {
    let fake: FakeModel;
    let scene: Scene;
    let owner: Person;
    let ai: Scene['ai'];
    const shot = (file: string) => owner.page.screenshot({ path: `${shots}${file}.png`, animations: 'disabled' });
    const pieces = piecesOf(MODEL_ANSWER, 12);

    beforeAll(async () => {
      fake = await start();
      scene = await setUp(fake.env, phone);
      ({ owner, ai } = scene);
    });
    afterEach(async (test) => {
      if (test.task.result?.state === 'fail') await onFailure(scene, test.task.name);
      fake?.release();
    });
    afterAll(async () => {
      await tearDown(scene);
      await fake?.close();
    });

    it('shows the answer growing while the model streams, then highlighted code, a table and the source', async () => {
      fake.behave({ kind: 'answer', pieces, holdAt: 4 });
      await owner.goto('/index');
      await ai.open();
      await ai.input.fill(QUESTION);
      await ai.ask.click();
      await fake.held();
      const answer = ai.answers.last();
      const text = answer.getByTestId('ai-answer-text');
      await poll(() => text.textContent()).toContain('创建订单这样调用：');
      const partial = (await text.textContent())?.length ?? 0;
      expect(await answer.getAttribute('data-outcome')).toBe('streaming');
      expect(await ai.ask.isDisabled()).toBe(true);
      await ai.stop.waitFor();
      // painted since the text arrived (the request is still open, so settle() would wait for the answer)
      await owner.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await shot(`ai-${name}-mid-answer`);

      fake.release();
      await poll(() => answer.getAttribute('data-outcome')).toBe('done');
      expect((await text.textContent())?.length).toBeGreaterThan(partial);
      expect(await text.textContent()).toContain('订单创建后 30 分钟内未支付会自动取消。');
      expect(await ai.ask.isEnabled()).toBe(true);
      expect(await ai.stop.count()).toBe(0);
      expect(await answer.locator('pre code.hljs .hljs-string').count()).toBeGreaterThan(0);
      expect(await answer.locator('table th').allTextContents()).toEqual(['字段', '类型', '说明']);
      expect(await answer.getByTestId('ai-provider').textContent()).toMatch(provider);
      await answer.getByTestId('ai-citation').filter({ hasText: DOC }).waitFor();
      // a long code line scrolls inside its block: the answer keeps to the column the question box has
      const [box, column] = await Promise.all([answer.boundingBox(), ai.input.boundingBox()]);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((column?.x ?? 0) + (column?.width ?? 0) + 16);
      await owner.settle();
      await shot(`ai-${name}-answer`);
      // the answer's mark [1] is a link to the source too
      const mark = answer.locator('a.ai-cite');
      expect(await mark.allTextContents()).toEqual(['1']);
      await mark.click();
      await ai.dialog.waitFor({ state: 'hidden' });
      await owner.waitForHash(new RegExp(`^#/project/index/${scene.projectId}\\?doc=${scene.docId}$`));
    });

    it('stops an answer: what had arrived is kept, marked stopped, in the history too', async () => {
      fake.behave({ kind: 'answer', pieces, holdAt: 3 });
      await ai.open();
      await poll(() => ai.answers.count()).toBe(1);
      await ai.input.fill('订单多久未支付会取消？');
      await ai.ask.click();
      await fake.held();
      const answer = ai.answers.last();
      await poll(async () => (await answer.getByTestId('ai-answer-text').textContent())?.length ?? 0).toBeGreaterThan(
        0,
      );
      await ai.stop.click();
      await poll(() => answer.getAttribute('data-outcome')).toBe('stopped');
      await answer.getByTestId('ai-stopped').waitFor();
      expect(await answer.getByTestId('ai-stopped').textContent()).toBe('已停止');
      expect(await ai.ask.isEnabled()).toBe(true);
      const kept = await answer.getByTestId('ai-answer-text').textContent();

      const groupId = Number(await ai.groups.first().getAttribute('data-group-id'));
      await poll(
        async () => (await owner.call('ai/chat/history', { aiChatGroupId: groupId })).data.list.at(-1)?.outcome,
      ).toBe('stopped');
      await ai.close();
      await ai.open();
      await poll(() => ai.answers.count()).toBe(2);
      expect(await ai.answers.last().getAttribute('data-outcome')).toBe('stopped');
      expect(await ai.answers.last().getByTestId('ai-answer-text').textContent()).toBe(kept);
      await ai.answers.last().getByTestId('ai-stopped').waitFor();
      await owner.settle();
      await shot(`ai-${name}-stopped`);
    });

    it('shows a refusal of the model as 提问失败：code:message, and the next question can go', async () => {
      fake.behave({ kind: 'error', status: 401, code: 401, message: 'Incorrect API key provided.' });
      const answer = await ai.askAndWait('字段 skuId 是什么？');
      expect(await answer.getAttribute('data-outcome')).toBe('failed');
      expect(await answer.getByTestId('ai-answer-error').textContent()).toMatch(/^提问失败：[^:]+:.+/);
      await owner.text(/^提问失败：/);
      expect(await ai.ask.isEnabled()).toBe(true);
      await owner.settle();
      await shot(`ai-${name}-failed`);
      fake.behave({ kind: 'answer', pieces: ['好的。'] });
      expect(await (await ai.askAndWait('再试一次')).getAttribute('data-outcome')).toBe('done');
    });
  });
}

modelJourney(
  'openai',
  () => startOpenAiServer(),
  /^回答来自：OpenAI 兼容接口 · fake-chat$/,
  `136${String(Date.now()).slice(-7)}7`,
);
modelJourney(
  'spark',
  () => startSparkServer(),
  /^回答来自：讯飞星火 · general$/,
  `137${String(Date.now()).slice(-7)}6`,
);
