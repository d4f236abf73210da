import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DomainError, type ErrorKind, invalid } from '@pmbok/infra';
import type { ExportedFile, ExportFormat, ExportSource, ImportPlan } from './model.js';
import type { WorkerJob } from './parseWorker.js';

export const workerMessages = {
  timeout: '导入文件过于复杂，解析超时',
  crashed: '导入文件过大或过于复杂，无法解析',
} as const;

type ParseOptions = Extract<WorkerJob, { kind: 'parse' }>['options'];
type JobInput = WorkerJob extends infer J ? (J extends WorkerJob ? Omit<J, 'id'> : never) : never;

export interface ParsePool {
  parse(text: string, options: ParseOptions): Promise<ImportPlan>;
  /** Writes an export off the service's thread (thousands of documents take seconds). */
  export(source: ExportSource, format: ExportFormat): Promise<ExportedFile>;
  close(): Promise<void>;
}

type Answer = { id: number; result?: unknown; error?: { kind: string; message: string; stack?: string } };
type Pending = { job: WorkerJob; resolve: (result: unknown) => void; reject: (error: unknown) => void };
type Slot = { worker: Worker; busy?: Pending & { timer: NodeJS.Timeout }; idleTimer?: NodeJS.Timeout };

let bundled: Promise<URL> | undefined;

/**
 * The thread's script. Built, it is parseWorker.js beside this file. Run from the TypeScript sources (the tests),
 * a thread cannot load .ts files, so the entry is bundled once with esbuild (a development dependency), with the
 * workspace packages taken from their sources as the tests' aliases do.
 */
function workerScript(): Promise<URL> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return Promise.resolve(new URL('./parseWorker.js', here));
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const root = fileURLToPath(new URL('../../../../', here));
    // Under the repository's node_modules, so the bundle's external imports resolve from there.
    const cache = join(root, 'node_modules/.cache/pmbok-parse-worker');
    mkdirSync(cache, { recursive: true });
    const outfile = join(mkdtempSync(join(cache, 'parse-worker-')), 'parseWorker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./parseWorker.ts', here))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      plugins: [
        {
          name: 'workspace-sources',
          setup(b) {
            b.onResolve({ filter: /^@pmbok\/infra$/ }, () => ({ path: join(root, 'infra/src/index.ts') }));
          },
        },
      ],
    });
    return new URL(`file://${outfile}`);
  })();
  return bundled;
}

/**
 * Parses import sources in worker threads, so a 20 MB description does not stop the service answering. At most
 * `size` threads; jobs beyond wait their turn. A job over `timeoutMs` (or a thread that dies, out of memory for
 * instance) ends its thread and is refused with a message; an idle thread ends after `idleMs`.
 */
export function createParsePool(options: { size?: number; timeoutMs?: number; idleMs?: number } = {}): ParsePool {
  const size = Math.max(1, options.size ?? 1);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const idleMs = options.idleMs ?? 60_000;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const refusalOf = (error: NonNullable<Answer['error']>) =>
    error.kind === 'internal'
      ? Object.assign(new Error(error.message), { stack: error.stack })
      : new DomainError(error.kind as ErrorKind, error.message);

  function finish(slot: Slot, settle: (pending: Pending) => void) {
    const busy = slot.busy;
    if (!busy) return;
    clearTimeout(busy.timer);
    slot.busy = undefined;
    settle(busy);
    pump();
  }

  function drop(slot: Slot) {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  }

  async function spawn(): Promise<Slot> {
    const worker = new Worker(await workerScript(), { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (answer: Answer) => {
      if (slot.busy?.job.id !== answer.id) return;
      finish(slot, (pending) =>
        answer.error ? pending.reject(refusalOf(answer.error)) : pending.resolve(answer.result),
      );
    });
    const died = () => {
      drop(slot);
      finish(slot, (pending) => pending.reject(invalid(workerMessages.crashed)));
    };
    worker.on('error', died);
    worker.on('exit', died);
    return slot;
  }

  let spawning = 0;
  function pump() {
    if (closed) return;
    while (queue.length > 0) {
      const idle = slots.find((slot) => !slot.busy);
      if (idle) {
        const pending = queue.shift()!;
        clearTimeout(idle.idleTimer);
        idle.idleTimer = undefined;
        const timer = setTimeout(() => {
          drop(idle);
          finish(idle, (p) => p.reject(invalid(workerMessages.timeout)));
        }, timeoutMs);
        idle.busy = { ...pending, timer };
        idle.worker.postMessage(pending.job);
        continue;
      }
      if (slots.length + spawning >= size) break;
      spawning++;
      spawn().then(
        (slot) => {
          spawning--;
          slots.push(slot);
          pump();
        },
        (error) => {
          spawning--;
          // Without a thread nothing queued can run: refuse them all with the cause.
          for (const pending of queue.splice(0)) pending.reject(error);
        },
      );
      break;
    }
    for (const slot of slots) {
      if (slot.busy || slot.idleTimer) continue;
      slot.idleTimer = setTimeout(() => drop(slot), idleMs);
      slot.idleTimer.unref();
    }
  }

  function run(input: JobInput): Promise<unknown> {
    if (closed) return Promise.reject(new Error('parse pool closed'));
    return new Promise((resolve, reject) => {
      queue.push({ job: { ...input, id: nextId++ } as WorkerJob, resolve, reject });
      pump();
    });
  }

  return {
    parse: (text, parseOptions) => run({ kind: 'parse', text, options: parseOptions }) as Promise<ImportPlan>,
    export: (source, format) => run({ kind: 'export', source, format }) as Promise<ExportedFile>,
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('parse pool closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
