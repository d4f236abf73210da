import { serveJobs } from '@pmbok/infra/workers';
import type { MockIndex } from '@pmbok/project-service/mock-index';
import { type ProduceJob, produce } from './produce.js';

/** A mock thread: validation, expectations and generation for one request of a project's index (the context). */
serveJobs<ProduceJob, MockIndex, unknown>(
  (job, index) => {
    if (!index) throw new Error('mock job without its index');
    return produce(index, job);
  },
  { prepare: (text) => JSON.parse(text as string) as MockIndex },
);
