import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

const NOT_ADMINISTRATOR = '只有管理员可以查看反馈';

/** POSTs a JSON body (any value types), optionally with an Idempotency-Key. */
async function postJson(h: Harness, path: string, body: unknown, token: string, idempotencyKey?: string) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/pmbok/api/${path}`,
    headers: {
      'content-type': 'application/json',
      authorization: token,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { code: number; msg: string; data: any };
}

describe('feedback through the gateway', () => {
  let h: Harness;
  let first: string;
  let second: string;
  let secondId: number;

  const submit = (content: string, token = second) => h.call('feedback', { content }, token);
  const list = (body: Record<string, string> = {}, token = first) => h.call('feedback/list', body, token);

  beforeAll(async () => {
    h = await startHarness();
    first = await h.register('13600000001');
    second = await h.register('13600000002');
    secondId = (await h.call('userInfo/getUserInfo', {}, second)).data.userId;
  });
  afterAll(async () => {
    await h.close();
  });

  it('needs a signed-in user, as every user call does', async () => {
    const others = await h.call('userInfo/getUserInfo');
    expect(others.code).toBe(402);
    for (const path of ['feedback', 'feedback/list', 'feedback/access']) {
      expect(await h.call(path, { content: '你好' })).toEqual({ code: others.code, msg: others.msg, data: null });
      expect((await h.call(path, { content: '你好' }, 'not-a-token')).code).toBe(402);
    }
  });

  it('stores a submission and answers with its id and the success message', async () => {
    const answer = await submit('  导出功能很好用，希望支持 PDF  ');
    expect(answer).toEqual({
      code: 200,
      msg: 'feedback submitted successfully',
      data: { feedbackId: expect.any(Number) },
    });
    const { data } = await list();
    expect(data).toEqual({
      lists: [
        {
          id: answer.data.feedbackId,
          feedbackId: answer.data.feedbackId,
          content: '导出功能很好用，希望支持 PDF',
          userId: secondId,
          userName: '用户0002',
          telephone: '13600000002',
          createTime: expect.any(Number),
        },
      ],
      pages: 1,
      count: 1,
    });
    expect(Math.abs(data.lists[0].createTime - Date.now())).toBeLessThan(60_000);
  });

  it('refuses empty, blank, missing and over-long content with messages the UI shows', async () => {
    expect(await submit('')).toEqual({ code: 400, msg: '请输入反馈内容', data: null });
    expect((await submit(' \n\t　 ')).msg).toBe('请输入反馈内容');
    expect((await h.call('feedback', {}, second)).msg).toBe('请输入反馈内容');
    expect(await submit('长'.repeat(2001))).toEqual({ code: 400, msg: '反馈内容最多2000个字符', data: null });
    expect((await submit('x'.repeat(9000))).code).toBe(400);
    // Exactly 2000 after trimming is fine.
    expect((await submit(`  ${'长'.repeat(2000)}  `)).code).toBe(200);
  });

  it('answers wrong types with 400 and a message, never 500', async () => {
    for (const content of [{ $gt: '' }, ['a', 'b'], { nested: [1] }, null]) {
      const answer = await postJson(h, 'feedback', { content }, second);
      expect(answer.code, JSON.stringify(content)).toBe(400);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
    for (const body of [{ page: 'abc' }, { pageSize: '0' }, { pageSize: '101' }, { keyword: { $ne: '' } }]) {
      const answer = await postJson(h, 'feedback/list', body, first);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
    expect((await list({ pageSize: '101' })).msg).toBe('每页条数不能大于 100');
    expect((await list({ page: '0' })).msg).toBe('页码不能小于 1');
    const raw = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/feedback',
      headers: { 'content-type': 'application/json', authorization: second },
      payload: '{"content":',
    });
    expect(raw.json().code).toBe(400);
  });

  it('shows the list to the first account registered only', async () => {
    expect((await list()).code).toBe(200);
    expect(await list({}, second)).toEqual({ code: 400, msg: NOT_ADMINISTRATOR, data: null });
    const third = await h.register('13600000003');
    expect((await list({}, third)).msg).toBe(NOT_ADMINISTRATOR);
  });

  it('tells each caller whether the list is theirs to read, by the rule the list enforces', async () => {
    expect(await h.call('feedback/access', {}, first)).toEqual({ code: 200, msg: 'success', data: { canList: true } });
    expect((await h.call('feedback/access', {}, second)).data).toEqual({ canList: false });
  });

  it('pages newest first (20 by default, up to 100) and filters by keyword in the content', async () => {
    for (let i = 1; i <= 23; i++) {
      const content = i % 5 === 0 ? `第${i}条：Dark Mode 请求 (a+b)` : `第${i}条建议`;
      expect((await submit(content, i % 2 ? second : first)).code).toBe(200);
    }
    const all = await list();
    expect(all.data.count).toBe(25);
    expect(all.data.pages).toBe(2);
    expect(all.data.lists).toHaveLength(20);
    expect(all.data.lists[0].content).toBe('第23条建议');
    const times = all.data.lists.map((f: { createTime: number }) => f.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second10 = await list({ page: '2', pageSize: '10' });
    expect(second10.data.lists.map((f: { content: string }) => f.content)[0]).toBe('第13条建议');
    expect(second10.data).toMatchObject({ pages: 3, count: 25 });
    expect((await list({ page: '3' })).data).toMatchObject({ lists: [], pages: 2, count: 25 });
    expect((await list({ pageSize: '100' })).data.lists).toHaveLength(25);

    const dark = await list({ keyword: ' dark mode ' });
    expect(dark.data.count).toBe(4);
    expect(dark.data.lists.map((f: { content: string }) => f.content)).toEqual([
      '第20条：Dark Mode 请求 (a+b)',
      '第15条：Dark Mode 请求 (a+b)',
      '第10条：Dark Mode 请求 (a+b)',
      '第5条：Dark Mode 请求 (a+b)',
    ]);
    // The keyword is text, not a pattern.
    expect((await list({ keyword: '(a+b)' })).data.count).toBe(4);
    expect((await list({ keyword: '.*' })).data.count).toBe(0);
    expect((await list({ keyword: 'PDF' })).data.count).toBe(1);
  });

  it('records a retried submission (same Idempotency-Key) once', async () => {
    const before = (await list()).data.count;
    const once = await postJson(h, 'feedback', { content: '重试的反馈' }, second, 'retry-key-0001');
    const again = await postJson(h, 'feedback', { content: '重试的反馈' }, second, 'retry-key-0001');
    expect(once.code).toBe(200);
    expect(again.data.feedbackId).toBe(once.data.feedbackId);
    // The same key from someone else is their own submission.
    const other = await postJson(h, 'feedback', { content: '重试的反馈' }, first, 'retry-key-0001');
    expect(other.data.feedbackId).not.toBe(once.data.feedbackId);
    expect((await list()).data.count).toBe(before + 2);
  });

  it("shows authors' names as they are today, and a closed account anonymised", async () => {
    expect((await h.call('userInfo/update', { trueName: '王小明' }, second)).code).toBe(200);
    const renamed = await list({ keyword: 'PDF' });
    expect(renamed.data.lists[0]).toMatchObject({ userName: '王小明', telephone: '13600000002' });

    h.advanceClock(61_000);
    expect((await h.call('userInfo/sendDestroyCode', {}, second)).code).toBe(200);
    expect((await h.call('userInfo/destroy', { code: await h.smsCode('13600000002') }, second)).code).toBe(200);
    const closed = (await list({ keyword: 'PDF' })).data.lists[0];
    expect(closed).toMatchObject({ content: '导出功能很好用，希望支持 PDF', userId: secondId, telephone: '' });
    expect(closed.userName).not.toBe('王小明');
    expect(closed.userName).not.toBe('');
  });

  it('keeps every feedback, and who administers, across a restart', async () => {
    const before = (await list({ pageSize: '100' })).data;
    await h.close();
    h = await startHarness(h.dataDir);
    const after = await list({ pageSize: '100' });
    expect(after.code).toBe(200);
    expect(after.data).toEqual(before);
    const third = (await h.call('user/loginByPassword', { username: '13600000003', password: 'Passw0rd!' })).data;
    expect((await list({}, third.token)).msg).toBe(NOT_ADMINISTRATOR);
  });
});

describe('feedback administrators named by ADMIN_TELEPHONES', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(undefined, { adminTelephones: ['13600000012', '13600000013'] });
  });
  afterAll(async () => {
    await h.close();
  });

  it('are the listed accounts, and the first account registered is not one of them', async () => {
    const first = await h.register('13600000011');
    const listed = await h.register('13600000012');
    expect((await h.call('feedback', { content: '第一位用户的反馈' }, first)).code).toBe(200);
    expect((await h.call('feedback/list', {}, first)).msg).toBe(NOT_ADMINISTRATOR);
    expect((await h.call('feedback/access', {}, first)).data).toEqual({ canList: false });
    expect((await h.call('feedback/access', {}, listed)).data).toEqual({ canList: true });
    const answer = await h.call('feedback/list', {}, listed);
    expect(answer.code).toBe(200);
    expect(answer.data.lists.map((f: { telephone: string }) => f.telephone)).toEqual(['13600000011']);
  });

  it('follow a telephone change to a listed number', async () => {
    const user = await h.register('13600000014');
    expect((await h.call('feedback/list', {}, user)).code).toBe(400);
    h.advanceClock(61_000);
    expect((await h.call('userInfo/sendChangeTelephoneCode', { telephone: '13600000013' }, user)).code).toBe(200);
    const code = await h.smsCode('13600000013');
    expect((await h.call('userInfo/changeTelephone', { telephone: '13600000013', code }, user)).code).toBe(200);
    const relogin = await h.call('user/loginByPassword', { username: '13600000013', password: 'Passw0rd!' });
    expect((await h.call('feedback/list', {}, relogin.data.token)).code).toBe(200);
    expect((await h.call('feedback/access', {}, relogin.data.token)).data).toEqual({ canList: true });
  });
});
