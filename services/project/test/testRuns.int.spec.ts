import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  type Caller,
  callerMetadata,
  connectService,
  createLogger,
  loadRuntimeConfig,
  openServiceRuntime,
  type RunningService,
} from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import type { RequestResult } from '@pmbok/runner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testRunStreamId } from '../src/domain/testRun/testRun.js';
import { refusal } from './mockHarness.js';

const OWNER = 7501;
const EDITOR = 7502;
const ADMIN = 7503;
const VIEWER = 7504;

/**
 * Runs in the project service over gRPC (docs/api/tests.md, "Runs"): what a stopped process leaves is marked
 * interrupted with the results it had, cancelling, the limits, re-running what failed. Requests go to a private
 * address the guard refuses (a failed request, written at once), so nothing leaves the machine.
 */
describe('API test runs over gRPC', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-test-runs-'));
  const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', DATA_DIR: dataDir };
  const config = loadRuntimeConfig({ ...env, EVENT_STORE_SYNC: 'normal', LOG_LEVEL: 'silent' });
  const options = { config, logger: createLogger('test', 'silent'), host: '127.0.0.1', port: 0 };
  let teamService: RunningService;
  let projectService: RunningService;
  let team: ReturnType<typeof connectService<typeof teamv1.TeamServiceDefinition>>;
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>;
  let teamId = 0;
  let projectId = 0;
  let caseId = 0;
  let slowScenarioId = 0;

  const as = (userId: number) => ({ metadata: callerMetadata({ userId, teamId } as Partial<Caller>) });
  const client = () => project.client;
  const startProject = async () => {
    projectService = await startProjectService(options);
    project = connectService(projectv1.ProjectServiceDefinition, projectService.address);
  };
  const stopProject = async () => {
    project.close();
    await projectService.stop();
  };
  const runOf = async (testRunId: number, userId = EDITOR) =>
    JSON.parse(gunzipSync((await client().getTestRun({ projectId, testRunId }, as(userId))).detailGzip).toString());
  const run = (userId: number, input: { testScenarioId?: number; testCaseIds?: number[]; rerunOf?: number }) =>
    client().runTest({ projectId, testScenarioId: 0, testCaseIds: [], rerunOf: 0, ...input }, as(userId));
  const cancel = (testRunId: number) => client().cancelTestRun({ projectId, testRunId }, as(EDITOR));

  beforeAll(async () => {
    const { startTeamService } = await import('@pmbok/team-service');
    teamService = await startTeamService(options);
    team = connectService(teamv1.TeamServiceDefinition, teamService.address);
    await startProject();
    teamId = (await team.client.createTeam({ name: '测试队' }, { metadata: callerMetadata({ userId: OWNER }) })).teamId;
    const { shareCode } = await team.client.getShareInfo({ teamId }, as(OWNER));
    for (const userId of [EDITOR, ADMIN, VIEWER])
      await team.client.joinByShareCode({ shareCode }, { metadata: callerMetadata({ userId }) });
    projectId = (await client().createProject({ name: '宠物商店' }, as(OWNER))).projectId;
    const { ProjectRole } = projectv1;
    await client().addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await client().addMembers({ projectId, userIds: [ADMIN], role: ProjectRole.PROJECT_ROLE_ADMINISTRATOR }, as(OWNER));
    await client().addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
    const api = await client().addStructure(
      {
        projectId,
        parentId: 0,
        kind: projectv1.NodeKind.NODE_KIND_API,
        name: '查询',
        templateId: 0,
        method: 'GET',
        path: '/x',
      },
      as(EDITOR),
    );
    const content = {
      request: { method: 'GET', url: 'http://127.0.0.1:9/x' },
      assertions: [{ source: 'status', operator: 'equals', expected: '200' }],
    };
    caseId = (
      await client().saveTestCase(
        {
          projectId,
          testCaseId: 0,
          projectStructureId: api.projectStructureId,
          name: '被拒的请求',
          contentJson: JSON.stringify(content),
          baseVersion: 0,
        },
        as(EDITOR),
      )
    ).testCaseId;
    const steps = [
      { id: 'first', kind: 'case', caseKey: String(caseId) },
      { id: 'wait', kind: 'wait', ms: 60_000 },
    ];
    slowScenarioId = (
      await client().saveTestScenario(
        {
          projectId,
          testScenarioId: 0,
          name: '慢场景',
          description: '',
          contentJson: JSON.stringify({ steps, stopOnFailure: false }),
          baseVersion: 0,
        },
        as(EDITOR),
      )
    ).testScenarioId;
  });
  afterAll(async () => {
    await stopProject();
    team.close();
    await teamService.stop();
  });

  it('keeps what a run under way had when the service stops, marked interrupted', async () => {
    const { testRunId } = await run(EDITOR, { testScenarioId: slowScenarioId });
    // The first step's result is written within a second; the run then waits a minute.
    await vi.waitFor(async () => expect((await runOf(testRunId)).report.results).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    await stopProject();
    await startProject();
    const detail = await runOf(testRunId);
    expect(detail).toMatchObject({
      status: 'interrupted',
      report: { status: 'interrupted', message: '服务停止，运行被中断', results: [{ stepId: 'first', passed: false }] },
      summary: { requests: 1, failedRequests: 1 },
    });
    expect(detail.finishedAt).toBeGreaterThan(0);
  });

  it('marks interrupted at start what this host’s crashed process left running, and long-gone runs of other hosts', async () => {
    await stopProject();
    const now = Date.now();
    const started = (testRunId: number, host: string, startedAt: number) => ({
      type: 'TestRunStarted',
      data: {
        testRunId,
        projectId,
        name: '崩溃前',
        testScenarioId: 0,
        testCaseIds: [caseId],
        caseIds: [caseId],
        environment: 'Mock 服务',
        projectConfigId: 0,
        trigger: 'console',
        userId: EDITOR,
        rerunOf: 0,
        host,
        startedAt,
      },
    });
    const result: RequestResult = {
      stepPath: String(caseId),
      stepId: String(caseId),
      caseKey: String(caseId),
      name: '被拒的请求',
      iteration: 0,
      error: { kind: 'guard', message: '不允许访问内网地址' },
      assertions: [],
      scripts: [],
      passed: false,
      startedAt: now,
      durationMs: 3,
      source: { caseId },
    };
    const runtime = await openServiceRuntime('project', config);
    const ids = { mine: 901, gone: 902, elsewhere: 903 };
    await runtime.eventStore.append(
      testRunStreamId(ids.mine),
      [
        started(ids.mine, hostname(), now),
        { type: 'TestRunResultsRecorded', data: { testRunId: ids.mine, projectId, results: [result] } },
      ],
      0,
    );
    await runtime.eventStore.append(testRunStreamId(ids.gone), [started(ids.gone, 'gone-host', now - 40 * 60_000)], 0);
    await runtime.eventStore.append(testRunStreamId(ids.elsewhere), [started(ids.elsewhere, 'other-host', now)], 0);
    await runtime.close();
    await startProject();

    expect(await runOf(ids.mine)).toMatchObject({
      status: 'interrupted',
      summary: { requests: 1, failedRequests: 1 },
      report: { message: '服务重启，运行被中断', results: [{ stepId: String(caseId), passed: false }] },
    });
    expect((await runOf(ids.gone)).report.message).toBe('运行所在的服务已不在，运行被中断');
    // Another host's recent run may still be going there.
    expect((await runOf(ids.elsewhere)).status).toBe('running');
    await cancel(ids.elsewhere);
    expect(await runOf(ids.elsewhere)).toMatchObject({ status: 'cancelled', report: { message: '运行已取消' } });
  });

  it('cancels a run this process holds, and refuses to cancel one that ended', async () => {
    const { testRunId } = await run(EDITOR, { testScenarioId: slowScenarioId });
    await cancel(testRunId);
    expect(await runOf(testRunId)).toMatchObject({ status: 'cancelled', report: { status: 'cancelled' } });
    expect(await refusal(cancel(testRunId))).toBe('运行已结束');
    expect(await refusal(client().cancelTestRun({ projectId, testRunId }, as(VIEWER)))).toBe(
      '你只能查看该项目，不能修改',
    );
  });

  it('runs at most 2 runs per member and 4 per project at once', async () => {
    const running = [
      await run(EDITOR, { testScenarioId: slowScenarioId }),
      await run(EDITOR, { testScenarioId: slowScenarioId }),
    ];
    expect(await refusal(run(EDITOR, { testScenarioId: slowScenarioId }))).toBe(
      '正在运行的测试过多，请等待当前运行结束',
    );
    running.push(
      await run(OWNER, { testScenarioId: slowScenarioId }),
      await run(OWNER, { testScenarioId: slowScenarioId }),
    );
    expect(await refusal(run(ADMIN, { testScenarioId: slowScenarioId }))).toBe(
      '正在运行的测试过多，请等待当前运行结束',
    );
    for (const { testRunId } of running) await cancel(testRunId);
    expect((await run(ADMIN, { testCaseIds: [caseId] })).testRunId).toBeGreaterThan(0);
  });

  it('re-runs only what failed', async () => {
    const { testRunId } = await run(EDITOR, { testScenarioId: slowScenarioId });
    await vi.waitFor(async () => expect((await runOf(testRunId)).report.results).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    await cancel(testRunId);
    // The wait step did not fail: only the case runs again, and the run ends without waiting a minute.
    const again = await run(EDITOR, { rerunOf: testRunId });
    await vi.waitFor(async () => expect((await runOf(again.testRunId)).status).toBe('failed'), {
      timeout: 10_000,
      interval: 100,
    });
    const detail = await runOf(again.testRunId);
    expect(detail).toMatchObject({ rerunOf: testRunId, testScenarioId: slowScenarioId });
    expect(detail.report.results.map((r: RequestResult) => r.stepId)).toEqual(['first']);
    const listed = await client().listTestRuns(
      { projectId, testScenarioId: slowScenarioId, testCaseId: 0, page: 1, pageSize: 2 },
      as(VIEWER),
    );
    const page = JSON.parse(listed.pageJson);
    expect(page).toMatchObject({ page: 1, pageSize: 2, list: [{ testRunId: again.testRunId }, { testRunId }] });
    expect(page.total).toBeGreaterThan(2);
  });
});
