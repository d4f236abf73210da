import { serveJobs } from '@pmbok/infra/workers';

/**
 * The thread of workers.int.spec.ts: jobs that answer, fail with data, read a context, never end, report progress,
 * or wait until they are cancelled.
 */
type Job =
  | { kind: 'echo'; value: unknown }
  | { kind: 'fail' }
  | { kind: 'context' }
  | { kind: 'spin' }
  | { kind: 'count'; to: number }
  | { kind: 'untilCancelled' };

class PlaceError extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
    this.name = 'PlaceError';
  }
}

const seen = new WeakMap<object, number>();

serveJobs<Job, { name: string }, unknown>(
  async (job, context, control) => {
    if (job.kind === 'echo') return job.value;
    if (job.kind === 'count') {
      for (let i = 1; i <= job.to; i++) control.progress(i);
      return 'counted';
    }
    if (job.kind === 'untilCancelled') {
      control.progress('started');
      if (!control.signal.aborted)
        await new Promise((resolve) => control.signal.addEventListener('abort', resolve, { once: true }));
      return 'stopped';
    }
    if (job.kind === 'fail') throw new PlaceError('refused', 'properties.list');
    if (job.kind === 'context') {
      if (!context) return null;
      seen.set(context, (seen.get(context) ?? 0) + 1);
      return { name: context.name, runs: seen.get(context) };
    }
    for (;;) {}
  },
  // Text contexts are parsed once per thread; objects are taken as sent.
  { prepare: (value) => (typeof value === 'string' ? JSON.parse(value) : value) },
);
