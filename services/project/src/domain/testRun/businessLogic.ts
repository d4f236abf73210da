import type { Decider } from '@pmbok/infra';
import type { RequestResult, RunSummary } from '@pmbok/runner';
import {
  evolveTestRun,
  type FinalStatus,
  initialTestRun,
  type TestRun,
  type TestRunEvent,
  type TestRunStartedData,
} from './testRun.js';

export type StartTestRun = { type: 'StartTestRun'; data: TestRunStartedData };
export type RecordTestResults = { type: 'RecordTestResults'; data: { results: RequestResult[] } };
export type FinishTestRun = {
  type: 'FinishTestRun';
  data: { status: FinalStatus; summary: RunSummary; message: string; finishedAt: number };
};
/** A CLI run, whole: started, its results, finished, in one append. */
export type RecordTestReport = {
  type: 'RecordTestReport';
  data: { run: TestRunStartedData; results: RequestResult[]; finish: FinishTestRun['data'] };
};
export type TestRunCommand = StartTestRun | RecordTestResults | FinishTestRun | RecordTestReport;

/** Results per event: a batch of a live run is smaller; a CLI report is cut into events of about this many. */
export const RESULTS_PER_EVENT = 50;
const EVENT_MAX_BYTES = 1024 * 1024;

/** `results` in events of at most RESULTS_PER_EVENT results and about 1 MB each. */
export function resultBatches(results: readonly RequestResult[]): RequestResult[][] {
  const batches: RequestResult[][] = [];
  let batch: RequestResult[] = [];
  let bytes = 0;
  for (const result of results) {
    const size = JSON.stringify(result).length;
    if (batch.length > 0 && (batch.length >= RESULTS_PER_EVENT || bytes + size > EVENT_MAX_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(result);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export function decideTestRun(command: TestRunCommand, state: TestRun): TestRunEvent[] {
  switch (command.type) {
    case 'StartTestRun':
      return state.status === 'none' ? [{ type: 'TestRunStarted', data: command.data }] : [];
    case 'RecordTestResults': {
      // Results that come after the run was finished elsewhere (cancelled, marked interrupted) are not its record.
      if (state.status !== 'running' || command.data.results.length === 0) return [];
      const { testRunId, projectId } = state.run;
      return resultBatches(command.data.results).map((results) => ({
        type: 'TestRunResultsRecorded',
        data: { testRunId, projectId, results },
      }));
    }
    case 'FinishTestRun': {
      if (state.status !== 'running') return [];
      const { testRunId, projectId } = state.run;
      return [{ type: 'TestRunFinished', data: { testRunId, projectId, ...command.data } }];
    }
    case 'RecordTestReport': {
      if (state.status !== 'none') return [];
      const { run, results, finish } = command.data;
      const { testRunId, projectId } = run;
      return [
        { type: 'TestRunStarted', data: run },
        ...resultBatches(results).map(
          (batch): TestRunEvent => ({ type: 'TestRunResultsRecorded', data: { testRunId, projectId, results: batch } }),
        ),
        { type: 'TestRunFinished', data: { testRunId, projectId, ...finish } },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const testRunDecider: Decider<TestRun, TestRunCommand, TestRunEvent> = {
  decide: decideTestRun,
  evolve: evolveTestRun,
  initialState: initialTestRun,
};
