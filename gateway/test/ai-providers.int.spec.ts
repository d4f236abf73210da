import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piecesOf } from '../../services/ai/test/fakes/behaviour.js';
import { type FakeOpenAiServer, startOpenAiServer } from '../../services/ai/test/fakes/openai.js';
import { type FakeSparkServer, startSparkServer } from '../../services/ai/test/fakes/spark.js';
import { type Harness, startHarness } from './harness.js';

type Frame = Record<string, any>;

/** A team with one page the assistant can cite, as `owner`. */
async function seed(h: Harness, phone: string) {
  const token = await h.register(phone);
  const teamId = String((await h.call('team/create', { teamName: '模型组' }, token)).data.teamId);
  const userId = String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);
  const project = (path: string, body: Record<string, string>) => h.call(`project/${path}`, { teamId, ...body }, token);
  const projectId = String((await project('create', { name: '退款中心', privateType: 'team' })).data.projectId);
  const node = String(
    (await project('addStructure', { projectId, kind: 'page', name: '退款规则' })).data.projectStructureId,
  );
  const { version } = (await project('docDetail', { projectId, projectStructureId: node })).data;
  const markdown = '退款在七个工作日内原路退回，超过九十天的订单不能退款。';
  const doc = JSON.stringify({ markdown });
  expect(
    (await project('saveDoc', { projectId, projectStructureId: node, baseVersion: String(version), doc })).code,
  ).toBe(200);
  const ai = (path: string, body: Record<string, string>) => h.call(`ai/chat/${path}`, { teamId, ...body }, token);
  return { token, teamId, userId, ai, markdown };
}

const textOf = (frames: Frame[]) =>
  frames
    .filter((f) => f.type === 'delta')
    .map((f) => f.text)
    .join('');

describe('the AI assistant answered by an OpenAI-compatible server', () => {
  let fake: FakeOpenAiServer;
  let h: Harness;
  let world: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    fake = await startOpenAiServer({ kind: 'answer', pieces: piecesOf('退款七个工作日内原路退回 [1]。', 3) });
    h = await startHarness(undefined, {
      env: { ...fake.env, PMBOK_AI_FIRST_TOKEN_TIMEOUT_MS: '400', PMBOK_AI_QUESTIONS_PER_MINUTE: '1000' },
    });
    world = await seed(h, '13731200001');
  });
  afterAll(async () => {
    // The fetch client of the stop test opens a spare connection that never sends a request; Node counts it as
    // waiting for headers (not idle), so closing would wait for its headers timeout.
    h?.app.server.closeAllConnections();
    await h?.close();
    await fake?.close();
  });

  it('streams the model answer, with the team passage in the prompt and the last turns as memory', async () => {
    let frames: Frame[] = [];
    await expect
      .poll(async () => {
        frames = (await world.ai('ask', { content: '退款多久到账？' })).data;
        return JSON.stringify(fake.requests.at(-1)?.body.messages);
      })
      .toContain(world.markdown);
    expect(frames[0]).toMatchObject({ type: 'start', provider: 'openai', model: fake.model });
    expect(textOf(frames)).toBe('退款七个工作日内原路退回 [1]。');
    expect(frames.at(-1)).toMatchObject({ type: 'done', status: 2, promptTokens: expect.any(Number) });
    expect(frames.find((f) => f.type === 'citations')?.citations[0]).toMatchObject({ n: 1, title: '退款规则' });

    const group = String(frames[0]?.aiChatGroupId);
    await world.ai('ask', { aiChatGroupId: group, content: '那超过九十天呢？' });
    const messages = fake.requests.at(-1)?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages.slice(1).map((m) => m.content)).toEqual([
      '退款多久到账？',
      '退款七个工作日内原路退回 [1]。',
      '那超过九十天呢？',
    ]);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it('shows a provider failure as 提问失败, saves it, and the group stays usable', async () => {
    fake.behave({ kind: 'error', status: 429, message: 'Rate limit reached' });
    const failed = (await world.ai('ask', { content: '退款规则是什么？' })).data as Frame[];
    const last = failed.at(-1);
    expect(last).toMatchObject({ type: 'error', status: 2, outcome: 'failed', errorCode: 'http_429' });
    expect(last?.errorMessage).toContain('Rate limit reached');
    const group = String(failed[0]?.aiChatGroupId);
    const history = (await world.ai('history', { aiChatGroupId: group })).data.list as Frame[];
    expect(history.at(-1)).toMatchObject({
      role: 'assistant',
      outcome: 'failed',
      provider: 'openai',
      model: fake.model,
    });
    expect(history.at(-2)).toMatchObject({ role: 'user', provider: '', model: '' });
    expect(history.at(-1)?.content).toContain('提问失败：http_429:');

    fake.behave({ kind: 'silent' });
    const silent = (await world.ai('ask', { aiChatGroupId: group, content: '还在吗？' })).data as Frame[];
    expect(silent.at(-1)).toMatchObject({ type: 'error', errorCode: 'timeout' });

    fake.behave({ kind: 'answer', pieces: ['好', '的'], dropAfter: 1 });
    const dropped = (await world.ai('ask', { aiChatGroupId: group, content: '再试一次' })).data as Frame[];
    expect(textOf(dropped)).toBe('好');
    expect(dropped.at(-1)).toMatchObject({ type: 'error', errorCode: 'dropped' });

    fake.behave({ kind: 'answer', pieces: ['恢复', '正常'] });
    const again = (await world.ai('ask', { aiChatGroupId: group, content: '现在呢？' })).data as Frame[];
    expect(again.at(-1)).toMatchObject({ type: 'done' });
    expect(textOf(again)).toBe('恢复正常');
  });

  it('stops when the client aborts: the model connection closes and what arrived is saved as stopped', async () => {
    fake.behave({ kind: 'answer', pieces: ['第一段', '第二段', '第三段'], holdAt: 1 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const stop = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/pmbok/api/ai/chat/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: world.token },
      body: JSON.stringify({ teamId: world.teamId, aiChatGroupId: 0, content: '退款要注意什么？' }),
      signal: stop.signal,
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('第一段')) text += decoder.decode((await reader.read()).value, { stream: true });
    await fake.held();
    const group = String(JSON.parse(text.split('\n')[0] as string).data.aiChatGroupId);
    stop.abort();
    expect(await fake.requests.at(-1)?.closed).toEqual({ completed: false });
    fake.release();
    await expect
      .poll(async () => ((await world.ai('history', { aiChatGroupId: group })).data.list as Frame[]).at(-1))
      .toMatchObject({ role: 'assistant', outcome: 'stopped', content: '第一段' });
  });
});

