import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatModel } from '../src/providers/index.js';
import { ModelError, type ModelTimeouts } from '../src/providers/model.js';
import { DEFAULT_ANSWER } from './fakes/behaviour.js';
import { collectAnswer, SAMPLE_TURNS, sampleRequest } from './fakes/collect.js';
import { type FakeOpenAiServer, startOpenAiServer } from './fakes/openai.js';

// Long enough never to fire in a passing test; the timeout tests set their own short ones.
const RELAXED: ModelTimeouts = { firstTokenMs: 10_000, idleMs: 10_000 };
const SHORT: ModelTimeouts = { firstTokenMs: 200, idleMs: 200 };

describe('openai provider against a chat-completions server', () => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startOpenAiServer();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.behave(DEFAULT_ANSWER);
    fake.requests.length = 0;
  });

  const model = (timeouts = RELAXED) => createChatModel(fake.config, timeouts);

  it('streams the answer in order with the usage, asking the way the protocol requires', async () => {
    const answer = await collectAnswer(model().stream(sampleRequest()));

    expect(answer.error).toBeUndefined();
    expect(answer.pieces).toEqual(['根据文档，', '创建订单', '请调用 POST /orders', '。']);
    expect(answer.usage).toEqual({ promptTokens: 120, completionTokens: 12 });
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({
      model: fake.model,
      messages: SAMPLE_TURNS,
      stream: true,
      temperature: 0.5,
      max_tokens: 1024,
      stream_options: { include_usage: true },
    });
    await expect(request?.closed).resolves.toEqual({ completed: true });
  });

  it('names the model it was configured with and the default prompt budget', () => {
    expect(model()).toMatchObject({ provider: 'openai', model: fake.model, promptBudget: 6000 });
  });

  it("turns a refusal into ModelError http_<status> with the provider's message", async () => {
    fake.behave({ kind: 'error', status: 429, message: 'Rate limit reached for requests' });
    const answer = await collectAnswer(model().stream(sampleRequest()));
    expect(answer.error).toBeInstanceOf(ModelError);
    expect(answer.error).toMatchObject({ code: 'http_429', message: 'Rate limit reached for requests' });
    expect(answer.pieces).toEqual([]);
  });

  it('reports a wrong key as the server words it', async () => {
    const wrongKey = createChatModel({ ...fake.config, apiKey: 'sk-wrong' }, RELAXED);
    const answer = await collectAnswer(wrongKey.stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'http_401', message: 'Incorrect API key provided.' });
  });

  it('fails with bad_response when the body is not server-sent events', async () => {
    fake.behave({ kind: 'garbage' });
    const answer = await collectAnswer(model().stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'bad_response' });
  });

  it('fails with dropped after the pieces that arrived when the connection is cut mid-answer', async () => {
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

  it('times out when no first token comes in time, and closes the connection', async () => {
    fake.behave({ kind: 'silent' });
    const answer = await collectAnswer(model(SHORT).stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'timeout', message: '模型 0.2 秒内没有回答' });
    await expect(fake.requests[0]?.closed).resolves.toEqual({ completed: false });
  });

  it('times out when the next piece does not come in time', async () => {
    fake.behave({ kind: 'answer', pieces: ['先说', '后面没了'], holdAt: 1 });
    const answer = await collectAnswer(model({ firstTokenMs: 10_000, idleMs: 200 }).stream(sampleRequest()));
    expect(answer.pieces).toEqual(['先说']);
    expect(answer.error).toMatchObject({ code: 'timeout', message: '模型 0.2 秒内没有继续回答' });
  });

  it('stops quietly when aborted and closes the connection', async () => {
    fake.behave({ kind: 'answer', pieces: ['第一句', '第二句'], holdAt: 1 });
    const request = sampleRequest();
    const answer = await collectAnswer(model().stream(request), () => request.controller.abort());
    expect(answer).toMatchObject({ pieces: ['第一句'], error: undefined, usage: undefined });
    await expect(fake.requests[0]?.closed).resolves.toEqual({ completed: false });
  });

  it('ends at once, asking nothing, when the request was aborted before it started', async () => {
    const request = sampleRequest();
    request.controller.abort();
    const answer = await collectAnswer(model().stream(request));
    expect(answer).toMatchObject({ pieces: [], error: undefined });
    expect(fake.requests).toHaveLength(0);
  });

  it('takes a whole JSON answer from a server that does not stream', async () => {
    const plain = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: '一次说完' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 },
        }),
      );
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const { port } = plain.address() as AddressInfo;
    try {
      const whole = createChatModel({ ...fake.config, baseUrl: `http://127.0.0.1:${port}/v1` }, RELAXED);
      const answer = await collectAnswer(whole.stream(sampleRequest()));
      expect(answer).toMatchObject({ pieces: ['一次说完'], usage: { promptTokens: 30, completionTokens: 4 } });
      expect(answer.error).toBeUndefined();
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it('fails with unreachable when nothing listens, without the key in the message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createChatModel({ ...fake.config, baseUrl: `http://127.0.0.1:${port}/v1` }, RELAXED);
    const answer = await collectAnswer(nowhere.stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'unreachable' });
    expect((answer.error as Error).message).toContain('ECONNREFUSED');
    expect((answer.error as Error).message).not.toContain(fake.apiKey);
  });
});
