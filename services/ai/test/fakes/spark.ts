import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ProviderConfig } from '../../src/providers/model.js';
import { DEFAULT_ANSWER, deferred, type FakeBehaviour, HoldGate, usageOf } from './behaviour.js';

/** One connection the fake was asked for (refused ones too). */
export interface SparkRequest {
  /** The path and query as requested (`/v1.1/chat?authorization=…&date=…&host=…`). */
  url: string;
  /** `accepted`, or the refusal the handshake got (`401 HMAC signature does not match`). */
  handshake: string;
  /** The request frame, once received. */
  frame?: SparkRequestFrame;
  /** Resolves with the close code when the socket closed (1000: the client closed it; 1006: cut). */
  closed: Promise<{ code: number }>;
}

export interface SparkRequestFrame {
  header: { app_id: string; uid: string };
  parameter: { chat: { domain: string; temperature: number; max_tokens: number } };
  payload: { message: { text: Array<{ role: string; content: string }> } };
}

export interface FakeSparkServer {
  /** `ws://127.0.0.1:<port>/v1.1/chat` */
  url: string;
  appId: string;
  apiKey: string;
  apiSecret: string;
  domain: string;
  /** Ready for createChatModel. */
  config: Extract<ProviderConfig, { provider: 'spark' }>;
  /** The PMBOK_AI_* variables that point the ai service at this server. */
  env: Record<string, string>;
  requests: SparkRequest[];
  behave(behaviour: FakeBehaviour): void;
  held(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export interface FakeSparkOptions {
  appId?: string;
  apiKey?: string;
  apiSecret?: string;
  domain?: string;
}

const PATH = '/v1.1/chat';
const SKEW_MS = 300_000;

/**
 * iFlytek Spark's chat WebSocket as its documentation describes it, written for these tests. The handshake is
 * refused the way the service refuses it, with an HTTP status and `{"message": …}`: 401 without an
 * authorization or with a wrong key or signature (HMAC-SHA256 over host, date and request line, checked with the
 * secret it was given), 403 for a date more than 300 s off. Then one request frame, checked for what SPEC §7
 * sends (uid `star_fire_<id>`, the domain, temperature 0.5, max tokens 1024; else error frame 10163), and answer
 * frames `{header: {code, message, sid, status}, payload: {choices: {status, seq, text: [...]}, usage}}` until
 * status 2.
 */
export async function startSparkServer(
  behaviour: FakeBehaviour = DEFAULT_ANSWER,
  options: FakeSparkOptions = {},
): Promise<FakeSparkServer> {
  const appId = options.appId ?? 'fa1e0001';
  const apiKey = options.apiKey ?? 'fake-spark-api-key-0123456789abcd';
  const apiSecret = options.apiSecret ?? 'ZmFrZS1zcGFyay1hcGktc2VjcmV0LTAx';
  const domain = options.domain ?? 'general';
  const requests: SparkRequest[] = [];
  const gate = new HoldGate();
  let current = behaviour;
  let closing = false;
  let sids = 0;

  const server = createServer((_request, response) => {
    response.writeHead(426).end();
  });
  const sockets = new WebSocketServer({ noServer: true });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const closed = deferred<{ code: number }>();
    const record: SparkRequest = { url: request.url ?? '', handshake: 'accepted', closed: closed.promise };
    requests.push(record);
    const refusal = verify(request);
    if (refusal) {
      record.handshake = `${refusal.status} ${refusal.message}`;
      const body = JSON.stringify({ message: refusal.message });
      socket.end(
        `HTTP/1.1 ${refusal.status} ${refusal.status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      closed.resolve({ code: 1006 });
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.on('close', (code) => closed.resolve({ code }));
      ws.once('message', (data) => void converse(ws, record, data.toString()));
    });
  });

  function verify(request: IncomingMessage): { status: number; message: string } | undefined {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== PATH) return { status: 404, message: 'no Route matched with those values' };
    const authorization = url.searchParams.get('authorization');
    const date = url.searchParams.get('date') ?? '';
    const host = url.searchParams.get('host') ?? '';
    if (!authorization) return { status: 401, message: 'Unauthorized' };
    const fields = Object.fromEntries(
      [
        ...Buffer.from(authorization, 'base64')
          .toString('utf8')
          .matchAll(/(\w+)="([^"]*)"/g),
      ].map((m) => [m[1], m[2]]),
    );
    if (
      fields.api_key !== apiKey ||
      fields.algorithm !== 'hmac-sha256' ||
      fields.headers !== 'host date request-line' ||
      !fields.signature
    ) {
      return { status: 401, message: 'HMAC signature cannot be verified' };
    }
    const sentAt = Date.parse(date);
    if (!date.endsWith('GMT') || Number.isNaN(sentAt) || Math.abs(Date.now() - sentAt) > SKEW_MS) {
      return {
        status: 403,
        message: 'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication',
      };
    }
    const expected = createHmac('sha256', apiSecret)
      .update(`host: ${host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`)
      .digest();
    const given = Buffer.from(fields.signature, 'base64');
    if (host !== request.headers.host || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { status: 401, message: 'HMAC signature does not match' };
    }
    return undefined;
  }

  async function converse(ws: WebSocket, record: SparkRequest, text: string) {
    sids += 1;
    const sid = `cht000b${String(sids).padStart(4, '0')}@dx19000fake`;
    const send = (frame: unknown) =>
      new Promise<void>((resolve) => {
        if (ws.readyState !== ws.OPEN) resolve();
        else ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame), () => resolve());
      });
    const refuse = async (code: number, message: string) => {
      await send({ header: { code, message, sid, status: 2 } });
      ws.close(1000);
    };
    let frame: SparkRequestFrame;
    try {
      frame = JSON.parse(text) as SparkRequestFrame;
    } catch {
      return refuse(10163, 'request frame is not JSON');
    }
    record.frame = frame;
    const problem = checkFrame(frame);
    if (problem) return refuse(10163, `参数校验失败：${problem}`);

    const behaviour = current;
    if (behaviour.kind === 'error') return refuse(Number(behaviour.code ?? 10013), behaviour.message);
    if (behaviour.kind === 'garbage') return send(behaviour.body ?? '<html>502 Bad Gateway</html>');
    if (behaviour.kind === 'silent') return;

    const answerFrame = (seq: number, content: string, status: number, usage?: object) => ({
      header: { code: 0, message: 'Success', sid, status },
      payload: {
        choices: { status, seq, text: [{ content, role: 'assistant', index: 0 }] },
        ...(usage ? { usage: { text: usage } } : {}),
      },
    });
    const { pieces } = behaviour;
    for (const [seq, piece] of pieces.entries()) {
      if (seq === behaviour.holdAt) await gate.reach();
      if (seq === behaviour.dropAfter) return ws.terminate();
      if (ws.readyState !== ws.OPEN || closing) return;
      // The last piece comes in the status-2 frame, with the usage.
      if (seq < pieces.length - 1 || behaviour.holdAt === pieces.length || behaviour.dropAfter === pieces.length) {
        await send(answerFrame(seq, piece, seq === 0 ? 0 : 1));
      } else {
        return send(answerFrame(seq, piece, 2, sparkUsage(behaviour)));
      }
    }
    if (pieces.length === behaviour.holdAt) await gate.reach();
    if (pieces.length === behaviour.dropAfter) return ws.terminate();
    if (ws.readyState !== ws.OPEN || closing) return;
    await send(answerFrame(pieces.length, '', 2, sparkUsage(behaviour)));
  }

  function checkFrame(frame: SparkRequestFrame): string | undefined {
    const chat = frame.parameter?.chat;
    const texts = frame.payload?.message?.text;
    if (frame.header?.app_id !== appId) return `header.app_id 应为 ${appId}`;
    if (!/^star_fire_\d+$/.test(frame.header?.uid ?? '')) return 'header.uid 应为 star_fire_<userId>';
    if (chat?.domain !== domain) return `parameter.chat.domain 应为 ${domain}`;
    if (chat.temperature !== 0.5) return 'parameter.chat.temperature 应为 0.5';
    if (chat.max_tokens !== 1024) return 'parameter.chat.max_tokens 应为 1024';
    const roles = ['system', 'user', 'assistant'];
    if (!Array.isArray(texts) || texts.length === 0) return 'payload.message.text 不能为空';
    if (!texts.every((t) => roles.includes(t.role) && typeof t.content === 'string')) {
      return 'payload.message.text 的 role 或 content 不正确';
    }
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}${PATH}`;
  return {
    url,
    appId,
    apiKey,
    apiSecret,
    domain,
    config: { provider: 'spark', url, appId, apiKey, apiSecret, domain },
    env: {
      PMBOK_AI_PROVIDER: 'spark',
      PMBOK_AI_SPARK_URL: url,
      PMBOK_AI_SPARK_APP_ID: appId,
      PMBOK_AI_SPARK_API_KEY: apiKey,
      PMBOK_AI_SPARK_API_SECRET: apiSecret,
      PMBOK_AI_SPARK_DOMAIN: domain,
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
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sparkUsage(behaviour: Extract<FakeBehaviour, { kind: 'answer' }>) {
  const usage = usageOf(behaviour);
  if (!usage) return undefined;
  const { promptTokens, completionTokens } = usage;
  return {
    question_tokens: promptTokens,
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}
