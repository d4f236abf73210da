import {
  createWorkerPool,
  DomainError,
  type ErrorKind,
  invalid,
  WorkerCrashedError,
  WorkerDeadlineError,
  WorkerJobError,
  WorkerPoolBusyError,
  workerScript,
} from '@pmbok/infra';
import type { ExportedFile, ExportFormat, ExportSource, ImportPlan } from './model.js';
import type { InterchangeJob } from './parseWorker.js';

export const workerMessages = {
  timeout: '导入文件过于复杂，解析超时',
  crashed: '导入文件过大或过于复杂，无法解析',
  busy: '导入导出任务过多，请稍后再试',
} as const;

type ParseOptions = Extract<InterchangeJob, { kind: 'parse' }>['options'];

export interface ParsePool {
  parse(text: string, options: ParseOptions): Promise<ImportPlan>;
  /** Writes an export off the service's thread (thousands of documents take seconds). */
  export(source: ExportSource, format: ExportFormat): Promise<ExportedFile>;
  close(): Promise<void>;
}

/** What a caller sees of a job that did not answer: the thread's refusal as it was, or a message for the user. */
function refusalOf(error: unknown): unknown {
  if (error instanceof WorkerJobError) {
    if (error.name === 'DomainError') return new DomainError(error.data.kind as ErrorKind, error.message);
    const trace = error.data.trace;
    return Object.assign(new Error(error.message), { stack: typeof trace === 'string' ? trace : error.stack });
  }
  if (error instanceof WorkerDeadlineError) return invalid(workerMessages.timeout);
  if (error instanceof WorkerCrashedError) return invalid(workerMessages.crashed);
  if (error instanceof WorkerPoolBusyError) return invalid(workerMessages.busy);
  // The pool closed, or the thread's script could not be had.
  return error;
}

/**
 * Parses import sources and writes exports in worker threads (infra's pool), so a 20 MB description does not stop
 * the service answering. At most `size` threads, started as jobs come; jobs beyond wait their turn. A job over
 * `timeoutMs` (or a thread that dies, out of memory for instance) ends its thread and is refused with a message;
 * a thread idle for `idleMs` ends, since imports are rare and a thread holds its heap after a large one.
 */
export function createParsePool(options: { size?: number; timeoutMs?: number; idleMs?: number } = {}): ParsePool {
  const pool = createWorkerPool({
    script: () => workerScript(import.meta.url, 'parseWorker'),
    size: Math.max(1, options.size ?? 1),
    deadlineMs: options.timeoutMs ?? 120_000,
    idleMs: options.idleMs ?? 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  const run = <R>(job: InterchangeJob) =>
    pool.run<R>(job).catch((error: unknown) => {
      throw refusalOf(error);
    });
  return {
    parse: (text, parseOptions) => run<ImportPlan>({ kind: 'parse', text, options: parseOptions }),
    export: (source, format) => run<ExportedFile>({ kind: 'export', source, format }),
    close: () => pool.close(),
  };
}
