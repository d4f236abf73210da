import { Worker } from 'node:worker_threads';
import { workerScript } from '../workers/script.js';
import { type AppendResult, ConcurrencyError, type ExpectedVersion } from './types.js';

/**
 * The WAL's size, in pages, at which the writer's commit copies it into the database (SQLite's default is 1,000):
 * at task moves' rate the default checkpointed twenty times a second, each one holding up the commit that ran it and
 * every append waiting behind it (issue 24; 10,000 measured a tenth more moves per second, p99 a quarter lower). The
 * WAL then grows to about 40 MB (4 KB pages) before it starts over. The main thread's connections (reads, consumer
 * checkpoints) checkpoint only past twice that, so that a file this process never appends to is still checkpointed
 * but the main thread does not do the writer's work.
 */
export const WRITER_CHECKPOINT_PAGES = 10_000;
export const READER_CHECKPOINT_PAGES = 2 * WRITER_CHECKPOINT_PAGES;

/** An append as the writer thread takes it: its rows' JSON already written. */
export interface PreparedAppend {
  streamId: string;
  expected: ExpectedVersion;
  commandId?: string;
  rows: { type: string; data: string; metadata: string }[];
}

export type WriteFailure =
  | { concurrency: { streamId: string; expected: ExpectedVersion; current: number } }
  | { name: string; message: string; code?: string };

export type WriteOutcome = { result: AppendResult } | { error: WriteFailure };

export type WriterRequest =
  | { op: 'append'; id: number; file: string; synchronous: 'NORMAL' | 'FULL'; batch: PreparedAppend[] }
  | { op: 'close' | 'settings'; id: number; file: string };

/** What the writer's connection to a file is set to (for the tests of durability). */
export interface WriterSettings {
  synchronous: number;
  walAutocheckpoint: number;
}

export interface WriterAnswer {
  id: number;
  outcomes?: WriteOutcome[];
  failure?: WriteFailure;
  settings?: WriterSettings;
}

/** Requests in their order, each run of appends to one file as one group (one transaction), anything else alone. */
export function groupsOf(requests: WriterRequest[]): WriterRequest[][] {
  const groups: WriterRequest[][] = [];
  for (const request of requests) {
    const last = groups.at(-1);
    const joins = request.op === 'append' && last?.[0]?.op === 'append' && last[0].file === request.file;
    if (joins) last.push(request);
    else groups.push([request]);
  }
  return groups;
}

/** The error an append gets for a failure in the writer thread: a ConcurrencyError for a lost race, as before. */
export function errorOf(failure: WriteFailure): Error {
  if ('concurrency' in failure) {
    const { streamId, expected, current } = failure.concurrency;
    return new ConcurrencyError(streamId, expected, current);
  }
  return Object.assign(new Error(failure.message), { name: failure.name, code: failure.code });
}

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (answer: WriterAnswer) => void; reject: (error: Error) => void }>;
  /** The requests of this turn, sent together when its microtasks run. */
  outbox: WriterRequest[];
}

let thread: Promise<Thread> | undefined;
let nextId = 0;

/**
 * One thread per process commits every SQLite event store's appends (docs/adr/0024-appends-committed-off-the-main-thread.md):
 * a commit writes its pages to the WAL with a dozen system calls, a sixth of a task move's CPU on the thread that also
 * serves HTTP (issue 24). The thread keeps the process alive only while a request waits for it.
 */
function started(): Promise<Thread> {
  if (thread) return thread;
  const starting = workerScript(import.meta.url, 'sqliteWriterThread').then((script) => {
    const worker = new Worker(script);
    worker.unref();
    const own: Thread = { worker, waiting: new Map(), outbox: [] };
    worker.on('message', (answers: WriterAnswer[]) => {
      for (const answer of answers) {
        const waiter = own.waiting.get(answer.id);
        own.waiting.delete(answer.id);
        waiter?.resolve(answer);
      }
      if (own.waiting.size === 0) worker.unref();
    });
    const stopped = (error: Error) => {
      // The next request starts another thread; what waited on this one fails (its transaction was not committed).
      if (thread === starting) thread = undefined;
      for (const waiter of own.waiting.values()) waiter.reject(error);
      own.waiting.clear();
    };
    worker.on('error', (error) => stopped(new Error(`the SQLite writer thread failed: ${error.message}`)));
    worker.on('exit', (code) => stopped(new Error(`the SQLite writer thread exited with code ${code}`)));
    return own;
  });
  thread = starting;
  return starting;
}

type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

async function ask(request: Unsent<WriterRequest>): Promise<WriterAnswer> {
  const own = await started();
  const { worker, waiting, outbox } = own;
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    if (waiting.size === 0) worker.ref();
    waiting.set(id, { resolve, reject });
    // One message for every store's requests of the turn: each message costs both threads a wake-up (issue 24).
    if (outbox.push({ ...request, id } as WriterRequest) === 1) {
      queueMicrotask(() => worker.postMessage(own.outbox.splice(0)));
    }
  });
}

/** Commits a group of appends to `file` in one transaction; each append's outcome, in order. */
export async function commitGroup(
  file: string,
  synchronous: 'NORMAL' | 'FULL',
  batch: PreparedAppend[],
): Promise<WriteOutcome[]> {
  const answer = await ask({ op: 'append', file, synchronous, batch });
  if (answer.failure) throw errorOf(answer.failure);
  return answer.outcomes ?? [];
}

/** The writer connection's settings for `file` (none before its first append). */
export async function writerSettings(file: string): Promise<WriterSettings | undefined> {
  return (await ask({ op: 'settings', file })).settings;
}

/** Closes the writer's connection to `file` (nothing to do when no append was ever made in this process). */
export async function closeWriter(file: string): Promise<void> {
  if (!thread) return;
  await ask({ op: 'close', file });
}
