import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { AnswerMessage, CancelMessage, JobFailure, JobMessage } from './protocol.js';

/** A job ran past its deadline: its thread was ended (and replaced). */
export class WorkerDeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`job over its deadline of ${deadlineMs} ms`);
    this.name = 'WorkerDeadlineError';
  }
}

/** A thread died under a job (out of memory, a crash). */
export class WorkerCrashedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashedError';
  }
}

/** A job cancelled (its signal aborted) before a thread took it. */
export class JobCancelledError extends Error {
  constructor() {
    super('job cancelled before it started');
    this.name = 'JobCancelledError';
  }
}

/** More jobs wait than the pool queues. */
export class WorkerPoolBusyError extends Error {
  constructor() {
    super('worker pool queue full');
    this.name = 'WorkerPoolBusyError';
  }
}

/** A job's own failure inside its thread, with the error's name and data fields (`where` of a document error). */
export class WorkerJobError extends Error {
  readonly data: Record<string, unknown>;
  constructor(failure: JobFailure) {
    super(failure.message);
    this.name = failure.name;
    this.data = failure.data;
  }
}

export interface WorkerPoolOptions {
  /** The thread's script (it calls `serveJobs`), or how to get it (a TypeScript source bundled first). */
  script: URL | (() => Promise<URL>);
  /** Threads at most. */
  size: number;
  /** A job's run time (from when a thread takes it) before its thread is ended. */
  deadlineMs: number;
  /** Jobs waiting beyond these are refused with WorkerPoolBusyError. */
  maxQueue?: number;
  /** Shared contexts each thread keeps (the least recently used is dropped beyond). */
  maxContexts?: number;
  /** Time added to a job's deadline when its context is sent with it (a thread reads a large one first). */
  contextGraceMs?: number;
  resourceLimits?: ResourceLimits;
  /**
   * A thread without a job this long is ended, and threads start only when jobs wait (for work that comes rarely,
   * such as imports, whose threads hold hundreds of megabytes after a large one). Without it the pool stays full.
   */
  idleMs?: number;
}

export interface RunOptions {
  deadlineMs?: number;
  /** The shared value the job reads, sent to a thread the first time it runs a job naming `key`. */
  context?: { key: string; value: () => unknown };
  /** Each value the job reports (`control.progress` in the thread), in order, before its answer. */
  onProgress?: (value: unknown) => void;
  /**
   * Asks the job to stop: a job under way sees its handler's signal abort and still answers (what it did until
   * then); a job still waiting is taken out of the queue and refused with a JobCancelledError.
   */
  signal?: AbortSignal;
}

export interface WorkerPoolStats {
  /** Running or starting. */
  threads: number;
  busy: number;
  queued: number;
  /** Threads ended over a deadline or a crash since the pool started. */
  replaced: number;
}

export interface WorkerPool {
  run<R = unknown>(job: unknown, options?: RunOptions): Promise<R>;
  /** Starts the threads now, so that the first jobs do not wait for them to load. */
  warm(): void;
  stats(): WorkerPoolStats;
  close(): Promise<void>;
}

