import { type Doc, ownLog, projection, type ReadStore, type Recorded, readModel } from '@pmbok/infra';
import type { RunStatus, RunSummary } from '@pmbok/runner';
import { emptySummary, summaryWith, type TestRunEvent, type TestRunStartedData } from '../../domain/testRun/testRun.js';

/** A run as the history lists it: what ran and a summary, never its results (folded from its stream when asked). */
export interface TestRunDoc extends Doc, TestRunStartedData {
  status: RunStatus;
  summary: RunSummary;
  message: string;
  /** 0 while running. */
  finishedAt: number;
  /** The cases that had results, and those with a failed one. */
  ranCaseIds: number[];
  failedCaseIds: number[];
  /** The last event applied (events may come twice). */
  position: number;
}

/** The last run a case (`case-<id>`) or a scenario (`scenario-<id>`) took part in. */
export interface TestLastRunDoc extends Doc {
  testRunId: number;
  status: RunStatus;
  finishedAt: number;
}

export const testRuns = readModel<TestRunDoc>('testRuns', [
  { fields: { projectId: 1, startedAt: -1 } },
  { fields: { status: 1 } },
]);
export const testLastRuns = readModel<TestLastRunDoc>('testLastRuns');

/** Applies an event to its run's document once. */
async function onRun(
  event: Recorded<TestRunEvent>,
  store: ReadStore,
  change: (doc: TestRunDoc) => TestRunDoc,
  after?: (doc: TestRunDoc) => Promise<void>,
) {
  const doc = await testRuns(store).findOne({ _id: String(event.data.testRunId) });
  if (!doc || doc.position >= event.metadata.globalPosition) return;
  const next = { ...change(doc), position: event.metadata.globalPosition };
  await testRuns(store).put(next);
  await after?.(next);
}

/** Each case that ran gets its own outcome; the scenario asked for gets the run's. */
async function recordLastRuns(store: ReadStore, run: TestRunDoc) {
  const lastRuns = testLastRuns(store);
  const at = { testRunId: run.testRunId, finishedAt: run.finishedAt };
  for (const caseId of run.ranCaseIds) {
    const status = run.failedCaseIds.includes(caseId) ? 'failed' : 'passed';
    await lastRuns.put({ _id: `case-${caseId}`, ...at, status });
  }
  if (run.testScenarioId) await lastRuns.put({ _id: `scenario-${run.testScenarioId}`, ...at, status: run.status });
}

export const testRunsProjection = projection({
  name: 'testRuns',
  source: ownLog<TestRunEvent>(),
  on: {
    TestRunStarted: async (event, store) => {
      const found = await testRuns(store).findOne({ _id: String(event.data.testRunId) });
      if (found) return;
      await testRuns(store).put({
        ...event.data,
        _id: String(event.data.testRunId),
        status: 'running',
        summary: emptySummary(),
        message: '',
        finishedAt: 0,
        ranCaseIds: [],
        failedCaseIds: [],
        position: event.metadata.globalPosition,
      });
    },
    TestRunResultsRecorded: (event, store) =>
      onRun(event, store, (doc) => {
        const { results } = event.data;
        const ran = new Set(doc.ranCaseIds);
        const failed = new Set(doc.failedCaseIds);
        // Only the run's own cases: a CLI report's results say what they like.
        const own = new Set(doc.caseIds);
        for (const result of results) {
          const caseId = result.source?.caseId;
          if (!caseId || !own.has(caseId)) continue;
          ran.add(caseId);
          if (!result.passed) failed.add(caseId);
        }
        return {
          ...doc,
          summary: summaryWith(doc.summary, results, doc.startedAt),
          ranCaseIds: [...ran],
          failedCaseIds: [...failed],
        };
      }),
    TestRunFinished: (event, store) =>
      onRun(
        event,
        store,
        (doc) => ({
          ...doc,
          status: event.data.status,
          summary: event.data.summary,
          message: event.data.message,
          finishedAt: event.data.finishedAt,
        }),
        (doc) => recordLastRuns(store, doc),
      ),
  },
});