describe('the AI assistant answered by the Spark protocol', () => {
  let fake: FakeSparkServer;
  let h: Harness;
  let world: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    fake = await startSparkServer({ kind: 'answer', pieces: piecesOf('七个工作日内原路退回 [1]。', 2) });
    h = await startHarness(undefined, { env: { ...fake.env, PMBOK_AI_QUESTIONS_PER_MINUTE: '1000' } });
    world = await seed(h, '13731200002');
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('signs the URL on the server, sends SPEC §7 parameters and streams until status 2', async () => {
    let frames: Frame[] = [];
    await expect
      .poll(async () => {
        frames = (await world.ai('ask', { content: '退款多久到账？' })).data;
        return JSON.stringify(fake.requests.at(-1)?.frame?.payload.message.text);
      })
      .toContain(world.markdown);
    const request = fake.requests.at(-1);
    expect(request?.handshake).toBe('accepted');
    expect(request?.frame?.header.uid).toBe(`star_fire_${world.userId}`);
    expect(request?.frame?.parameter.chat).toEqual({ domain: 'general', temperature: 0.5, max_tokens: 1024 });
    expect(frames[0]).toMatchObject({ type: 'start', provider: 'spark' });
    expect(textOf(frames)).toBe('七个工作日内原路退回 [1]。');
    expect(frames.at(-1)).toMatchObject({ type: 'done', status: 2 });
    // The signed URL and the secret never reach the browser.
    expect(JSON.stringify(frames)).not.toContain(fake.apiSecret);
    expect(JSON.stringify(frames)).not.toContain('authorization=');
  });

  it('shows an error frame of the model service as 提问失败 with its code', async () => {
    fake.behave({ kind: 'error', code: 10013, message: '输入内容审核不通过' });
    const frames = (await world.ai('ask', { content: '退款规则？' })).data as Frame[];
    expect(frames.at(-1)).toMatchObject({
      type: 'error',
      errorCode: '10013',
      errorMessage: expect.stringContaining('审核不通过'),
    });
  });
});
