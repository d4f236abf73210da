import type { AiChatMessage, AskFrame } from '@pmbok/api-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askFrames, framesOf, readEnvelopes, StreamError } from '../src/ai/askStream';
import { isChunkLoadError } from '../src/ai/chunkError';
import { conversationReducer, emptyConversation } from '../src/ai/conversation';
import { canAsk, checkQuestion } from '../src/ai/question';
import { freshGroup, neighbourAfterDelete, type UiGroup } from '../src/ai/useGroups';

const encoder = new TextEncoder();

/** A body that arrives in exactly these byte chunks. */
function chunked(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const line = (data: Partial<AskFrame>, code = 200, msg = 'success') => `${JSON.stringify({ code, msg, data })}\n`;
const frame = (data: Partial<AskFrame>) => ({ status: 1, aiChatGroupId: 7, ...data }) as AskFrame;

describe('the NDJSON frame reader', () => {
  it('reads one envelope per line whatever the chunks', async () => {
    const text =
      line({ type: 'start', status: 0 }) + line({ type: 'delta', text: '你好，世界' }) + line({ type: 'done' });
    const bytes = encoder.encode(text);
    // cut everywhere: in the middle of a line, of a multi-byte character, right after a newline
    const cuts = [1, 30, 31, 32, 70, 71, 72, 73, bytes.length - 1];
    const chunks = cuts.map((end, i) => bytes.slice(i ? cuts[i - 1] : 0, end));
    chunks.push(bytes.slice(cuts.at(-1)));
    const envelopes = await collect(readEnvelopes(chunked(...chunks)));
    expect(envelopes.map((envelope) => (envelope.data as AskFrame).type)).toEqual(['start', 'delta', 'done']);
    expect(envelopes[1]).toMatchObject({ data: { text: '你好，世界' } });
  });

  it('skips blank lines and reads a last line without its newline', async () => {
    const last = JSON.stringify({ code: 200, msg: 'success', data: { type: 'done' } });
    const envelopes = await collect(readEnvelopes(chunked('\n', line({ type: 'delta' }), '\r\n', last)));
    expect(envelopes.map((envelope) => (envelope.data as AskFrame).type)).toEqual(['delta', 'done']);
  });

  it('refuses a line that is not an envelope', async () => {
    await expect(collect(readEnvelopes(chunked('<html>bad gateway</html>\n')))).rejects.toBeInstanceOf(StreamError);
    await expect(collect(readEnvelopes(chunked('{"data":1}\n')))).rejects.toThrow(/not an envelope/);
  });

  it('ends the frames with an ApiError at an envelope that is not a success', async () => {
    const body = chunked(line({ type: 'start' }), line({}, 400, '提问太频繁，请稍后再试'), line({ type: 'done' }));
    const seen: string[] = [];
    const reading = (async () => {
      for await (const item of framesOf(readEnvelopes(body))) seen.push(item.type);
    })();
    await expect(reading).rejects.toMatchObject({ name: 'ApiError', code: 400, message: '提问太频繁，请稍后再试' });
    expect(seen).toEqual(['start']);
  });
});

describe('asking', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  beforeEach(() => {
    const store = new Map([
      ['authorize_token', 'token-1'],
      ['teamId', '12'],
    ]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null });
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
  });
  const answer = (response: Response) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return response;
    });

  it('posts the form with the team, the version and the token, and yields the frames', async () => {
    const ndjson = { 'content-type': 'application/x-ndjson' };
    answer(
      new Response(chunked(line({ type: 'start', status: 0 }), line({ type: 'done', status: 2 })), { headers: ndjson }),
    );
    const frames = await collect(askFrames({ aiChatGroupId: 0, content: '下单流程' }, new AbortController().signal));
    expect(frames.map((item) => item.type)).toEqual(['start', 'done']);
    const [{ url, init }] = sent as [{ url: string; init: RequestInit }];
    expect(url).toBe('/pmbok/api/ai/chat/ask');
    expect((init.headers as Record<string, string>).authorization).toBe('token-1');
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      aiChatGroupId: '0',
      content: '下单流程',
      teamId: '12',
      version: '1',
    });
  });

  it('rejects with the message of a question refused before the stream', async () => {
    const refusal = JSON.stringify({ code: 400, msg: '问题最多 2000 个字', data: null });
    answer(new Response(refusal, { headers: { 'content-type': 'application/json; charset=utf-8' } }));
    const asking = collect(askFrames({ aiChatGroupId: 3, content: 'x' }, new AbortController().signal));
    await expect(asking).rejects.toMatchObject({ name: 'ApiError', code: 400, message: '问题最多 2000 个字' });
  });

  it('rejects a response that is not a 200', async () => {
    answer(new Response('oops', { status: 502 }));
    const asking = collect(askFrames({ aiChatGroupId: 3, content: 'x' }, new AbortController().signal));
    await expect(asking).rejects.toMatchObject({ code: 502 });
  });
});

