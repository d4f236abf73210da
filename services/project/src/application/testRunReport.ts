import type { EventStore } from '@pmbok/infra';
import type { RequestResult, RunReport } from '@pmbok/runner';
import { type TestRunEvent, testRunStreamId } from '../domain/testRun/testRun.js';
import type { TestRunDoc } from '../projections/testRuns/index.js';

/**
 * Bodies kept in an answered report: beyond this much (results are already cut to the runner's 16 KB per body),
 * later results keep their checks, headers and timings but not their bodies, so a run of thousands of requests
 * answers within the gRPC message (gzipped) and the service's memory.
 */
export const REPORT_BODIES_BYTES = 24 * 1024 * 1024;

function withoutBodies(result: RequestResult): RequestResult {
  const { request, response } = result;
  return {
    ...result,
    ...(request?.body ? { request: { ...request, body: '', bodyTruncated: true } } : {}),
    ...(response?.body ? { response: { ...response, body: '', bodyTruncated: true } } : {}),
  };
}

/** The run's report folded from its stream (its batches so far while it runs), with the history's summary. */
export async function reportOf(eventStore: EventStore, run: TestRunDoc): Promise<RunReport> {
  const events = (await eventStore.readStream(testRunStreamId(run.testRunId))) as unknown as TestRunEvent[];
  const results: RequestResult[] = [];
  let bodies = 0;
  for (const event of events) {
    if (event.type !== 'TestRunResultsRecorded') continue;
    for (const result of event.data.results) {
      bodies += (result.request?.body?.length ?? 0) + (result.response?.body.length ?? 0);
      results.push(bodies > REPORT_BODIES_BYTES ? withoutBodies(result) : result);
    }
  }
  return {
    name: run.name,
    status: run.status,
    ...(run.message ? { message: run.message } : {}),
    environment: run.environment,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    summary: run.summary,
    results,
  };
}

/** The ids of the steps that failed in a run, for a re-run of them. */
export async function failedStepIds(eventStore: EventStore, testRunId: number): Promise<string[]> {
  const events = (await eventStore.readStream(testRunStreamId(testRunId))) as unknown as TestRunEvent[];
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type !== 'TestRunResultsRecorded') continue;
    for (const result of event.data.results) if (!result.passed) ids.add(result.stepId);
  }
  return [...ids];
}
