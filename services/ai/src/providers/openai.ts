import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  type ChatModel,
  MAX_TOKENS,
  ModelError,
  type ModelRequest,
  type ModelTimeouts,
  type ProviderConfig,
  TEMPERATURE,
} from './model.js';
import { droppedError, reasonOf, relay, type Sink } from './relay.js';

export type OpenAiConfig = Extract<ProviderConfig, { provider: 'openai' }>;

/**
 * An OpenAI-compatible chat completions endpoint (DeepSeek, Qwen, Moonshot, Zhipu, Ollama, vLLM…), streamed as
 * server-sent events: `data: {choices: [{delta: {content}}]}` lines ending with `data: [DONE]`, the usage in a
 * last chunk because the request asks for it (`stream_options.include_usage`).
 */
export function createOpenAiModel(config: OpenAiConfig, timeouts: ModelTimeouts, promptBudget: number): ChatModel {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    provider: 'openai',
    model: config.model,
    promptBudget,
    stream: (request: ModelRequest) =>
      relay(request.signal, timeouts, (sink) => {
        const controller = new AbortController();
        void call(endpoint, config, request, controller.signal, sink);
        return () => controller.abort();
      }),
  };
}

async function call(endpoint: string, config: OpenAiConfig, request: ModelRequest, signal: AbortSignal, sink: Sink) {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${config.apiKey}`,
      },
      body: JSON.stringify({
        model: config.model,
        messages: request.turns.map(({ role, content }) => ({ role, content })),
        stream: true,
        temperature: TEMPERATURE,
        max_tokens: MAX_TOKENS,
        stream_options: { include_usage: true },
      }),
      signal,
    });
  } catch (error) {
    if (!signal.aborted) sink.fail(new ModelError('unreachable', `无法连接模型服务：${reasonOf(error)}`));
    return;
  }
  try {
    if (!response.ok) {
      sink.fail(await refusal(response));
    } else if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      // A server that ignores `stream: true` answers in one piece.
      whole(await response.text(), sink);
    } else {
      await events(response, sink);
    }
  } catch {
    // The body broke off (the socket closed mid-answer), unless we closed it.
    if (!signal.aborted) sink.fail(droppedError());
  } finally {
    // Frees the connection when the answer ended before the body did (after [DONE], or a failure).
    response.body?.cancel().catch(() => {});
  }
}

async function refusal(response: Response): Promise<ModelError> {
  const text = await response.text().catch(() => '');
  let message: unknown;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
  } catch {
    // Not JSON (a proxy's HTML page): the status says enough.
  }
  const fallback = response.statusText || `HTTP ${response.status}`;
  return new ModelError(`http_${response.status}`, typeof message === 'string' && message ? message : fallback);
}

interface Completion {
  choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: { message?: unknown; code?: unknown; type?: unknown };
}

const badResponse = (detail: string) => new ModelError('bad_response', `模型服务的回答无法解析：${detail}`);

/** Reads the server-sent events until [DONE]; a body that ends before it (and before a finish_reason) dropped. */
async function events(response: Response, sink: Sink) {
  if (!response.body) return sink.fail(badResponse('没有内容'));
  let received = false;
  let done = false;
  let finished = false;
  let failed = false;
  const fail = (error: ModelError) => {
    failed = true;
    sink.fail(error);
  };
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (done || failed) return;
      received = true;
      if (event.data.trim() === '[DONE]') {
        done = true;
        return;
      }
      let chunk: Completion;
      try {
        chunk = JSON.parse(event.data) as Completion;
      } catch {
        return fail(badResponse(event.data.slice(0, 80)));
      }
      if (chunk.error) {
        const { message, code, type } = chunk.error;
        return fail(new ModelError(String(code ?? type ?? 'provider_error'), String(message ?? '模型服务返回了错误')));
      }
      const choice = chunk.choices?.[0];
      if (typeof choice?.delta?.content === 'string') sink.text(choice.delta.content);
      if (choice?.finish_reason) finished = true;
      if (chunk.usage) usageOf(chunk.usage, sink);
    },
    onError(error) {
      if (!done && !failed) fail(badResponse(error.message));
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of response.body) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    if (done || failed) break;
  }
  if (failed) return;
  // A last event without its blank line still counts.
  parser.reset({ consume: true });
  if (failed) return;
  if (done || finished) sink.end();
  else sink.fail(received ? droppedError() : badResponse('没有内容'));
}

function whole(text: string, sink: Sink) {
  let body: Completion;
  try {
    body = JSON.parse(text) as Completion;
  } catch {
    return sink.fail(badResponse(text.slice(0, 80)));
  }
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return sink.fail(badResponse('没有回答内容'));
  sink.text(content);
  if (body.usage) usageOf(body.usage, sink);
  sink.end();
}

function usageOf(usage: NonNullable<Completion['usage']>, sink: Sink) {
  const prompt = Number(usage.prompt_tokens);
  const completion = Number(usage.completion_tokens);
  if (Number.isFinite(prompt) && Number.isFinite(completion)) sink.usage(prompt, completion);
}
