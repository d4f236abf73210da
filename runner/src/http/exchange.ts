import type { Dispatcher } from 'undici';
import { HttpFailure, httpMessages, networkFailure } from './errors.js';

/** The whole exchange's deadline, shared by its hops: expiring aborts the hop in flight. */
export class Deadline {
  readonly error: HttpFailure;
  expired = false;
  private readonly timer: NodeJS.Timeout;
  private listener: ((error: HttpFailure) => void) | undefined;

  constructor(ms: number) {
    this.error = new HttpFailure('timeout', httpMessages.timeout(ms), 'timeout');
    this.timer = setTimeout(() => {
      this.expired = true;
      this.listener?.(this.error);
    }, ms);
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
  /** Flat name, value, name, value …: repeats kept. */
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
function headerText(value: Buffer | string): string {
  if (typeof value === 'string') return value;
  const latin1 = value.toString('latin1');
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  try {
    return strictUtf8.decode(value);
  } catch {
    return latin1;
  }
}

/** The response headers in order, repeats (`set-cookie`) as separate pairs, names as the server spelled them. */
function headerPairs(raw: unknown, parsed: Record<string, string | string[] | undefined>): [string, string][] {
  const pairs: [string, string][] = [];
  if (Array.isArray(raw)) {
    for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([headerText(raw[i]), headerText(raw[i + 1])]);
    return pairs;
  }
  for (const [name, value] of Object.entries(parsed)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) pairs.push([name, each]);
  }
  return pairs;
}

/**
 * One request and its response through a dispatcher (no redirects followed), the body read up to `maxBytes`:
 * a larger declared length or a longer body aborts the exchange (the connection is dropped, not drained).
 */
export function exchange(
  dispatcher: Dispatcher,
  hop: HopRequest,
  maxBytes: number,
  deadline: Deadline,
): Promise<HopResponse> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    let status = 0;
    let statusText = '';
    let headers: [string, string][] = [];
    let firstByteAt = 0;
    let size = 0;
    const chunks: Buffer[] = [];
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      deadline.listen(undefined);
      reject(error);
    };
    const abort = (error: HttpFailure) => {
      if (controller && !controller.aborted) controller.abort(error);
      fail(error);
    };
    const tooLarge = () => abort(new HttpFailure('tooLarge', httpMessages.tooLarge(maxBytes), 'tooLarge'));
    if (deadline.expired) return fail(deadline.error);
    deadline.listen(abort);
    dispatcher.dispatch(
      {
        origin: hop.url.origin,
        path: `${hop.url.pathname}${hop.url.search}`,
        method: hop.method,
        headers: hop.headers,
        body: hop.body,
      },
      {
        onRequestStart(started) {
          controller = started;
          // The deadline passed while the request waited for its connection.
          if (settled) started.abort(deadline.error);
        },
        onResponseStart(started, statusCode, parsed, statusMessage) {
          if (statusCode < 200) return;
          status = statusCode;
          statusText = statusMessage ?? '';
          firstByteAt = performance.now();
          headers = headerPairs(started.rawHeaders, parsed);
          const declared = Number(parsed['content-length']);
          if (declared > maxBytes) tooLarge();
        },
        onResponseData(_, chunk) {
          if (settled) return;
          size += chunk.length;
          if (size > maxBytes) return tooLarge();
          chunks.push(chunk);
        },
        onResponseEnd() {
          if (settled) return;
          settled = true;
          deadline.listen(undefined);
          resolve({
            status,
            statusText,
            headers,
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
            firstByteAt,
          });
        },
        onResponseError(_, error) {
          fail(networkFailure(error, hop.url.host));
        },
      },
    );
  });
}