describe('the question rule (SPEC §5)', () => {
  it('strips newlines and refuses an empty question', () => {
    expect(checkQuestion('怎么调用\n「创建订单」\r\n接口？')).toEqual({
      ok: true,
      content: '怎么调用「创建订单」接口？',
    });
    expect(checkQuestion('  \n \r\n ')).toEqual({ ok: false, error: 'app.ai.question_required' });
    expect(checkQuestion('')).toEqual({ ok: false, error: 'app.ai.question_required' });
  });

  it('asks only when no answer is streaming (SPEC §4)', () => {
    expect(canAsk('init')).toBe(true);
    expect(canAsk('error')).toBe(true);
    expect(canAsk('ttsing')).toBe(false);
  });
});

describe('a conversation', () => {
  const message = (id: number, createdTime: number): AiChatMessage => ({
    aiChatMessageId: id,
    aiChatGroupId: 7,
    role: id % 2 ? 'user' : 'assistant',
    content: `m${id}`,
    citations: [],
    outcome: 'done',
    createdTime,
    provider: id % 2 ? '' : 'openai',
    model: id % 2 ? '' : 'deepseek-chat',
  });
  const citation = {
    n: 1,
    kind: 'api' as const,
    id: 4,
    projectId: 2,
    projectName: '商城',
    title: '创建订单',
    snippet: '',
    route: '/project/index/2?doc=4',
  };

  it('builds the answer from its frames and is idle again at status 2', () => {
    let state = conversationReducer(emptyConversation, { type: 'asked', content: '怎么下单？', now: 1 });
    expect(state.status).toBe('ttsing');
    for (const item of [
      frame({ type: 'start', status: 0, aiChatMessageId: 11, provider: 'local', model: 'extractive' }),
      frame({ type: 'citations', citations: [citation] }),
      frame({ type: 'delta', text: '调用 ' }),
      frame({ type: 'delta', text: '[1]' }),
      frame({ type: 'done', status: 2, aiChatMessageId: 12, outcome: 'done' }),
    ]) {
      state = conversationReducer(state, { type: 'frame', frame: item });
    }
    expect(state.status).toBe('init');
    expect(state.items).toMatchObject([
      { role: 'user', id: 11, content: '怎么下单？' },
      { role: 'assistant', id: 12, content: '调用 [1]', outcome: 'done', provider: 'local', citations: [citation] },
    ]);
  });

  it('keeps an error frame on the answer and lets the next question go', () => {
    let state = conversationReducer(emptyConversation, { type: 'asked', content: 'q', now: 1 });
    state = conversationReducer(state, {
      type: 'frame',
      frame: frame({ type: 'error', status: 2, errorCode: 'provider', errorMessage: 'HTTP 401' }),
    });
    expect(state.items[1]).toMatchObject({ outcome: 'failed', error: { code: 'provider', message: 'HTTP 401' } });
    expect(canAsk(state.status)).toBe(true);
  });

  it('marks a stopped answer, and drops a refused question', () => {
    const asked = conversationReducer(emptyConversation, { type: 'asked', content: 'q', now: 1 });
    const partial = conversationReducer(asked, { type: 'frame', frame: frame({ type: 'delta', text: '部分' }) });
    expect(conversationReducer(partial, { type: 'stopped' }).items[1]).toMatchObject({
      outcome: 'stopped',
      content: '部分',
    });
    expect(conversationReducer(asked, { type: 'refused' }).items).toEqual([]);
  });

  it('puts older pages above and pages from the newest message the first page held', () => {
    let state = conversationReducer(emptyConversation, {
      type: 'page',
      page: 1,
      list: [message(3, 300), message(4, 400)],
      hasNextPage: true,
    });
    expect(state.anchor).toBe(400);
    state = conversationReducer(state, {
      type: 'page',
      page: 2,
      list: [message(1, 100), message(2, 200)],
      hasNextPage: false,
    });
    expect(state.items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(state).toMatchObject({ page: 2, hasNextPage: false, anchor: 400 });
    // A saved answer still says who gave it; a question says nothing.
    expect(state.items.map((item) => item.provider)).toEqual([undefined, 'openai', undefined, 'openai']);
    expect(state.items[1]?.model).toBe('deepseek-chat');
  });
});

describe('deleting a group (SPEC §4)', () => {
  const groups: UiGroup[] = ['a', 'b', 'c'].map((key) => ({ ...freshGroup(), key }));
  it('opens the next one down, else the one above', () => {
    expect(neighbourAfterDelete(groups, 'a')?.key).toBe('b');
    expect(neighbourAfterDelete(groups, 'b')?.key).toBe('c');
    expect(neighbourAfterDelete(groups, 'c')?.key).toBe('b');
    expect(neighbourAfterDelete(groups.slice(0, 1), 'a')).toBeUndefined();
  });

  it('starts a fresh group with id 0 and no name (the default-conversation name is shown)', () => {
    expect(freshGroup()).toMatchObject({ aiChatGroupId: 0, name: '' });
  });
});

describe("the dialog's code failing to load", () => {
  it("is told from the dialog's own errors in each browser's words", () => {
    const url = 'http://127.0.0.1/system/assets/AiDialog-abc.js';
    expect(isChunkLoadError(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(true);
    expect(isChunkLoadError(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /system/assets/AiDialog-abc.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'key')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
