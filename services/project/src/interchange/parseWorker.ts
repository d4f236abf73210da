import { parentPort } from 'node:worker_threads';
import { DomainError } from '@pmbok/infra';
import { parseImport } from './import/index.js';
import type { ImportFormat } from './model.js';

/** A parse job as worker.ts posts it. */
export interface ParseJob {
  id: number;
  text: string;
  options: { fileName?: string; format?: ImportFormat | 'auto' };
}

/** The thread's side of worker.ts: parse each job, answer the plan or the refusal (kind and message). */
parentPort?.on('message', async (job: ParseJob) => {
  try {
    const plan = await parseImport(job.text, job.options);
    parentPort?.postMessage({ id: job.id, plan });
  } catch (error) {
    const refused = error instanceof DomainError;
    parentPort?.postMessage({
      id: job.id,
      error: {
        kind: refused ? error.kind : 'internal',
        message: error instanceof Error ? error.message : String(error),
        stack: refused ? undefined : (error as Error)?.stack,
      },
    });
  }
});
