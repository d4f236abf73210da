import type { AskFrame } from '@pmbok/api-types';
import { ApiCode, ApiError, apiPost, signOutToLogin } from '../api/request';

/**
 * `ai/chat/ask` (docs/api/ai.md): the answer is `application/x-ndjson`, one `{code, msg, data}` envelope per line,
 * each `data` a frame. A question refused before the stream starts (empty, too long, rate or budget) is one JSON
 * envelope with code 400, as every other call answers.
 */

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

/** A line that is not an envelope: the stream is broken (a proxy's page, a cut line). */
export class StreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamError';
  }
}

function parseLine(line: string): Envelope {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new StreamError(`not JSON: ${line.slice(0, 80)}`);
  }
  if (typeof value !== 'object' || value === null || typeof (value as Envelope).code !== 'number') {
    throw new StreamError(`not an envelope: ${line.slice(0, 80)}`);
  }
  return value as Envelope;
}

/**
 * The envelopes of a byte stream, one per line. A chunk may end in the middle of a line or of a UTF-8 character:
 * the decoder keeps the bytes and the tail waits for the next chunk. Blank lines are skipped.
 */
export async function* readEnvelopes(body: ReadableStream<Uint8Array>): AsyncGenerator<Envelope> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let tail = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      tail += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = tail.split('\n');
      tail = done ? '' : (lines.pop() ?? '');
      for (const line of lines) if (line.trim()) yield parseLine(line);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The frames of a stream of envelopes; an envelope that is not a success ends it with an ApiError. */
export async function* framesOf(envelopes: AsyncIterable<Envelope>): AsyncGenerator<AskFrame> {
  for await (const envelope of envelopes) {
    if (envelope.code !== ApiCode.ok) throw refusal(envelope);
    yield envelope.data as AskFrame;
  }
}

function refusal(envelope: Envelope): ApiError {
  if (envelope.code === ApiCode.notSignedIn) signOutToLogin();
  return new ApiError(envelope.msg || 'app.request.error', envelope.code, envelope.data);
}

/**
 * Asks and yields the answer's frames as they arrive. Rejects with an ApiError when the question is refused (the
 * envelope's msg, e.g. 提问太频繁，请稍后再试) or the answer is not a stream; aborting `signal` stops the answer
 * (the server saves what had arrived as stopped) and rejects with the AbortError.
 */
export async function* askFrames(
  question: { aiChatGroupId: number; content: string },
  signal: AbortSignal,
): AsyncGenerator<AskFrame> {
  const [url, init] = apiPost('ai/chat/ask', question, { accept: 'application/x-ndjson, application/json' });
  const response = await fetch(url, { ...init, signal });
  if (response.status !== 200 || !response.body) {
    throw new ApiError('app.request.network_error', response.status);
  }
  if (!(response.headers.get('content-type') ?? '').includes('ndjson')) {
    // one envelope: a refusal (or, oddly, a success without frames)
    const envelope = parseLine(await response.text());
    if (envelope.code !== ApiCode.ok) throw refusal(envelope);
    return;
  }
  yield* framesOf(readEnvelopes(response.body));
}
