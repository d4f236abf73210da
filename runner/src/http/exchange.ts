import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Agents } from './connector.js';
import { HttpFailure, httpMessages, networkFailure } from './errors.js';
import { bareHost } from './target.js';

/** The whole exchange's deadline, shared by its hops: expiring aborts the hop in flight. */
export class Deadline {
  expired = false;
  private failure: HttpFailure | undefined;
  private readonly timer: NodeJS.Timeout;
  private listener: ((error: HttpFailure) => void) | undefined;

  constructor(private readonly ms: number) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.listener?.(this.error);
    }, ms);
  }

  /** Made when first needed: an error's stack costs more than most exchanges' own work. */
  get error(): HttpFailure {
    this.failure ??= new HttpFailure('timeout', httpMessages.timeout(this.ms), 'timeout');
    return this.failure;
  }

  /** One hop at a time listens. */
  listen(listener: ((error: HttpFailure) => void) | undefined) {
    this.listener = listener;
  }

  clear() {
    clearTimeout(this.timer);
  }
}

export interface HopRequest {
  url: URL;
  method: string;
  /** Flat name, value, name, value …: repeats kept, sent in this order. */
  headers: string[];
  body?: Uint8Array | string;
}

export interface HopResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** As received, before Content-Encoding is undone. */
  body: Buffer;
  firstByteAt: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A header value as a server sent it: UTF-8 when it is (Chinese file names), else Latin-1 as HTTP defines. */
function headerText(latin1: string): string {
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  try {
    return strictUtf8.decode(Buffer.from(latin1, 'latin1'));
  } catch {
    return latin1;
  }
}

/** The response headers in order, repeats (`set-cookie`) as separate pairs, names as the server spelled them. */
function headerPairs(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, headerText(raw[i + 1]!)]);
  return pairs;
}

/** Methods whose request may be sent again when a pooled connection turns out closed (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);
/** Methods that define a body: sent with `content-length: 0` when they have none. */
const EXPECTS_BODY = new Set(['POST', 'PUT', 'PATCH']);
/** Node's own refusals of what a caller gave (a method or header that is not a token, a character not allowed). */
const INVALID_CODES = new Set([
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_INVALID_CHAR',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_INVALID_ARG_VALUE',
  'ERR_INVALID_ARG_TYPE',
  'ERR_UNESCAPED_CHARACTERS',
]);
/** How a pooled connection the server had closed fails when reused. */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** The headers as written: the caller's, then Host and the body's length when the caller did not set them. */
function wireHeaders(hop: HopRequest, body: Buffer | undefined): string[] {
  const headers = [...hop.headers];
  let host = false;
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === 'host') host = true;
  if (!host) headers.push('host', hop.url.host);
  if (body) headers.push('content-length', String(body.byteLength));
  else if (EXPECTS_BODY.has(hop.method)) headers.push('content-length', '0');
  return headers;
}

function bodyBytes(body: Uint8Array | string | undefined): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * One request and its response over the client's keep-alive agents (no redirects followed), the body read up to
 * `maxBytes`: a larger declared length or a longer body aborts the exchange (the connection is dropped, not
 * drained). An idempotent request whose pooled connection the server had already closed is sent again once on a
 * new one.
 */
export async function exchange(
  agents: Agents,
  hop: HopRequest,
  maxBytes: number,
  deadline: Deadline,
): Promise<HopResponse> {
  if (hop.method === 'CONNECT') {
    throw new HttpFailure('invalid', httpMessages.badRequest('不支持 CONNECT 方法'), 'request', hop.url.host);
  }
  const body = bodyBytes(hop.body);
  const headers = wireHeaders(hop, body);
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(agents, hop, headers, body, maxBytes, deadline);
    } catch (error) {
      if (!(error instanceof StaleConnection)) throw error;
      if (attempt > 0 || !IDEMPOTENT.has(hop.method)) throw error.failure;
    }
  }
}

/** A reused connection failed before any answer: the server had closed it while it sat in the pool. */
class StaleConnection extends Error {
  constructor(readonly failure: HttpFailure) {
    super(failure.message);
  }
}

function attemptOnce(
  agents: Agents,
  hop: HopRequest,
  headers: string[],
  body: Buffer | undefined,
  maxBytes: number,
  deadline: Deadline,
): Promise<HopResponse> {
  return new Promise((resolve, reject) => {
    const { url } = hop;
    const host = url.host;
    let settled = false;
    let answered = false;
    let size = 0;
    const chunks: Buffer[] = [];
    let request: ClientRequest | undefined;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      deadline.listen(undefined);
      reject(error);
    };
    const abort = (error: HttpFailure) => {
      fail(error);
      request?.destroy();
    };
    const tooLarge = () => abort(new HttpFailure('tooLarge', httpMessages.tooLarge(maxBytes), 'tooLarge'));
    if (deadline.expired) return fail(deadline.error);
    const https = url.protocol === 'https:';
    try {
      request = (https ? httpsRequest : httpRequest)({
        agent: https ? agents.https : agents.http,
        hostname: bareHost(url),
        port: url.port || (https ? 443 : 80),
        method: hop.method,
        path: `${url.pathname}${url.search}`,
        headers,
        // The Host header is in `headers` (or the caller's own); Node adds nothing of its own but `connection`.
        setHost: false,
      });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (INVALID_CODES.has(code)) {
        return fail(new HttpFailure('invalid', httpMessages.badRequest((error as Error).message), 'request', host));
      }
      return fail(networkFailure(error, host));
    }
    deadline.listen(abort);
    request.on('error', (error) => {
      if (settled) return;
      const failure = networkFailure(error, host);
      const code = (error as { code?: string }).code ?? '';
      if (!answered && request!.reusedSocket && STALE_CODES.has(code)) {
        settled = true;
        deadline.listen(undefined);
        return reject(new StaleConnection(failure));
      }
      fail(failure);
    });
    request.on('response', (response: IncomingMessage) => {
      answered = true;
      if (settled) return void response.destroy();
      const firstByteAt = performance.now();
      const declared = Number(response.headers['content-length']);
      if (declared > maxBytes) return tooLarge();
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        settled = true;
        deadline.listen(undefined);
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: headerPairs(response.rawHeaders),
          body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
          firstByteAt,
        });
      });
      // The connection ended before the body did.
      response.on('error', (error) => fail(networkFailure(error, host)));
      response.on('close', () => {
        if (!response.complete) fail(networkFailure(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), host));
      });
    });
    request.end(body);
  });
}
