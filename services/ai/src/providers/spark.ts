import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
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

export type SparkConfig = Extract<ProviderConfig, { provider: 'spark' }>;

/** SPEC §9: the uid the Spark protocol is sent for a user. */
export const sparkUid = (userId: number) => `star_fire_${userId}`;

/**
 * iFlytek's signed WebSocket URL (its "通用鉴权URL" for the Spark chat API): an HMAC-SHA256 with the API secret
 * over `host`, `date` (RFC 1123, GMT; the service allows 300 s of clock skew) and the request line, wrapped with
 * the API key and base64-encoded, all three sent as query parameters (a browser's WebSocket has no headers).
 */
export function signSparkUrl(url: string, apiKey: string, apiSecret: string, now = new Date()): string {
  const target = new URL(url);
  const date = now.toUTCString();
  const origin = `host: ${target.host}\ndate: ${date}\nGET ${target.pathname} HTTP/1.1`;
  const signature = createHmac('sha256', apiSecret).update(origin).digest('base64');
  const authorization = Buffer.from(
    `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  const query = new URLSearchParams({ authorization, date, host: target.host });
  return `${target.origin}${target.pathname}?${query}`;
}

/** One request frame: the turns as the chat's message text, the answer's length and temperature of SPEC §9. */
export function sparkRequestFrame(config: SparkConfig, request: Pick<ModelRequest, 'turns' | 'userId'>) {
  return {
    header: { app_id: config.appId, uid: sparkUid(request.userId) },
    parameter: { chat: { domain: config.domain, temperature: TEMPERATURE, max_tokens: MAX_TOKENS } },
    payload: { message: { text: request.turns.map(({ role, content }) => ({ role, content })) } },
  };
}

interface SparkFrame {
  header?: { code?: unknown; message?: unknown; sid?: unknown; status?: unknown };
  payload?: {
    choices?: { status?: unknown; seq?: unknown; text?: Array<{ content?: unknown }> };
    usage?: { text?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  };
}

/**
 * iFlytek Spark over its WebSocket (SPEC §7): one request frame, then answer frames until `header.status` 2. A
 * frame with a nonzero `header.code` is the service refusing (10013 content refused, 11200 not authorised…).
 */
export function createSparkModel(config: SparkConfig, timeouts: ModelTimeouts): ChatModel {
  return {
    provider: 'spark',
    model: config.domain,
    // Spark Lite (v1.1) has a small context; the answer's 1,024 tokens come on top.
    promptBudget: 3000,
    stream: (request: ModelRequest) => relay(request.signal, timeouts, (sink) => connect(config, request, sink)),
  };
}

function connect(config: SparkConfig, request: ModelRequest, sink: Sink): () => void {
  let closing = false;
  let over = false;
  const settle = (error?: ModelError) => {
    if (over) return;
    over = true;
    if (error) sink.fail(error);
    else sink.end();
  };
  const socket = new WebSocket(signSparkUrl(config.url, config.apiKey, config.apiSecret));

  // A refused handshake (a wrong signature: 401 {"message": "HMAC signature does not match"}).
  socket.on('unexpected-response', (handshake, response) => {
    const parts: Buffer[] = [];
    response.on('data', (part: Buffer) => parts.push(part));
    response.on('end', () => {
      let message = response.statusMessage || `HTTP ${response.statusCode}`;
      try {
        const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { message?: unknown };
        if (typeof body.message === 'string' && body.message) message = body.message;
      } catch {
        // Not JSON: the status line says enough.
      }
      settle(new ModelError(`http_${response.statusCode}`, message));
      handshake.destroy();
    });
  });
  socket.on('error', (error) => {
    if (!closing) settle(new ModelError('unreachable', `无法连接讯飞星火：${reasonOf(error)}`));
  });
  socket.on('open', () => socket.send(JSON.stringify(sparkRequestFrame(config, request))));
  socket.on('message', (data) => {
    if (over) return;
    let frame: SparkFrame;
    try {
      frame = JSON.parse(data.toString()) as SparkFrame;
    } catch {
      return settle(new ModelError('bad_response', `讯飞星火的回答无法解析：${data.toString().slice(0, 80)}`));
    }
    const header = frame.header;
    if (!header || typeof header.code !== 'number') {
      return settle(new ModelError('bad_response', '讯飞星火的回答缺少 header.code'));
    }
    if (header.code !== 0) {
      return settle(new ModelError(String(header.code), String(header.message ?? '讯飞星火返回了错误')));
    }
    for (const piece of frame.payload?.choices?.text ?? []) {
      if (typeof piece.content === 'string') sink.text(piece.content);
    }
    const usage = frame.payload?.usage?.text;
    if (usage) {
      const prompt = Number(usage.prompt_tokens);
      const completion = Number(usage.completion_tokens);
      if (Number.isFinite(prompt) && Number.isFinite(completion)) sink.usage(prompt, completion);
    }
    if (header.status === 2) settle();
  });
  socket.on('close', () => {
    if (!closing) settle(droppedError());
  });

  return () => {
    closing = true;
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else if (socket.readyState === WebSocket.OPEN) socket.close(1000);
  };
}
