import { type ModelChunk, ModelError, type ModelTimeouts } from './model.js';

/**
 * Where a network provider's connection puts what it receives. Calls after the first `end` or `fail` are
 * ignored: a socket that closes after an error frame, or a body that breaks after [DONE], changes nothing.
 */
export interface Sink {
  text(text: string): void;
  /** The provider's count; the latest is passed on once, at the end. */
  usage(promptTokens: number, completionTokens: number): void;
  end(): void;
  fail(error: ModelError): void;
}

/** Opens the connection, feeding the sink; returns what closes it (called once, however the answer ends). */
export type Open = (sink: Sink) => () => void;

type Item = { kind: 'text'; text: string } | { kind: 'end' } | { kind: 'fail'; error: ModelError };

/**
 * Turns a provider's callbacks into the answer's chunks, with the timeouts every network provider shares: no
 * first piece within `firstTokenMs` of the start, or no next piece within `idleMs` of the last, fails with
 * ModelError('timeout'). An aborted `signal` ends the answer quietly. Whatever ends it closes the connection.
 */
export async function* relay(signal: AbortSignal, timeouts: ModelTimeouts, open: Open): AsyncGenerator<ModelChunk> {
  if (signal.aborted) return;
  const queue: Item[] = [];
  let settled = false;
  let usage: { promptTokens: number; completionTokens: number } | undefined;
  let wake: (() => void) | undefined;
  const startedAt = Date.now();
  let lastTextAt: number | undefined;

  const push = (item: Item) => {
    if (settled) return;
    if (item.kind !== 'text') settled = true;
    else lastTextAt = Date.now();
    queue.push(item);
    wake?.();
  };
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  let close: (() => void) | undefined;
  try {
    try {
      close = open({
        text: (text) => {
          if (text) push({ kind: 'text', text });
        },
        usage: (promptTokens, completionTokens) => {
          if (!settled) usage = { promptTokens, completionTokens };
        },
        end: () => push({ kind: 'end' }),
        fail: (error) => push({ kind: 'fail', error }),
      });
    } catch {
      // A URL the client cannot use (its message would repeat the URL, which may be signed).
      throw new ModelError('unreachable', '无法连接模型服务：地址无效');
    }
    for (;;) {
      if (signal.aborted) return;
      const item = queue.shift();
      if (!item) {
        const deadline = lastTextAt === undefined ? startedAt + timeouts.firstTokenMs : lastTextAt + timeouts.idleMs;
        if (!(await arrival(deadline))) throw timeoutError(timeouts, lastTextAt !== undefined);
        continue;
      }
      if (item.kind === 'fail') throw item.error;
      if (item.kind === 'end') {
        if (usage) yield { type: 'usage', ...usage };
        return;
      }
      yield { type: 'text', text: item.text };
    }
  } finally {
    settled = true;
    signal.removeEventListener('abort', onAbort);
    close?.();
  }

  /** True when something arrived (or the signal fired) before the deadline. */
  function arrival(deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          wake = undefined;
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve(true);
      };
    });
  }
}

const seconds = (ms: number) => String(Number((ms / 1000).toFixed(1)));

function timeoutError(timeouts: ModelTimeouts, answering: boolean): ModelError {
  return answering
    ? new ModelError('timeout', `模型 ${seconds(timeouts.idleMs)} 秒内没有继续回答`)
    : new ModelError('timeout', `模型 ${seconds(timeouts.firstTokenMs)} 秒内没有回答`);
}

/** The connection ended before the answer did. */
export const droppedError = () => new ModelError('dropped', '模型服务在回答结束前断开了连接');

/** A reason for a connection that failed, without the URL (a signed URL carries credentials). */
export function reasonOf(error: unknown): string {
  let current: unknown = error;
  // fetch wraps the socket's error (ECONNREFUSED, ENOTFOUND…) in a TypeError's cause.
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const code = (current as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  return current instanceof Error ? current.message : String(current);
}
