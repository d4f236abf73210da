import { DomainError } from '@pmbok/infra';
import { serveJobs } from '@pmbok/infra/workers';
import { exportProject } from './export/index.js';
import { parseImport } from './import/index.js';
import type { ExportFormat, ExportSource, ImportFormat } from './model.js';

/** A job as worker.ts posts it: parse an import source, or write an export. */
export type InterchangeJob =
  | { kind: 'parse'; text: string; options: { fileName?: string; format?: ImportFormat | 'auto' } }
  | { kind: 'export'; source: ExportSource; format: ExportFormat };

/** The thread of worker.ts's pool. A refusal crosses as its name, message and `kind` (the pool's own fields). */
serveJobs<InterchangeJob, undefined, unknown>(async (job) => {
  try {
    return job.kind === 'export' ? exportProject(job.source, job.format) : await parseImport(job.text, job.options);
  } catch (error) {
    if (error instanceof DomainError || !(error instanceof Error)) throw error;
    // A fault, not a refusal: its stack (not an own enumerable field, which is all the pool carries) goes along
    // for the service's log.
    throw Object.assign(new Error(error.message), { trace: error.stack ?? '' });
  }
});
