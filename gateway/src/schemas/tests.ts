import type { RunEvent, RunPlan, RunReport, RunSummary, TestCaseContent, TestScenarioContent } from '@pmbok/runner';
import { Type } from '@sinclair/typebox';
import { JsonValue } from './project.js';
import { oneOf } from './wire.js';

/**
 * Answers of the API test calls (docs/api/tests.md). The structured parts (a case's request and checks, a
 * scenario's steps, a run's report) are the runner's model (runner/src/model.ts), carried as JSON values: the runner
 * checks them, and one definition serves the service, the CLI and the console.
 */

const content = <T>() => Type.Unsafe<T>(JsonValue);

export const TestRunStatus = oneOf('running', 'passed', 'failed', 'error', 'interrupted', 'cancelled');
export const TestRunTrigger = oneOf('console', 'cli');

/** The last run a case or scenario took part in, or none. */
const LastRun = Type.Object({
  testRunId: Type.Integer(),
  status: TestRunStatus,
  finishedAt: Type.Integer(),
});

/** `project/testCases`: a line per case, grouped by the console under their api documents. */
export const TestCaseSummary = Type.Object({
  testCaseId: Type.Integer(),
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  name: Type.String(),
  /** The request's method and URL (the document's path unless the case changed it). */
  method: Type.String(),
  url: Type.String(),
  assertionCount: Type.Integer(),
  sort: Type.Integer(),
  /** null when the case never ran. */
  lastRun: Type.Union([LastRun, Type.Null()]),
  updatedBy: Type.Integer(),
  updatedAt: Type.Integer(),
});
export const TestCaseList = Type.Object({ list: Type.Array(TestCaseSummary) });

/** `project/testCase`: one case whole; `version` is the base a save names. */
export const TestCase = Type.Object({
  testCaseId: Type.Integer(),
  projectId: Type.Integer(),
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  name: Type.String(),
  version: Type.Integer(),
  content: content<TestCaseContent>(),
  updatedBy: Type.Integer(),
  updatedByName: Type.String(),
  updatedAt: Type.Integer(),
});
export const TestCaseSaved = Type.Object({ testCaseId: Type.Integer(), version: Type.Integer() });

export const TestScenarioSummary = Type.Object({
  testScenarioId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  stepCount: Type.Integer(),
  /** Rows of its data file, 0 without one. */
  dataRows: Type.Integer(),
  lastRun: Type.Union([LastRun, Type.Null()]),
  updatedBy: Type.Integer(),
  updatedAt: Type.Integer(),
});
export const TestScenarioList = Type.Object({ list: Type.Array(TestScenarioSummary) });

export const TestScenario = Type.Object({
  testScenarioId: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  version: Type.Integer(),
  content: content<TestScenarioContent>(),
  updatedBy: Type.Integer(),
  updatedByName: Type.String(),
  updatedAt: Type.Integer(),
});
export const TestScenarioSaved = Type.Object({ testScenarioId: Type.Integer(), version: Type.Integer() });

/** `project/runTest`: the run is under way; its progress comes over the live connection (code 200400). */
export const TestRunStarted = Type.Object({ testRunId: Type.Integer() });

/** A run as the history lists it. */
export const TestRunSummary = Type.Object({
  testRunId: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  /** What ran: a scenario (its id), or cases (their ids). */
  testScenarioId: Type.Integer(),
  testCaseIds: Type.Array(Type.Integer()),
  environment: Type.String(),
  status: TestRunStatus,
  trigger: TestRunTrigger,
  summary: content<RunSummary>(),
  /** Who started it (the token's creator for a CLI report) and their name. */
  userId: Type.Integer(),
  nickname: Type.String(),
  /** The run whose failed steps this one ran again, or 0. */
  rerunOf: Type.Integer(),
  startedAt: Type.Integer(),
  /** 0 while running. */
  finishedAt: Type.Integer(),
});
export const TestRunPage = Type.Object({
  list: Type.Array(TestRunSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

/** `project/testRun`: the summary and the report so far (a running run's results arrive in batches). */
export const TestRunDetail = Type.Composite([TestRunSummary, Type.Object({ report: content<RunReport>() })]);

/** The live push of a run's progress (code 200400), to the member who started it. */
export const TestRunPush = Type.Object({
  projectId: Type.Integer(),
  testRunId: Type.Integer(),
  event: content<RunEvent>(),
});

/** A project's API token for the CLI; the secret is shown once, at creation. */
export const TestToken = Type.Object({
  testTokenId: Type.Integer(),
  name: Type.String(),
  /** The first characters, to recognise it (`pmbok_pt_3Fa9…`). */
  prefix: Type.String(),
  createdBy: Type.Integer(),
  createdByName: Type.String(),
  createdAt: Type.Integer(),
  /** 0 when never used. */
  lastUsedAt: Type.Integer(),
  revoked: Type.Boolean(),
});
export const TestTokenList = Type.Object({ list: Type.Array(TestToken) });
export const TestTokenCreated = Type.Object({ testTokenId: Type.Integer(), token: Type.String() });

/** `project/testPlan` (by API token): what the CLI runs, built exactly as a console run would be. */
export const TestPlan = Type.Object({ plan: content<RunPlan>() });
export const TestReportRecorded = Type.Object({ testRunId: Type.Integer() });
