import type { CallOptions, ClientMiddlewareCall } from 'nice-grpc';
import { describe, expect, it } from 'vitest';
import { withDeadline } from '../src/grpc/client.js';

/** A unary call whose server side is `answer`, run through the middleware; the signal it was given is kept. */
async function run(deadlineMs: number, options: CallOptions, answer: (signal: AbortSignal) => Promise<string>) {
  let given: AbortSignal | undefined;
  const call = {
    method: { path: '/test.v1.Test/Call' },
    request: {},
    // biome-ignore lint/correctness/useYield: a unary call's next yields nothing, it returns the response.
    next: async function* (_request: unknown, callOptions: CallOptions) {
      given = callOptions.signal;
      return await answer(callOptions.signal as AbortSignal);
    },
  } as unknown as ClientMiddlewareCall<unknown, string>;
  const step = withDeadline(deadlineMs)(call, options);
  const settled = step.next().then(
    (result) => ({ value: result.value as string }),
    (error: unknown) => ({ error }),
  );
  return { settled: await settled, signal: given as AbortSignal };
}

const abortedBy = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

describe('the gRPC client deadline', () => {
  it('shares one signal among the calls whose deadlines fall in the same tenth of a second', async () => {
    const middleware = withDeadline(4_500);
    const signals: AbortSignal[] = [];
    for (let i = 0; i < 50; i++) {
      const call = {
        method: { path: '/test.v1.Test/Call' },
        request: {},
        // biome-ignore lint/correctness/useYield: a unary call's next yields nothing, it returns the response.
        next: async function* (_request: unknown, callOptions: CallOptions) {
          signals.push(callOptions.signal as AbortSignal);
          return 'answer';
        },
      } as unknown as ClientMiddlewareCall<unknown, string>;
      await middleware(call, {}).next();
    }
    // Fifty calls in a row take well under a tenth of a second here: one signal, or two across a grain's edge.
    expect(new Set(signals).size).toBeLessThanOrEqual(2);
    expect(signals.every((signal) => !signal.aborted)).toBe(true);
  });

  it('lets every call in flight listen to the shared signal without a leak warning', async () => {
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    try {
      const middleware = withDeadline(4_500);
      let signal: AbortSignal | undefined;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const calls = Array.from({ length: 20 }, () => {
        const call = {
          method: { path: '/test.v1.Test/Call' },
          request: {},
          next: async function* (_request: unknown, callOptions: CallOptions) {
            signal = callOptions.signal;
            const listen = () => {};
            signal?.addEventListener('abort', listen);
            await held;
            signal?.removeEventListener('abort', listen);
            return 'answer';
          },
        } as unknown as ClientMiddlewareCall<unknown, string>;
        return middleware(call, {}).next();
      });
      await new Promise((resolve) => setImmediate(resolve));
      release();
      await Promise.all(calls);
      await new Promise((resolve) => setImmediate(resolve));
      expect(signal).toBeDefined();
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', warned);
    }
  });

  it('aborts a call still running at its deadline, with a TimeoutError', async () => {
    const { settled, signal } = await run(1, {}, abortedBy);
    expect(signal.aborted).toBe(true);
    expect(settled).toMatchObject({ error: { name: 'TimeoutError' } });
  });

  it("leaves a caller's own signal alone", async () => {
    const own = new AbortController();
    const { settled, signal } = await run(1, { signal: own.signal }, async () => 'answer');
    expect(settled).toEqual({ value: 'answer' });
    expect(signal).toBe(own.signal);
  });
});
