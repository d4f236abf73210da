import type {
  TestCase,
  TestCaseList,
  TestCaseSaved,
  TestPlan,
  TestRunDetail,
  TestRunPage,
  TestRunStarted,
  TestScenario,
  TestScenarioList,
  TestScenarioSaved,
  TestTokenCreated,
  TestTokenList,
} from '@pmbok/api-types';
import type { TestCaseContent, TestScenarioContent } from '@pmbok/runner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isLocalKnowledge, isValidProjectId, knowledgeCall } from '../transport';

/**
 * The API test calls of docs/api/tests.md: cases, scenarios, runs and the CLI's tokens. The answers are the
 * gateway's schemas and the structured parts the runner's model, both imported as types only.
 */

export type {
  TestCase,
  TestCaseSummary,
  TestRunDetail,
  TestRunStatus,
  TestRunSummary,
  TestScenario,
  TestScenarioSummary,
  TestToken,
} from '@pmbok/api-types';

/** Query keys: everything of one project's tests sits under ['knowledgeTests', id]. */
export const testKeys = {
  project: (projectId: number) => ['knowledgeTests', projectId] as const,
  cases: (projectId: number) => ['knowledgeTests', projectId, 'cases'] as const,
  case: (projectId: number, testCaseId: number) => ['knowledgeTests', projectId, 'case', testCaseId] as const,
  scenarios: (projectId: number) => ['knowledgeTests', projectId, 'scenarios'] as const,
  scenario: (projectId: number, testScenarioId: number) =>
    ['knowledgeTests', projectId, 'scenario', testScenarioId] as const,
  /** The plan a CI token would get, for `pmbok-test run <file>`: it carries the environment's secrets. */
  exportPlan: (projectId: number, testScenarioId: number, projectConfigId: number) =>
    knowledgeCall<TestPlan>('exportTestPlan', { projectId, testScenarioId, projectConfigId }, big),
  runs: (projectId: number, filter: RunFilter) => ['knowledgeTests', projectId, 'runs', filter] as const,
  run: (projectId: number, testRunId: number) => ['knowledgeTests', projectId, 'run', testRunId] as const,
  tokens: (projectId: number) => ['knowledgeTests', projectId, 'tokens'] as const,
};

export interface RunFilter {
  testScenarioId?: number;
  testCaseId?: number;
  page: number;
  pageSize: number;
}

/** What a run runs: a scenario, or cases in order; the environment (0: the mock) and a run whose failures to redo. */
export interface RunRequest {
  testScenarioId?: number;
  testCaseIds?: number[];
  projectConfigId?: number;
  rerunOf?: number;
}

const quiet = { notify: false };
// Contents reach megabytes (a scenario's data file): they get longer than the client's usual 5 s.
const big = { timeoutMs: 60_000 };

export const testsApi = {
  cases: (projectId: number) => knowledgeCall<TestCaseList>('testCases', { projectId }, quiet),
  case: (projectId: number, testCaseId: number) =>
    knowledgeCall<TestCase>('testCase', { projectId, testCaseId }, quiet),
  saveCase: (
    projectId: number,
    save: {
      testCaseId?: number;
      projectStructureId?: number;
      name: string;
      content: TestCaseContent;
      baseVersion?: number;
    },
  ) =>
    knowledgeCall<TestCaseSaved>(
      'saveTestCase',
      {
        projectId,
        testCaseId: save.testCaseId,
        projectStructureId: save.testCaseId ? undefined : save.projectStructureId,
        name: save.name,
        content: JSON.stringify(save.content),
        baseVersion: save.baseVersion,
      },
      { ...big, notify: false },
    ),
  deleteCase: (projectId: number, testCaseId: number) =>
    knowledgeCall<null>('deleteTestCase', { projectId, testCaseId }),

  scenarios: (projectId: number) => knowledgeCall<TestScenarioList>('testScenarios', { projectId }, quiet),
  scenario: (projectId: number, testScenarioId: number) =>
    knowledgeCall<TestScenario>('testScenario', { projectId, testScenarioId }, { ...quiet, ...big }),
  saveScenario: (
    projectId: number,
    save: {
      testScenarioId?: number;
      name: string;
      description: string;
      content: TestScenarioContent;
      baseVersion?: number;
    },
  ) =>
    knowledgeCall<TestScenarioSaved>(
      'saveTestScenario',
      { projectId, ...save, content: JSON.stringify(save.content) },
      { ...big, notify: false },
    ),
  deleteScenario: (projectId: number, testScenarioId: number) =>
    knowledgeCall<null>('deleteTestScenario', { projectId, testScenarioId }),

  run: (projectId: number, run: RunRequest) =>
    knowledgeCall<TestRunStarted>('runTest', {
      projectId,
      testScenarioId: run.testScenarioId,
      testCaseIds: run.testCaseIds ? JSON.stringify(run.testCaseIds) : undefined,
      projectConfigId: run.projectConfigId,
      rerunOf: run.rerunOf,
    }),
  /** The plan a CI token would get, for `pmbok-test run <file>`: it carries the environment's secrets. */
  exportPlan: (projectId: number, testScenarioId: number, projectConfigId: number) =>
    knowledgeCall<TestPlan>('exportTestPlan', { projectId, testScenarioId, projectConfigId }, big),
  runs: (projectId: number, filter: RunFilter) =>
    knowledgeCall<TestRunPage>('testRuns', { projectId, ...filter }, quiet),
  runDetail: (projectId: number, testRunId: number) =>
    knowledgeCall<TestRunDetail>('testRun', { projectId, testRunId }, { ...quiet, ...big }),
  cancel: (projectId: number, testRunId: number) => knowledgeCall<null>('cancelTestRun', { projectId, testRunId }),

  tokens: (projectId: number) => knowledgeCall<TestTokenList>('testTokens', { projectId }, quiet),
  createToken: (projectId: number, name: string) =>
    knowledgeCall<TestTokenCreated>('createTestToken', { projectId, name }),
  revokeToken: (projectId: number, testTokenId: number) =>
    knowledgeCall<null>('revokeTestToken', { projectId, testTokenId }),
};

/** Tests are kept and run by the server: a local project has none. */
export const hasTests = (projectId: number) => isValidProjectId(projectId) && !isLocalKnowledge();

export function useTestCases(projectId: number) {
  return useQuery({
    queryKey: testKeys.cases(projectId),
    queryFn: () => testsApi.cases(projectId),
    enabled: hasTests(projectId),
    retry: false,
  });
}

export function useTestScenarios(projectId: number) {
  return useQuery({
    queryKey: testKeys.scenarios(projectId),
    queryFn: () => testsApi.scenarios(projectId),
    enabled: hasTests(projectId),
    retry: false,
  });
}

export function useTestRuns(projectId: number, filter: RunFilter) {
  return useQuery({
    queryKey: testKeys.runs(projectId, filter),
    queryFn: () => testsApi.runs(projectId, filter),
    enabled: hasTests(projectId),
    retry: false,
    placeholderData: keepPreviousData,
    // a running run in the list: its status changes without anyone asking
    refetchInterval: (query) => (query.state.data?.list.some((run) => run.status === 'running') ? 3_000 : false),
  });
}

export function useTestTokens(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: testKeys.tokens(projectId),
    queryFn: () => testsApi.tokens(projectId),
    enabled: enabled && hasTests(projectId),
    retry: false,
  });
}
