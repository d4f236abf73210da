import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWorkerPool,
  JobCancelledError,
  WorkerCrashedError,
  WorkerDeadlineError,
  WorkerJobError,
  type WorkerPool,
  WorkerPoolBusyError,
  workerScript,
} from '../src/index.js';

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const open = (size = 2, extra: { maxQueue?: number; maxContexts?: number; idleMs?: number } = {}) => {
  pool = createWorkerPool({
    script: () => workerScript(import.meta.url, 'workerFixture'),
    size,
    deadlineMs: 2_000,
    ...extra,
  });
  return pool;
};

describe('worker pool', () => {
  it('answers jobs from threads and carries a failure with its data fields', async () => {
    const p = open();
    p.warm();
    expect(p.stats().threads).toBe(2);
    await expect(p.run({ kind: 'echo', value: { a: [1, 2] } })).resolves.toEqual({ a: [1, 2] });
    const failure = await p.run({ kind: 'fail' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkerJobError);
    expect(failure).toMatchObject({ name: 'PlaceError', message: 'refused', data: { where: 'properties.list' } });
  });

  it('ends a thread over its deadline and replaces it, while the other thread answers meanwhile', async () => {
    const p = open(2);
    await p.run({ kind: 'echo', value: 0 });
    const order: string[] = [];
    const stuck = p.run({ kind: 'spin' }, { deadlineMs: 300 }).catch((error: unknown) => {
      order.push('stuck');
      return error;
    });
    const normal = p.run({ kind: 'echo', value: 'ok' }).then((value) => {
      order.push('normal');
      return value;
    });
    const [stuckError, normalValue] = await Promise.all([stuck, normal]);
    expect(normalValue).toBe('ok');
    expect(stuckError).toBeInstanceOf(WorkerDeadlineError);
    expect(order).toEqual(['normal', 'stuck']);
    expect(p.stats().replaced).toBe(1);
    // The replacement serves the next jobs: two at once keep both threads busy.
    await expect(Promise.all([p.run({ kind: 'echo', value: 1 }), p.run({ kind: 'echo', value: 2 })])).resolves.toEqual([
      1, 2,
    ]);
    expect(p.stats().threads).toBe(2);
  });

  it('sends a context once per thread and drops the least recently used beyond the bound', async () => {
    const p = open(1, { maxContexts: 1 });
    let sent = 0;
    const context = (name: string) => ({
      key: name,
      value: () => {
        sent += 1;
        return { name };
      },
    });
    await expect(p.run({ kind: 'context' }, { context: context('a') })).resolves.toEqual({ name: 'a', runs: 1 });
    await expect(p.run({ kind: 'context' }, { context: context('a') })).resolves.toEqual({ name: 'a', runs: 2 });
    expect(sent).toBe(1);
    await expect(p.run({ kind: 'context' }, { context: context('b') })).resolves.toEqual({ name: 'b', runs: 1 });
    // `a` was dropped to keep one: it is sent again, as a new object.
    await expect(p.run({ kind: 'context' }, { context: context('a') })).resolves.toEqual({ name: 'a', runs: 1 });
    expect(sent).toBe(3);
  });

  it('refuses the waiting jobs when its thread cannot start, instead of starting threads forever', async () => {
    pool = createWorkerPool({ script: new URL('./no-such-worker.mjs', import.meta.url), size: 1, deadlineMs: 2_000 });
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(pool.stats().threads).toBe(0);
  });

  it('prepares a context once per thread, for every job naming it', async () => {
    pool = createWorkerPool({
      script: () => workerScript(import.meta.url, 'workerFixture'),
      size: 1,
      deadlineMs: 2_000,
      contextGraceMs: 50,
    });
    const context = { key: 'k', value: () => JSON.stringify({ name: 'parsed' }) };
    await expect(pool.run({ kind: 'context' }, { context })).resolves.toEqual({ name: 'parsed', runs: 1 });
    await expect(pool.run({ kind: 'context' }, { context })).resolves.toEqual({ name: 'parsed', runs: 2 });
  });

  it('with idleMs starts threads as jobs need them and ends a thread left without a job', async () => {
    const p = open(2, { idleMs: 100 });
    expect(p.stats().threads).toBe(0);
    await p.run({ kind: 'echo', value: 1 });
    // One job at a time needs one thread of the two.
    expect(p.stats().threads).toBe(1);
    await expect(Promise.all([p.run({ kind: 'echo', value: 2 }), p.run({ kind: 'echo', value: 3 })])).resolves.toEqual([
      2, 3,
    ]);
    expect(p.stats().threads).toBe(2);
    await vi.waitFor(() => expect(p.stats().threads).toBe(0), { timeout: 5_000, interval: 20 });
    expect(p.stats().replaced).toBe(0);
    await expect(p.run({ kind: 'echo', value: 4 })).resolves.toBe(4);
  });

  it('refuses jobs beyond its queue', async () => {
    const p = open(1, { maxQueue: 1 });
    await p.run({ kind: 'echo', value: 0 });
    const first = p.run({ kind: 'echo', value: 1 });
    const second = p.run({ kind: 'echo', value: 2 });
    await expect(p.run({ kind: 'echo', value: 3 })).rejects.toBeInstanceOf(WorkerPoolBusyError);
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
  });

  it('delivers what a job reports, in order, before its answer', async () => {
    const p = open(1);
    const seen: unknown[] = [];
    const answer = await p.run({ kind: 'count', to: 200 }, { onProgress: (value) => seen.push(value) });
    expect(answer).toBe('counted');
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // Another job's progress goes to its own listener only.
    const other: unknown[] = [];
    await p.run({ kind: 'count', to: 2 }, { onProgress: (value) => other.push(value) });
    expect(other).toEqual([1, 2]);
    expect(seen).toHaveLength(200);
  });

  it('asks a job under way to stop through its signal, and the job still answers; a waiting one leaves the queue', async () => {
    const p = open(1);
    const running = new AbortController();
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = p.run({ kind: 'untilCancelled' }, { signal: running.signal, onProgress: () => started() });
    const waiting = new AbortController();
    const second = p.run({ kind: 'echo', value: 'never' }, { signal: waiting.signal });
    waiting.abort();
    await expect(second).rejects.toBeInstanceOf(JobCancelledError);
    await isRunning;
    running.abort();
    await expect(first).resolves.toBe('stopped');
    // Cancelled before it was asked: refused at once.
    await expect(p.run({ kind: 'echo', value: 1 }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      JobCancelledError,
    );
    await expect(p.run({ kind: 'echo', value: 2 })).resolves.toBe(2);
    expect(p.stats().replaced).toBe(0);
  });
});
