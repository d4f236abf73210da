import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * API tests (docs/api/tests.md): a members-only knowledge project of T in which the ladder's people hold the
 * knowledge roles (teamMember a viewer, projectMember an editor, admin an administrator), with an api node, a case
 * and a scenario running it. Built once per world.
 */
interface Tested {
  projectId: string;
  apiId: string;
  caseId: string;
  scenarioId: string;
  /** A scenario that waits a minute: a run of it is still running when a cancel comes. */
  slowScenarioId: string;
  /** A run of the case (it fails: nothing answers at the internal address, which does not matter here). */
  runId: string;
  tokenId: string;
  token: string;
}

type As = (path: string, body: Body) => Promise<any>;

const caseContent = JSON.stringify({
  request: { method: 'GET', url: '/q' },
  assertions: [{ source: 'status', operator: 'equals', expected: '200' }],
  extractions: [],
  preScript: '',
  testScript: '',
});
const scenarioContent = (caseId: string) =>
  JSON.stringify({
    steps: [{ id: 's1', kind: 'case', caseKey: caseId }],
    stopOnFailure: true,
    projectConfigId: 0,
    variables: [],
    data: null,
  });

const asOwner =
  (h: Harness, w: World, a: Actors): As =>
  async (path, body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };

async function buildTested(h: Harness, w: World, a: Actors): Promise<Tested> {
  const as = asOwner(h, w, a);
  // Named apart from T's secrets: what a token holder reads of it is not a leak of T.
  const projectId = String((await as('project/create', { name: '接口测试项目', privateType: 'members' })).projectId);
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await as('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  const api = await as('project/addStructure', { projectId, kind: 'api', name: '查询', method: 'GET', path: '/q' });
  const apiId = String(api.projectStructureId);
  const { testCaseId } = await as('project/saveTestCase', {
    projectId,
    projectStructureId: apiId,
    name: '查询成功',
    content: caseContent,
  });
  const caseId = String(testCaseId);
  const { testScenarioId } = await as('project/saveTestScenario', {
    projectId,
    name: '冒烟',
    content: scenarioContent(caseId),
  });
  const slow = await as('project/saveTestScenario', {
    projectId,
    name: '慢',
    content: JSON.stringify({
      steps: [{ id: 'w', kind: 'wait', ms: 60_000 }],
      stopOnFailure: true,
      projectConfigId: 0,
      variables: [],
      data: null,
    }),
  });
  const { testRunId } = await as('project/runTest', { projectId, testCaseIds: `[${caseId}]` });
  const { testTokenId, token } = await as('project/createTestToken', { projectId, name: 'CI' });
  return {
    projectId,
    apiId,
    caseId,
    scenarioId: String(testScenarioId),
    slowScenarioId: String(slow.testScenarioId),
    runId: String(testRunId),
    tokenId: String(testTokenId),
    token,
  };
}

const built = new Map<string, Promise<Tested>>();
const testedIn = (c: AccessContext) => {
  let found = built.get(c.w.teamId);
  if (!found) {
    found = buildTested(c.h, c.w, c.a);
    built.set(c.w.teamId, found);
  }
  return found;
};
const onTested = (
  least: Access['least'],
  body: (t: Tested, c: AccessContext) => Body | Promise<Body>,
  extra: Partial<Access> = {},
): Access => ({
  least,
  body: async (c) => body(await testedIn(c), c),
  ...extra,
});

/** A case or scenario made for the allowed run of a delete (the refused runs name the shared one). */
async function fresh(c: AccessContext, t: Tested, kind: 'case' | 'scenario'): Promise<string> {
  const as = asOwner(c.h, c.w, c.a);
  if (kind === 'case') {
    const body = { projectId: t.projectId, projectStructureId: t.apiId, name: '待删除', content: caseContent };
    return String((await as('project/saveTestCase', body)).testCaseId);
  }
  const body = { projectId: t.projectId, name: '待删除', content: scenarioContent(t.caseId) };
  return String((await as('project/saveTestScenario', body)).testScenarioId);
}

/** A run of the slow scenario started by the caller, for the allowed run of a cancel. */
async function runningRun(c: AccessContext, t: Tested): Promise<string> {
  const body = { teamId: c.w.teamId, projectId: t.projectId, testScenarioId: t.slowScenarioId };
  const answer = await c.h.call('project/runTest', body, c.me.token);
  if (answer.code !== 200) throw new Error(`runTest: ${answer.code} ${answer.msg}`);
  return String(answer.data.testRunId);
}

const report = JSON.stringify({
  name: 'CI 冒烟',
  status: 'passed',
  environment: '预发',
  startedAt: 1_700_000_000_000,
  finishedAt: 1_700_000_001_000,
  summary: {
    requests: 0,
    failedRequests: 0,
    assertions: 0,
    failedAssertions: 0,
    scriptErrors: 0,
    iterations: 1,
    durationMs: 1_000,
  },
  results: [],
});

/** Every signed-in rung: their session tokens are no API tokens. */
const everyone: Access['refusedAlso'] = ['stranger', 'teamMember', 'projectMember', 'admin', 'owner'];

export const testsAccess: Record<string, Access> = {
  'project/testCases': onTested('teamMember', (t) => ({ projectId: t.projectId })),
  'project/testCase': onTested('teamMember', (t) => ({ projectId: t.projectId, testCaseId: t.caseId })),
  'project/saveTestCase': onTested('projectMember', (t) => ({
    projectId: t.projectId,
    projectStructureId: t.apiId,
    name: '新用例',
    content: caseContent,
  })),
  'project/deleteTestCase': onTested('projectMember', async (t, c) => ({
    projectId: t.projectId,
    testCaseId: c.allowed ? await fresh(c, t, 'case') : t.caseId,
  })),
  'project/testScenarios': onTested('teamMember', (t) => ({ projectId: t.projectId })),
  'project/testScenario': onTested('teamMember', (t) => ({ projectId: t.projectId, testScenarioId: t.scenarioId })),
  'project/saveTestScenario': onTested('projectMember', (t) => ({
    projectId: t.projectId,
    name: '新场景',
    content: scenarioContent(t.caseId),
  })),
  'project/deleteTestScenario': onTested('projectMember', async (t, c) => ({
    projectId: t.projectId,
    testScenarioId: c.allowed ? await fresh(c, t, 'scenario') : t.scenarioId,
  })),
  'project/runTest': onTested('projectMember', (t) => ({ projectId: t.projectId, testCaseIds: `[${t.caseId}]` })),
  'project/testRuns': onTested('teamMember', (t) => ({ projectId: t.projectId, testCaseId: t.caseId })),
  'project/testRun': onTested('teamMember', (t) => ({ projectId: t.projectId, testRunId: t.runId })),
  'project/cancelTestRun': onTested('projectMember', async (t, c) => ({
    projectId: t.projectId,
    testRunId: c.allowed ? await runningRun(c, t) : t.runId,
  })),
  'project/testTokens': onTested('admin', (t) => ({ projectId: t.projectId })),
  // A world of its own: the malformed-input sweep's valid variants make tokens up to the project's bound.
  'project/createTestToken': onTested('admin', (t) => ({ projectId: t.projectId, name: '流水线' }), { fresh: true }),
  'project/revokeTestToken': onTested('admin', async (t, c) => ({
    projectId: t.projectId,
    testTokenId: c.allowed
      ? String(
          (await asOwner(c.h, c.w, c.a)('project/createTestToken', { projectId: t.projectId, name: '一次' }))
            .testTokenId,
        )
      : t.tokenId,
  })),
  // It carries the environment's secrets: members who may write only, as for a run.
  'project/exportTestPlan': onTested('projectMember', (t) => ({
    projectId: t.projectId,
    testScenarioId: t.scenarioId,
  })),
  'project/testPlan': onTested('public', (t) => ({ projectId: t.projectId, testScenarioId: t.scenarioId }), {
    refusedAlso: everyone,
    authorization: async (c) => `Bearer ${(await testedIn(c)).token}`,
  }),
  'project/testReport': onTested('public', (t) => ({ projectId: t.projectId, report, testScenarioId: t.scenarioId }), {
    refusedAlso: everyone,
    authorization: async (c) => `Bearer ${(await testedIn(c)).token}`,
  }),
};