type Pending = {
  job: unknown;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Slot = {
  worker: Worker;
  /** Context keys the thread holds, least recently used first. */
  contexts: string[];
  busy?: Pending & { id: number; timer: NodeJS.Timeout; stopListening?: () => void };
  idle?: NodeJS.Timeout;
  dead?: boolean;
};

/**
 * Worker threads for CPU-bound jobs that must not hold the event loop, each job with a deadline: a thread over it
 * is terminated and a fresh one started (a synchronous regular expression or loop cannot be interrupted any other
 * way). Written here rather than taken from tinypool/piscina because jobs name a shared context that each thread
 * receives once and keeps (a project's index of megabytes would otherwise be copied into every job), which needs
 * to know which thread takes which job.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const size = Math.max(1, options.size);
  const maxQueue = options.maxQueue ?? 1_000;
  const maxContexts = Math.max(1, options.maxContexts ?? 8);
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let script: Promise<URL> | undefined;
  let starting = 0;
  let nextId = 1;
  let replaced = 0;
  let closed = false;
  let broken = false;

  const scriptUrl = () => {
    script ??= typeof options.script === 'function' ? options.script() : Promise.resolve(options.script);
    return script;
  };

  function settle(slot: Slot, outcome: (pending: Pending) => void) {
    const busy = slot.busy;
    if (!busy) return;
    clearTimeout(busy.timer);
    busy.stopListening?.();
    slot.busy = undefined;
    outcome(busy);
  }

  function end(slot: Slot) {
    slot.dead = true;
    clearTimeout(slot.idle);
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    void slot.worker.terminate();
  }

  function retire(slot: Slot, error: Error) {
    if (slot.dead) return;
    replaced += 1;
    end(slot);
    settle(slot, (pending) => pending.reject(error));
    pump();
  }

  async function start(): Promise<void> {
    starting += 1;
    try {
      const worker = new Worker(await scriptUrl(), { resourceLimits: options.resourceLimits });
      worker.unref();
      const slot: Slot = { worker, contexts: [] };
      let ready: () => void = () => {};
      const online = new Promise<void>((resolve) => {
        ready = resolve;
      });
      worker.on('message', (answer: AnswerMessage) => {
        if ('ready' in answer) return ready();
        if (slot.busy?.id !== answer.id) return;
        if ('progress' in answer) return slot.busy?.options.onProgress?.(answer.progress);
        settle(slot, (pending) =>
          'failure' in answer ? pending.reject(new WorkerJobError(answer.failure)) : pending.resolve(answer.result),
        );
        pump();
      });
      worker.on('error', (error) => retire(slot, new WorkerCrashedError(error.message)));
      worker.on('exit', (code) => {
        ready();
        retire(slot, new WorkerCrashedError(`worker exited with code ${code}`));
      });
      await online;
      if (slot.dead) {
        // A thread that died before it was ready would die again: refuse what waits, start again on the next job.
        broken = true;
        for (const pending of queue.splice(0)) pending.reject(new WorkerCrashedError('worker failed to start'));
        return;
      }
      if (closed) void worker.terminate();
      else slots.push(slot);
    } catch (error) {
      // Without a thread nothing queued can run: refuse what waits with the cause.
      for (const pending of queue.splice(0)) pending.reject(error);
    } finally {
      starting -= 1;
    }
    pump();
  }

  function dispatch(slot: Slot, pending: Pending) {
    const id = nextId++;
    const message: JobMessage = { id, job: pending.job };
    const context = pending.options.context;
    let grace = 0;
    if (context) {
      const held = slot.contexts.indexOf(context.key);
      if (held >= 0) {
        slot.contexts.splice(held, 1);
        message.context = { key: context.key };
      } else {
        message.context = { key: context.key, value: context.value() };
        grace = options.contextGraceMs ?? 0;
        if (slot.contexts.length >= maxContexts) message.drop = slot.contexts.splice(0, 1);
      }
      slot.contexts.push(context.key);
    }
    const deadlineMs = pending.options.deadlineMs ?? options.deadlineMs;
    const timer = setTimeout(() => retire(slot, new WorkerDeadlineError(deadlineMs)), deadlineMs + grace);
    clearTimeout(slot.idle);
    slot.idle = undefined;
    slot.busy = { ...pending, id, timer };
    const signal = pending.options.signal;
    if (signal) {
      const cancel = () => slot.worker.postMessage({ cancel: id } satisfies CancelMessage);
      signal.addEventListener('abort', cancel, { once: true });
      slot.busy.stopListening = () => signal.removeEventListener('abort', cancel);
    }
    slot.worker.postMessage(message);
    if (signal?.aborted) slot.worker.postMessage({ cancel: id } satisfies CancelMessage);
  }

  function pump() {
    if (closed) return;
    while (queue.length > 0) {
      const idle = slots.find((slot) => !slot.busy);
      if (!idle) break;
      dispatch(idle, queue.shift() as Pending);
    }
    const idleMs = options.idleMs;
    if (idleMs !== undefined) {
      for (const slot of slots) {
        if (slot.busy || slot.idle) continue;
        slot.idle = setTimeout(() => end(slot), idleMs);
        slot.idle.unref();
      }
    }
    if (broken) return;
    // Keep the pool at its size whatever ended a thread, so the next job does not wait for a thread to start; with
    // idleMs, only as many threads as jobs need (all slots are busy when jobs still wait here).
    const wanted = idleMs === undefined ? size : Math.min(size, slots.length + queue.length);
    for (let i = slots.length + starting; i < wanted; i++) void start();
  }

  return {
    run<R>(job: unknown, runOptions: RunOptions = {}): Promise<R> {
      if (closed) return Promise.reject(new Error('worker pool closed'));
      if (queue.length >= maxQueue) return Promise.reject(new WorkerPoolBusyError());
      broken = false;
      return new Promise<R>((resolve, reject) => {
        const pending: Pending = { job, options: runOptions, resolve: resolve as (value: unknown) => void, reject };
        const signal = runOptions.signal;
        if (signal) {
          // Still waiting when cancelled: nothing ran, nothing to answer.
          const leave = () => {
            const at = queue.indexOf(pending);
            if (at < 0) return;
            queue.splice(at, 1);
            reject(new JobCancelledError());
          };
          if (signal.aborted) return reject(new JobCancelledError());
          signal.addEventListener('abort', leave, { once: true });
        }
        queue.push(pending);
        pump();
      });
    },
    warm() {
      pump();
      if (closed || broken) return;
      for (let i = slots.length + starting; i < size; i++) void start();
    },
    stats: () => ({
      threads: slots.length + starting,
      busy: slots.filter((slot) => slot.busy).length,
      queued: queue.length,
      replaced,
    }),
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('worker pool closed'));
      const ending = slots.splice(0);
      for (const slot of ending) {
        slot.dead = true;
        clearTimeout(slot.idle);
        settle(slot, (pending) => pending.reject(new Error('worker pool closed')));
      }
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}
