import { type DomainEvent, streamId } from '@pmbok/infra';
import type { RequestResult, RunStatus, RunSummary } from '@pmbok/runner';

/**
 * A test run (stream `projectTestRun-<testRunId>`): what ran, then its results in batches as they come, then how it
 * ended. A run whose process stopped keeps the batches it wrote and is finished as `interrupted`; the report is
 * folded from the stream when asked for, never kept whole in a read model.
 */
export type TestRunTrigger = 'console' | 'cli';
export type FinalStatus = Exclude<RunStatus, 'running'>;

export interface TestRunStartedData {
  testRunId: number;
  projectId: number;
  name: string;
  /** What was asked to run: a scenario, or cases in order. */
  testScenarioId: number;
  testCaseIds: number[];
  /** Every case of the plan (for the history by case). */
  caseIds: number[];
  environment: string;
  /** The environment's id (0 the project's mock) for a re-run; 0 for a CLI report, whose environment is only named. */
  projectConfigId: number;
  trigger: TestRunTrigger;
  /** Who started it; the token's creator for a CLI report. */
  userId: number;
  rerunOf: number;
  /** The host whose process runs it (`os.hostname()`); '' for a CLI report. */
  host: string;
  startedAt: number;
}

export type TestRunStarted = DomainEvent<'TestRunStarted', TestRunStartedData>;
export type TestRunResultsRecorded = DomainEvent<
  'TestRunResultsRecorded',
  { testRunId: number; projectId: number; results: RequestResult[] }
>;
export type TestRunFinished = DomainEvent<
  'TestRunFinished',
  {
    testRunId: number;
    projectId: number;
    status: FinalStatus;
    summary: RunSummary;
    message: string;
    finishedAt: number;
  }
>;
export type TestRunEvent = TestRunStarted | TestRunResultsRecorded | TestRunFinished;

export type TestRun =
  | { status: 'none' }
  | { status: 'running'; run: TestRunStartedData }
  | { status: 'finished'; run: TestRunStartedData; finalStatus: FinalStatus };

export const testRunStreamId = (testRunId: number) => streamId('projectTestRun', testRunId);

export const initialTestRun = (): TestRun => ({ status: 'none' });

export function evolveTestRun(state: TestRun, event: TestRunEvent): TestRun {
  switch (event.type) {
    case 'TestRunStarted':
      return { status: 'running', run: event.data };
    case 'TestRunResultsRecorded':
      return state;
    case 'TestRunFinished':
      return state.status === 'running'
        ? { status: 'finished', run: state.run, finalStatus: event.data.status }
        : state;
  }
}

export const emptySummary = (): RunSummary => ({
  requests: 0,
  failedRequests: 0,
  assertions: 0,
  failedAssertions: 0,
  scriptErrors: 0,
  iterations: 0,
  durationMs: 0,
});

/** The summary with `results` counted in (a running or interrupted run's, from the batches written). */
export function summaryWith(summary: RunSummary, results: readonly RequestResult[], startedAt: number): RunSummary {
  const next = { ...summary };
  for (const result of results) {
    next.requests += 1;
    if (!result.passed) next.failedRequests += 1;
    next.assertions += result.assertions.length;
    next.failedAssertions += result.assertions.filter((a) => !a.passed).length;
    next.scriptErrors += result.scripts.filter((s) => s.error).length;
    next.iterations = Math.max(next.iterations, result.iteration + 1);
    next.durationMs = Math.max(next.durationMs, result.startedAt + result.durationMs - startedAt);
  }
  return next;
}
