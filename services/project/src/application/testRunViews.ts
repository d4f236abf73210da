import type { ReadStore } from '@pmbok/infra';
import { type TestRunDoc, testLastRuns } from '../projections/testRuns/index.js';

/** `LastRun` of gateway/src/schemas/tests.ts by key (`case-<id>`, `scenario-<id>`); keys that never ran are absent. */
export async function lastRunsOf(readStore: ReadStore, keys: string[]) {
  if (keys.length === 0)
    return new Map<string, { testRunId: number; status: TestRunDoc['status']; finishedAt: number }>();
  const found = await testLastRuns(readStore).find({ _id: { $in: keys } });
  return new Map(
    found.map((doc) => [doc._id, { testRunId: doc.testRunId, status: doc.status, finishedAt: doc.finishedAt }]),
  );
}

/** `TestRunSummary` of gateway/src/schemas/tests.ts. */
export const runSummaryView = (doc: TestRunDoc, nickname: string) => ({
  testRunId: doc.testRunId,
  projectId: doc.projectId,
  name: doc.name,
  testScenarioId: doc.testScenarioId,
  testCaseIds: doc.testCaseIds,
  environment: doc.environment,
  status: doc.status,
  trigger: doc.trigger,
  summary: doc.summary,
  userId: doc.userId,
  nickname,
  rerunOf: doc.rerunOf,
  startedAt: doc.startedAt,
  finishedAt: doc.finishedAt,
});
