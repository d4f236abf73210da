import { serveJobs } from '@pmbok/infra/workers';
import { allowedNetworksOf, createHttpClient, DEFAULT_LIMITS, runPlan } from '@pmbok/runner';
import type { TestRunAnswer, TestRunJob } from './testRunHost.js';

/**
 * The thread of an API test run (testRunHost.ts): the runner's engine with the server's guard (no private address
 * but the allow-listed networks and the instance's own mock), every event reported as progress as it happens.
 * Scripts run in the sandbox's own thread, bounded there.
 */
serveJobs<TestRunJob, undefined, TestRunAnswer>(async (job, _context, { signal, progress }) => {
  const limits = { ...DEFAULT_LIMITS, ...job.plan.limits };
  const http = createHttpClient(
    { allowPrivate: false, allowedNetworks: allowedNetworksOf(job.allowedNetworks), alwaysAllowed: job.alwaysAllowed },
    limits,
  );
  try {
    const report = await runPlan(job.plan, { http, signal, onEvent: progress });
    return {
      status: report.status === 'running' ? 'error' : report.status,
      summary: report.summary,
      message: report.message ?? '',
      finishedAt: report.finishedAt,
    };
  } finally {
    await http.close();
  }
});
