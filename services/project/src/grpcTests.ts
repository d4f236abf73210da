import { gzipSync } from 'node:zlib';
import { invalid, signedInCaller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import type { ProjectContext } from './application/context.js';
import { createTestCases, parsedContent } from './application/testCases.js';
import type { PlanTarget } from './application/testPlan.js';
import type { TestRunHost } from './application/testRunHost.js';
import { createTestRuns } from './application/testRuns.js';
import { createTestScenarios } from './application/testScenarios.js';
import { createTestTokens } from './application/testTokens.js';

/** The API test rpcs (docs/api/tests.md); index.ts spreads them next to the other calls. */
export type TestsCallName =
  | 'listTestCases'
  | 'getTestCase'
  | 'saveTestCase'
  | 'deleteTestCase'
  | 'listTestScenarios'
  | 'getTestScenario'
  | 'saveTestScenario'
  | 'deleteTestScenario'
  | 'runTest'
  | 'listTestRuns'
  | 'getTestRun'
  | 'cancelTestRun'
  | 'listTestTokens'
  | 'createTestToken'
  | 'revokeTestToken'
  | 'getTestPlan'
  | 'recordTestReport';

export interface TestsDeps {
  context: ProjectContext;
  host: TestRunHost;
}

/** A report or a plan, compressed, with room left for the rest of the answer under the 8 MB message limit. */
const GZIP_MAX_BYTES = 7 * 1024 * 1024;
export function gzipped(value: unknown, tooLarge: string): Buffer {
  const bytes = gzipSync(JSON.stringify(value), { level: 6 });
  if (bytes.length > GZIP_MAX_BYTES) throw invalid(tooLarge);
  return bytes;
}

const done = async (work: Promise<unknown>) => {
  await work;
  return {};
};

export function testsImplementation({
  context,
  host,
}: TestsDeps): Pick<projectv1.ProjectServiceImplementation, TestsCallName> {
  const cases = createTestCases(context);
  const scenarios = createTestScenarios(context);
  const runs = createTestRuns(context, host);
  const tokens = createTestTokens(context, runs.plans);
  const who = signedInCaller;
  return {
    listTestCases: async (r, c) => ({
      listJson: JSON.stringify(await cases.list(r.projectId, r.projectStructureId, who(c))),
    }),
    getTestCase: async (r, c) => ({
      testCaseJson: JSON.stringify(await cases.detail(r.projectId, r.testCaseId, who(c))),
    }),
    saveTestCase: (r, c) =>
      cases.save(
        r.projectId,
        {
          testCaseId: r.testCaseId,
          projectStructureId: r.projectStructureId,
          name: r.name,
          content: parsedContent(r.contentJson),
          baseVersion: r.baseVersion,
        },
        who(c),
      ),
    deleteTestCase: (r, c) => done(cases.remove(r.projectId, r.testCaseId, who(c))),
    listTestScenarios: async (r, c) => ({ listJson: JSON.stringify(await scenarios.list(r.projectId, who(c))) }),
    getTestScenario: async (r, c) => ({
      testScenarioJson: JSON.stringify(await scenarios.detail(r.projectId, r.testScenarioId, who(c))),
    }),
    saveTestScenario: (r, c) =>
      scenarios.save(
        r.projectId,
        {
          testScenarioId: r.testScenarioId,
          name: r.name,
          description: r.description,
          content: parsedContent(r.contentJson),
          baseVersion: r.baseVersion,
        },
        who(c),
      ),
    deleteTestScenario: (r, c) => done(scenarios.remove(r.projectId, r.testScenarioId, who(c))),
    runTest: (r, c) =>
      runs.run(
        r.projectId,
        {
          testScenarioId: r.testScenarioId,
          testCaseIds: r.testCaseIds,
          projectConfigId: r.projectConfigId,
          rerunOf: r.rerunOf,
        },
        who(c),
      ),
    listTestRuns: async (r, c) => ({
      pageJson: JSON.stringify(
        await runs.list(
          r.projectId,
          { testScenarioId: r.testScenarioId, testCaseId: r.testCaseId, page: r.page, pageSize: r.pageSize },
          who(c),
        ),
      ),
    }),
    getTestRun: async (r, c) => ({
      detailGzip: gzipped(await runs.detail(r.projectId, r.testRunId, who(c)), '报告过大，无法显示'),
    }),
    cancelTestRun: (r, c) => done(runs.cancel(r.projectId, r.testRunId, who(c))),
    listTestTokens: async (r, c) => ({ listJson: JSON.stringify(await tokens.list(r.projectId, who(c))) }),
    createTestToken: (r, c) => tokens.create(r.projectId, r.name, who(c)),
    revokeTestToken: (r, c) => done(tokens.revoke(r.projectId, r.testTokenId, who(c))),
    // The CLI's calls: the API token instead of a caller.
    getTestPlan: async (r, c) => {
      const target: PlanTarget = r.testScenarioId
        ? { testScenarioId: r.testScenarioId }
        : r.testCaseIds.length
          ? { testCaseIds: r.testCaseIds }
          : { everyScenario: true };
      const input = { target, projectConfigId: r.projectConfigId, environment: r.environment, serverUrl: r.serverUrl };
      // Without a token, a member's export (the console's 导出测试计划): the caller's own access decides.
      const plan = r.token
        ? await tokens.plan(r.token, r.projectId, input)
        : await tokens.exportPlan(who(c), r.projectId, input);
      return { planGzip: gzipped(plan, '测试计划过大，请分场景运行') };
    },
    recordTestReport: (r) =>
      tokens.report(r.token, r.projectId, { reportGzip: r.reportGzip, testScenarioId: r.testScenarioId }),
  };
}
