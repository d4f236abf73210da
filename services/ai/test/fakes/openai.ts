import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderConfig } from '../../src/providers/model.js';
import { DEFAULT_ANSWER, deferred, type FakeBehaviour, HoldGate, usageOf } from './behaviour.js';

/** One request the fake received. */
export interface OpenAiRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** The JSON body as sent (`model`, `messages`, `stream`, `temperature`, `max_tokens`, `stream_options`). */
  body: Record<string, unknown>;
  /** Resolves when the response's connection closed: `completed` false means the client went away mid-answer. */
  closed: Promise<{ completed: boolean }>;
}

export interface FakeOpenAiServer {
  /** The base URL a client is configured with (`…/v1`). */
  url: string;
  apiKey: string;
  model: string;
  /** Ready for createChatModel. */
  config: Extract<ProviderConfig, { provider: 'openai' }>;
  /** The PMBOK_AI_* variables that point the ai service at this server. */
  env: Record<string, string>;
  requests: OpenAiRequest[];
  behave(behaviour: FakeBehaviour): void;
  /** Resolves once an answer is held (`holdAt`). */
  held(): Promise<void>;
  /** Lets held answers go on. */
  release(): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  apiKey?: string;
  model?: string;
}

/**
 * A chat-completions server as OpenAI-compatible services stream it: `POST /v1/chat/completions` with a bearer
 * key, answered with server-sent events (`data: {chunk}` … `data: [DONE]`), the usage in a last chunk with empty
 * choices, errors as `{error: {message, type, code}}` with an HTTP status.
 */
export async function startOpenAiServer(
  behaviour: FakeBehaviour = DEFAULT_ANSWER,
  options: FakeOpenAiOptions = {},
): Promise<FakeOpenAiServer> {
  const apiKey = options.apiKey ?? 'sk-fake-openai-key-for-tests';
  const model = options.model ?? 'fake-chat';
  const requests: OpenAiRequest[] = [];
  const gate = new HoldGate();
  let current = behaviour;
  let closing = false;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void respond(request, response, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function respond(request: IncomingMessage, response: ServerResponse, text: string) {
    const closed = deferred<{ completed: boolean }>();
    response.on('close', () => closed.resolve({ completed: response.writableFinished }));
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Recorded empty; refused below.
    }
    requests.push({ path: request.url ?? '', headers: request.headers, body, closed: closed.promise });

    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return error(response, 404, 'Not found', 'invalid_request_error', 'not_found');
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return error(response, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    if (body.model !== model) {
      return error(response, 404, `The model \`${String(body.model)}\` does not exist`, 'invalid_request_error');
    }
    if (body.stream !== true || !Array.isArray(body.messages)) {
      return error(response, 400, 'This fake streams only: `stream: true` and `messages` are required', 'invalid');
    }
    const behaviour = current;
    switch (behaviour.kind) {
      case 'error':
        return error(response, behaviour.status ?? 500, behaviour.message, 'api_error', behaviour.code);
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(behaviour.body ?? '<html><body><h1>502 Bad Gateway</h1></body></html>');
      case 'silent':
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        return response.flushHeaders();
      case 'answer':
        return answer(response, behaviour);
    }
  }

  async function answer(response: ServerResponse, behaviour: Extract<FakeBehaviour, { kind: 'answer' }>) {
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (choices: unknown[], extra: object = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices,
      ...extra,
    });
    const send = (data: unknown) =>
      new Promise<void>((resolve) => {
        const line = `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
        if (response.destroyed) resolve();
        else response.write(line, () => resolve());
      });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    await send(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
    for (const [index, piece] of behaviour.pieces.entries()) {
      if (index === behaviour.holdAt) await gate.reach();
      if (index === behaviour.dropAfter) return response.socket?.destroy();
      if (response.destroyed || closing) return;
      await send(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    }
    if (behaviour.pieces.length === behaviour.holdAt) await gate.reach();
    if (behaviour.pieces.length === behaviour.dropAfter) return response.socket?.destroy();
    if (response.destroyed || closing) return;
    await send(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    const usage = usageOf(behaviour);
    if (usage) {
      const { promptTokens: prompt_tokens, completionTokens: completion_tokens } = usage;
      await send(
        chunk([], { usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens } }),
      );
    }
    await send('[DONE]');
    response.end();
  }

  function error(response: ServerResponse, status: number, message: string, type: string, code?: string | number) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message, type, param: null, code: code ?? null } }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    apiKey,
    model,
    config: { provider: 'openai', baseUrl: url, apiKey, model },
    env: {
      PMBOK_AI_PROVIDER: 'openai',
      PMBOK_AI_OPENAI_BASE_URL: url,
      PMBOK_AI_OPENAI_API_KEY: apiKey,
      PMBOK_AI_OPENAI_MODEL: model,
    },
    requests,
    behave: (next) => {
      current = next;
    },
    held: () => gate.held(),
    release: () => gate.release(),
    close: async () => {
      closing = true;
      gate.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
