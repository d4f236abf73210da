import { parentPort } from 'node:worker_threads';
import type { AnswerMessage, CancelMessage, JobFailure, JobMessage } from './protocol.js';

/** What a job's handler gets besides the job: a signal the pool aborts to stop it, and a way to report progress. */
export interface JobControl {
  signal: AbortSignal;
  /** Sent to the pool's `onProgress` for this job, in order, before the job's answer. */
  progress(value: unknown): void;
}

/**
 * A thread's side of a worker pool: runs each job the pool posts with the shared context it names (a value the pool
 * sends once per thread, such as a project's compiled index) and answers its result or its failure. The context is
 * the same object for every job naming its key, so a handler can memoize work on it (a WeakMap keyed by it).
 */
export function serveJobs<J, C, R>(
  handle: (job: J, context: C | undefined, control: JobControl) => R | Promise<R>,
  options: {
    /** Turns a context as sent (JSON text, say, which crosses threads faster than objects) into what jobs read. */
    prepare?: (value: unknown) => C;
  } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  const contexts = new Map<string, C>();
  const running = new Map<number, AbortController>();
  port.on('message', async (message: JobMessage | CancelMessage) => {
    if ('cancel' in message) {
      running.get(message.cancel)?.abort();
      return;
    }
    for (const key of message.drop ?? []) contexts.delete(key);
    const controller = new AbortController();
    running.set(message.id, controller);
    const control: JobControl = {
      signal: controller.signal,
      progress: (value) => port.postMessage({ id: message.id, progress: value } satisfies AnswerMessage),
    };
    let context: C | undefined;
    let answer: AnswerMessage;
    try {
      if (message.context) {
        const { key } = message.context;
        if ('value' in message.context) {
          const value = message.context.value;
          contexts.set(key, options.prepare ? options.prepare(value) : (value as C));
        }
        context = contexts.get(key);
      }
      answer = { id: message.id, result: await handle(message.job as J, context, control) };
    } catch (error) {
      answer = { id: message.id, failure: failureOf(error) };
    }
    running.delete(message.id);
    port.postMessage(answer);
  });
  // The pool hands jobs to a thread once it says so: its imports loaded, a job's deadline counts only the job.
  port.postMessage({ ready: true });
}

function failureOf(error: unknown): JobFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), data: {} };
  const data: Record<string, unknown> = {};
  // Own fields (a MockDocumentError's `where`) travel when they are plain data.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data[key] = value;
  }
  return { name: error.name, message: error.message, data };
}
