import { gunzipSync, gzipSync } from 'node:zlib';
import type { Static, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, type CallContext } from '../../plugins/api.js';
import { apiTokenOf } from '../../plugins/caller.js';
import { id, integer, optionalId, optionalText, paging, text } from '../../schemas/fields.js';
import * as tests from '../../schemas/tests.js';
import { Nothing } from '../../schemas/wire.js';
import { inProject, knowledgeCall, ok, projectId } from './project-common.js';

/**
 * API tests (docs/api/tests.md): cases and scenarios. A case's and a scenario's content are JSON text of the runner's
 * model, checked by the service, which names the field in its refusals.
 */

/** A case: 1 MB of content plus 5 MB of files as base64; a scenario: 6 MB. Percent-encoded in a form body: room. */
const CASE_TEXT = 8 * 1024 * 1024;
const SCENARIO_TEXT = 7 * 1024 * 1024;
const bodyFor = (textLimit: number) => 3 * textLimit;

/** JSON text the service answers, back into the value (the service wrote it, so it parses). */
export const parsed = <S extends TSchema>(_schema: S, json: string): Static<S> => JSON.parse(json || 'null');

const baseVersion = Type.Optional(integer(0, 2_147_483_647));

/** JSON text the service answers gzipped (reports and plans can be megabytes), back into the value. */
export const unzipped = <S extends TSchema>(schema: S, bytes: Uint8Array): Static<S> =>
  parsed(schema, gunzipSync(bytes).toString('utf8'));

/** `testCaseIds`: JSON text of a list of at most 200 case ids, in the order they run. */
export const CASE_IDS_TEXT = 200 * 20;
export function caseIdsOf(value: string | undefined): number[] {
  if (!value) return [];
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    list = undefined;
  }
  const ids = Array.isArray(list)
    ? list.map((v) => (typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN))
    : [];
  if (!Array.isArray(list) || !ids.every((v) => Number.isSafeInteger(v) && v > 0))
    throw new ApiError(400, '用例列表格式错误');
  if (ids.length > 200) throw new ApiError(400, '一次最多运行 200 个用例');
  return ids;
}
/** A CLI report of at most 20 MB of JSON text, percent-encoded in a form body (or a JSON body's string). */
const REPORT_BYTES = 20 * 1024 * 1024;
const REPORT_BODY = 64 * 1024 * 1024;

/** A report of megabytes to record or read takes seconds: the CLI waits two minutes, the gateway one. */
const LONG_CALL_MS = 55_000;
const long = (c: CallContext) => ({ metadata: c.metadata, signal: AbortSignal.timeout(LONG_CALL_MS) });

/** An environment id that may be left out (the scenario's); `0` is the project's mock. */
export const environmentOf = (value: string | undefined) => (value ? Number(value) : undefined);

/** The service's own refusal of a token, for a call that came with none. */
const API_TOKEN_INVALID = 'API 令牌无效或已被撤销';

/** What a plan is asked for: a scenario, some cases, or (neither) every scenario; and the environment. */
const planFields = {
  ...projectId,
  testScenarioId: optionalId,
  testCaseIds: Type.Optional(Type.String({ maxLength: CASE_IDS_TEXT })),
  projectConfigId: optionalId,
  environment: optionalText(30),
};
type PlanBody = {
  projectId: string;
  testScenarioId?: string;
  testCaseIds?: string;
  projectConfigId?: string;
  environment?: string;
};

/** The plan, by an API token (the CLI) or, with none, for the signed-in member. */
async function plan(b: PlanBody, c: CallContext, token: string) {
  const request = {
    token,
    ...inProject(b),
    testScenarioId: Number(b.testScenarioId || 0),
    testCaseIds: caseIdsOf(b.testCaseIds),
    projectConfigId: environmentOf(b.projectConfigId),
    environment: b.environment ?? '',
    // The mock environment's base, where the caller reached this server.
    serverUrl: `${c.request.protocol}://${c.request.host}`,
  };
  const { planGzip } = await c.services.project.getTestPlan(request, long(c));
  return unzipped(tests.TestPlan, planGzip);
}

