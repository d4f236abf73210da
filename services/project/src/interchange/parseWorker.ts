import { parentPort } from 'node:worker_threads';
import { DomainError } from '@pmbok/infra';
import { exportProject } from './export/index.js';
import { parseImport } from './import/index.js';
import type { ExportFormat, ExportSource, ImportFormat } from './model.js';

/** A job as worker.ts posts it: parse an import source, or write an export. */
export type WorkerJob = { id: number } & (
  | { kind: 'parse'; text: string; options: { fileName?: string; format?: ImportFormat | 'auto' } }
  | { kind: 'export'; source: ExportSource; format: ExportFormat }
);

/** The thread's side of worker.ts: run each job, answer its result or the refusal (kind and message). */
parentPort?.on('message', async (job: WorkerJob) => {
  try {
    const result =
      job.kind === 'export' ? exportProject(job.source, job.format) : await parseImport(job.text, job.options);
    parentPort?.postMessage({ id: job.id, result });
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
