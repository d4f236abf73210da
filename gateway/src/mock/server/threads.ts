import { createWorkerPool, type WorkerPool, workerScript } from '@pmbok/infra';

/**
 * The mock's threads (PMBOK_MOCK_WORKERS, default 2): each keeps the indexes it was sent (a few projects) with
 * their compiled validators and generators. 256 MB of heap each: a document asking for more ends its thread only.
 */
export function createMockPool(size: number): WorkerPool {
  return createWorkerPool({
    script: () => workerScript(import.meta.url, 'worker'),
    size,
    deadlineMs: 1_000,
    // A thread sent a project's index first parses it (a 5,000-document project is megabytes).
    contextGraceMs: 3_000,
    maxQueue: 2_000,
    maxContexts: 16,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
}
