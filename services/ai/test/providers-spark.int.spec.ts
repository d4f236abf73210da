import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatModel } from '../src/providers/index.js';
import { ModelError, type ModelTimeouts } from '../src/providers/model.js';
import { DEFAULT_ANSWER } from './fakes/behaviour.js';
import { collectAnswer, SAMPLE_TURNS, sampleRequest } from './fakes/collect.js';
import { type FakeSparkServer, startSparkServer } from './fakes/spark.js';

// Long enough never to fire in a passing test; the timeout tests set their own short ones.
const RELAXED: ModelTimeouts = { firstTokenMs: 10_000, idleMs: 10_000 };
const SHORT: ModelTimeouts = { firstTokenMs: 200, idleMs: 200 };

describe('spark provider against a Spark chat WebSocket', () => {
  let fake: FakeSparkServer;
  beforeAll(async () => {
    fake = await startSparkServer();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.behave(DEFAULT_ANSWER);
    fake.requests.length = 0;
  });

  const model = (timeouts = RELAXED) => createChatModel(fake.config, timeouts);

  it('streams the answer in order with the usage, over a signed URL and the request frame of SPEC §7', async () => {
    const answer = await collectAnswer(model().stream(sampleRequest({ userId: 42 })));

    expect(answer.error).toBeUndefined();
    expect(answer.pieces).toEqual(['根据文档，', '创建订单', '请调用 POST /orders', '。']);
    expect(answer.usage).toEqual({ promptTokens: 120, completionTokens: 12 });
    const [request] = fake.requests;
    // The fake verified the HMAC with the same key and secret before accepting.
    expect(request?.handshake).toBe('accepted');
    expect(request?.url).toMatch(/^\/v1\.1\/chat\?authorization=[^&]+&date=[^&]+GMT&host=127\.0\.0\.1%3A\d+$/);
    expect(request?.frame).toEqual({
      header: { app_id: fake.appId, uid: 'star_fire_42' },
      parameter: { chat: { domain: 'general', temperature: 0.5, max_tokens: 1024 } },
      payload: { message: { text: SAMPLE_TURNS } },
    });
    // Finished at status 2, the client closes the socket itself.
    await expect(request?.closed).resolves.toEqual({ code: 1000 });
  });

  it('names the domain as its model, with the small prompt budget of Spark Lite', () => {
    expect(model()).toMatchObject({ provider: 'spark', model: 'general', promptBudget: 3000 });
  });

  it('is refused at the handshake with a wrong secret, as the service refuses it', async () => {
    const wrongSecret = createChatModel({ ...fake.config, apiSecret: 'not-the-secret' }, RELAXED);
    const answer = await collectAnswer(wrongSecret.stream(sampleRequest()));
    expect(answer.error).toBeInstanceOf(ModelError);
    expect(answer.error).toMatchObject({ code: 'http_401', message: 'HMAC signature does not match' });
    expect(fake.requests[0]?.handshake).toBe('401 HMAC signature does not match');
  });

  it('is refused with a key the service does not know', async () => {
    const wrongKey = createChatModel({ ...fake.config, apiKey: 'unknown-key' }, RELAXED);
    const answer = await collectAnswer(wrongKey.stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'http_401', message: 'HMAC signature cannot be verified' });
  });

  it("turns an error frame into ModelError with the service's code and message", async () => {
    fake.behave({ kind: 'error', code: 10013, message: '输入内容审核不通过，涉嫌违规，请重新调整输入内容' });
    const answer = await collectAnswer(model().stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: '10013', message: '输入内容审核不通过，涉嫌违规，请重新调整输入内容' });
    expect(answer.pieces).toEqual([]);
  });

  it('is refused (10163) when the frame is not what SPEC §7 sends: another domain', async () => {
    const otherDomain = createChatModel({ ...fake.config, domain: 'generalv3.5' }, RELAXED);
    const answer = await collectAnswer(otherDomain.stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: '10163', message: expect.stringContaining('domain') });
  });

  it('fails with bad_response on a frame that is not JSON', async () => {
    fake.behave({ kind: 'garbage' });
    const answer = await collectAnswer(model().stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'bad_response' });
  });

  it('fails with dropped after the pieces that arrived when the socket closes before status 2', async () => {
    fake.behave({ kind: 'answer', pieces: ['一', '二', '三', '四'], dropAfter: 2 });
    const answer = await collectAnswer(model().stream(sampleRequest()));
    expect(answer.pieces).toEqual(['一', '二']);
    expect(answer.error).toMatchObject({ code: 'dropped' });
  });

  it('waits for a slow first token within the timeout', async () => {
    fake.behave({ kind: 'answer', pieces: ['慢', '一点'], holdAt: 0 });
    const answering = collectAnswer(model().stream(sampleRequest()));
    await fake.held();
    fake.release();
    const answer = await answering;
    expect(answer.error).toBeUndefined();
    expect(answer.text).toBe('慢一点');
  });

  it('times out when no first token comes in time, and closes the socket', async () => {
    fake.behave({ kind: 'silent' });
    const answer = await collectAnswer(model(SHORT).stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'timeout', message: '模型 0.2 秒内没有回答' });
    await expect(fake.requests[0]?.closed).resolves.toEqual({ code: 1000 });
  });

  it('times out when the next piece does not come in time', async () => {
    fake.behave({ kind: 'answer', pieces: ['先说', '后面没了'], holdAt: 1 });
    const answer = await collectAnswer(model({ firstTokenMs: 10_000, idleMs: 200 }).stream(sampleRequest()));
    expect(answer.pieces).toEqual(['先说']);
    expect(answer.error).toMatchObject({ code: 'timeout', message: '模型 0.2 秒内没有继续回答' });
  });

  it('stops quietly when aborted and closes the socket', async () => {
    fake.behave({ kind: 'answer', pieces: ['第一句', '第二句'], holdAt: 1 });
    const request = sampleRequest();
    const answer = await collectAnswer(model().stream(request), () => request.controller.abort());
    expect(answer).toMatchObject({ pieces: ['第一句'], error: undefined, usage: undefined });
    await expect(fake.requests[0]?.closed).resolves.toEqual({ code: 1000 });
  });

  it('fails with unreachable when nothing listens, without credentials in the message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createChatModel({ ...fake.config, url: `ws://127.0.0.1:${port}/v1.1/chat` }, RELAXED);
    const answer = await collectAnswer(nowhere.stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'unreachable' });
    const message = (answer.error as Error).message;
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain(fake.apiKey);
    expect(message).not.toContain('authorization');
  });
});