export function projectTestCalls() {
  const call = knowledgeCall('project');
  const caseId = { ...projectId, testCaseId: id };
  const scenarioId = { ...projectId, testScenarioId: id };
  return [
    call('testCases', { ...projectId, projectStructureId: optionalId }, tests.TestCaseList, async (b, c) => {
      const request = { ...inProject(b), projectStructureId: Number(b.projectStructureId || 0) };
      const { listJson } = await c.services.project.listTestCases(request, { metadata: c.metadata });
      return parsed(tests.TestCaseList, listJson);
    }),
    call('testCase', caseId, tests.TestCase, async (b, c) => {
      const request = { ...inProject(b), testCaseId: Number(b.testCaseId) };
      const { testCaseJson } = await c.services.project.getTestCase(request, { metadata: c.metadata });
      return parsed(tests.TestCase, testCaseJson);
    }),
    call(
      'saveTestCase',
      {
        ...projectId,
        testCaseId: optionalId,
        projectStructureId: optionalId,
        name: text(100),
        content: Type.String({ maxLength: CASE_TEXT }),
        baseVersion,
      },
      tests.TestCaseSaved,
      (b, c) =>
        c.services.project.saveTestCase(
          {
            ...inProject(b),
            testCaseId: Number(b.testCaseId || 0),
            projectStructureId: Number(b.projectStructureId || 0),
            name: b.name,
            contentJson: b.content,
            baseVersion: b.baseVersion ?? 0,
          },
          { metadata: c.metadata },
        ),
      { bodyLimit: bodyFor(CASE_TEXT) },
    ),
    call('deleteTestCase', caseId, Nothing, (b, c) =>
      ok(
        c.services.project.deleteTestCase(
          { ...inProject(b), testCaseId: Number(b.testCaseId) },
          { metadata: c.metadata },
        ),
      ),
    ),

    call('testScenarios', projectId, tests.TestScenarioList, async (b, c) => {
      const { listJson } = await c.services.project.listTestScenarios(inProject(b), { metadata: c.metadata });
      return parsed(tests.TestScenarioList, listJson);
    }),
    call('testScenario', scenarioId, tests.TestScenario, async (b, c) => {
      const request = { ...inProject(b), testScenarioId: Number(b.testScenarioId) };
      const { testScenarioJson } = await c.services.project.getTestScenario(request, { metadata: c.metadata });
      return parsed(tests.TestScenario, testScenarioJson);
    }),
    call(
      'saveTestScenario',
      {
        ...projectId,
        testScenarioId: optionalId,
        name: text(100),
        description: optionalText(500),
        content: Type.String({ maxLength: SCENARIO_TEXT }),
        baseVersion,
      },
      tests.TestScenarioSaved,
      (b, c) =>
        c.services.project.saveTestScenario(
          {
            ...inProject(b),
            testScenarioId: Number(b.testScenarioId || 0),
            name: b.name,
            description: b.description ?? '',
            contentJson: b.content,
            baseVersion: b.baseVersion ?? 0,
          },
          { metadata: c.metadata },
        ),
      { bodyLimit: bodyFor(SCENARIO_TEXT) },
    ),
    call('deleteTestScenario', scenarioId, Nothing, (b, c) =>
      ok(
        c.services.project.deleteTestScenario(
          { ...inProject(b), testScenarioId: Number(b.testScenarioId) },
          { metadata: c.metadata },
        ),
      ),
    ),

    call(
      'runTest',
      {
        ...projectId,
        testScenarioId: optionalId,
        testCaseIds: Type.Optional(Type.String({ maxLength: CASE_IDS_TEXT })),
        projectConfigId: optionalId,
        rerunOf: optionalId,
      },
      tests.TestRunStarted,
      (b, c) =>
        c.services.project.runTest(
          {
            ...inProject(b),
            testScenarioId: Number(b.testScenarioId || 0),
            testCaseIds: caseIdsOf(b.testCaseIds),
            projectConfigId: environmentOf(b.projectConfigId),
            rerunOf: Number(b.rerunOf || 0),
          },
          { metadata: c.metadata },
        ),
    ),
    call(
      'testRuns',
      { ...projectId, testScenarioId: optionalId, testCaseId: optionalId, ...paging },
      tests.TestRunPage,
      async (b, c) => {
        const request = {
          ...inProject(b),
          testScenarioId: Number(b.testScenarioId || 0),
          testCaseId: Number(b.testCaseId || 0),
          page: b.page ?? 1,
          pageSize: b.pageSize ?? 20,
        };
        const { pageJson } = await c.services.project.listTestRuns(request, { metadata: c.metadata });
        return parsed(tests.TestRunPage, pageJson);
      },
    ),
    call('testRun', { ...projectId, testRunId: id }, tests.TestRunDetail, async (b, c) => {
      const request = { ...inProject(b), testRunId: Number(b.testRunId) };
      const { detailGzip } = await c.services.project.getTestRun(request, long(c));
      return unzipped(tests.TestRunDetail, detailGzip);
    }),
    call('cancelTestRun', { ...projectId, testRunId: id }, Nothing, (b, c) =>
      ok(
        c.services.project.cancelTestRun({ ...inProject(b), testRunId: Number(b.testRunId) }, { metadata: c.metadata }),
      ),
    ),

    call('testTokens', projectId, tests.TestTokenList, async (b, c) => {
      const { listJson } = await c.services.project.listTestTokens(inProject(b), { metadata: c.metadata });
      return parsed(tests.TestTokenList, listJson);
    }),
    call('createTestToken', { ...projectId, name: text(50) }, tests.TestTokenCreated, (b, c) =>
      c.services.project.createTestToken({ ...inProject(b), name: b.name }, { metadata: c.metadata }),
    ),
    call('revokeTestToken', { ...projectId, testTokenId: id }, Nothing, (b, c) =>
      ok(
        c.services.project.revokeTestToken(
          { ...inProject(b), testTokenId: Number(b.testTokenId) },
          { metadata: c.metadata },
        ),
      ),
    ),

    // A member's export of the plan as a file the CLI runs (the console's 导出测试计划): the same plan as below.
    call('exportTestPlan', planFields, tests.TestPlan, (b, c) => plan(b, c, '')),

    // The CLI's calls: `authorization: Bearer pmbok_pt_…`, a project's API token, checked by the service.
    call(
      'testPlan',
      planFields,
      tests.TestPlan,
      (b, c) => {
        // No token is no member either: the service's member path must not be reached from here.
        const token = apiTokenOf(c.request);
        if (!token) throw new ApiError(400, API_TOKEN_INVALID);
        return plan(b, c, token);
      },
      { access: 'apiToken' },
    ),
    call(
      'testReport',
      { ...projectId, report: Type.String({ maxLength: REPORT_BYTES }), testScenarioId: optionalId },
      tests.TestReportRecorded,
      (b, c) => {
        if (Buffer.byteLength(b.report) > REPORT_BYTES) throw new ApiError(400, '报告不能超过 20 MB');
        const request = {
          token: apiTokenOf(c.request),
          ...inProject(b),
          // Over the 8 MB gRPC message limit as text; a report compresses well.
          reportGzip: gzipSync(b.report),
          testScenarioId: Number(b.testScenarioId || 0),
        };
        return c.services.project.recordTestReport(request, long(c));
      },
      { access: 'apiToken', bodyLimit: REPORT_BODY },
    ),
  ];
}
