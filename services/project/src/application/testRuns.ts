import { type Caller, invalid, nextNumericId, notFound } from '@pmbok/infra';
import { type TestRunCommand, testRunDecider } from '../domain/testRun/businessLogic.js';
import { testRunStreamId } from '../domain/testRun/testRun.js';
import { namesOf } from '../projections/people/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { type TestRunDoc, testRuns } from '../projections/testRuns/index.js';
import type { ProjectContext } from './context.js';
import { createTestPlans, type PlanTarget } from './testPlan.js';
import type { TestRunHost } from './testRunHost.js';
import { runMessages } from './testRunHost.js';
import { failedStepIds, reportOf } from './testRunReport.js';
import { runSummaryView } from './testRunViews.js';

export const RUNS_PER_MEMBER = 2;
export const RUNS_PER_PROJECT = 4;
export const CASES_PER_RUN = 200;
const CANCEL_WAIT_MS = 3_000;

export const testRunMessages = {
  notFound: '运行记录不存在',
  tooMany: '正在运行的测试过多，请等待当前运行结束',
  target: '请选择要运行的场景或用例（二选一）',
  tooManyCases: `一次最多运行 ${CASES_PER_RUN} 个用例`,
  nothingFailed: '这次运行没有失败的步骤',
  finished: '运行已结束',
} as const;

export interface RunInput {
  testScenarioId: number;
  testCaseIds: number[];
  /** Unset: the scenario's (a re-run: its run's), else the mock. */
  projectConfigId?: number;
  rerunOf: number;
}

/**
 * Runs (docs/api/tests.md, "Runs"): writers start and cancel them, whoever sees the project reads the history and
 * the reports. A run is written as started here, then goes on in the host's thread.
 */
export function createTestRuns(context: ProjectContext, host: TestRunHost) {
  const { readStore, eventStore, now, runCommand } = context;
  const plans = createTestPlans(context);

  async function found(projectId: number, testRunId: number): Promise<TestRunDoc> {
    const doc = testRunId > 0 ? await testRuns(readStore).findOne({ _id: String(testRunId) }) : null;
    if (doc?.projectId !== projectId) throw notFound(testRunMessages.notFound);
    return doc;
  }

  /** What the run runs: as asked, or (a re-run asking nothing) what the earlier run ran. */
  function targetOf(input: RunInput, earlier?: TestRunDoc): PlanTarget {
    const scenario = input.testScenarioId || (input.testCaseIds.length ? 0 : (earlier?.testScenarioId ?? 0));
    const cases = input.testScenarioId
      ? []
      : input.testCaseIds.length
        ? input.testCaseIds
        : (earlier?.testCaseIds ?? []);
    if (scenario > 0 === cases.length > 0) throw invalid(testRunMessages.target);
    if (cases.length > CASES_PER_RUN) throw invalid(testRunMessages.tooManyCases);
    return scenario > 0 ? { testScenarioId: scenario } : { testCaseIds: cases };
  }

  async function underLimits(projectId: number, userId: number) {
    const [mine, project] = await Promise.all([
      testRuns(readStore).count({ status: 'running', userId, trigger: 'console' }),
      testRuns(readStore).count({ status: 'running', projectId, trigger: 'console' }),
    ]);
    if (mine >= RUNS_PER_MEMBER || project >= RUNS_PER_PROJECT) throw invalid(testRunMessages.tooMany);
  }

  const record = (project: ProjectDoc, testRunId: number, command: TestRunCommand, caller: Caller) =>
    runCommand(testRunStreamId(testRunId), testRunDecider, command, caller, { teamId: project.teamId });

  return {
    plans,

    async run(projectId: number, input: RunInput, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const earlier = input.rerunOf ? await found(projectId, input.rerunOf) : undefined;
      const target = targetOf(input, earlier);
      const onlyStepIds = earlier ? await failedStepIds(eventStore, earlier.testRunId) : undefined;
      if (onlyStepIds?.length === 0) throw invalid(testRunMessages.nothingFailed);
      await underLimits(projectId, caller.userId);
      const environment = { projectConfigId: input.projectConfigId ?? earlier?.projectConfigId };
      const built = await plans.build(project, target, { environment, onlyStepIds });
      const testRunId = nextNumericId(now());
      const run = {
        testRunId,
        projectId,
        name: built.plan.name,
        testScenarioId: 'testScenarioId' in target ? target.testScenarioId : 0,
        testCaseIds: 'testCaseIds' in target ? target.testCaseIds : [],
        caseIds: built.caseIds,
        environment: built.plan.environment.name,
        projectConfigId: built.projectConfigId,
        trigger: 'console' as const,
        userId: caller.userId,
        rerunOf: earlier?.testRunId ?? 0,
        host: host.host,
        startedAt: now(),
      };
      await record(project, testRunId, { type: 'StartTestRun', data: run }, caller);
      host.start(run, built.plan, project.teamId);
      return { testRunId };
    },

    async list(
      projectId: number,
      input: { testScenarioId: number; testCaseId: number; page: number; pageSize: number },
      caller: Caller,
    ) {
      await context.readable(projectId, caller);
      const page = Math.max(1, input.page || 1);
      const pageSize = Math.min(100, Math.max(1, input.pageSize || 20));
      const filter: Record<string, unknown> = { projectId };
      if (input.testScenarioId) filter.testScenarioId = input.testScenarioId;
      if (input.testCaseId) filter.caseIds = input.testCaseId;
      const [docs, total] = await Promise.all([
        testRuns(readStore).find(filter, {
          sort: { startedAt: -1, testRunId: -1 },
          skip: (page - 1) * pageSize,
          limit: pageSize,
        }),
        testRuns(readStore).count(filter),
      ]);
      const names = await namesOf(
        readStore,
        docs.map((doc) => doc.userId),
      );
      return { list: docs.map((doc) => runSummaryView(doc, names.get(doc.userId) ?? '')), total, page, pageSize };
    },

    async detail(projectId: number, testRunId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const doc = await found(projectId, testRunId);
      const names = await namesOf(readStore, [doc.userId]);
      return { ...runSummaryView(doc, names.get(doc.userId) ?? ''), report: await reportOf(eventStore, doc) };
    },

    async cancel(projectId: number, testRunId: number, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const doc = await found(projectId, testRunId);
      if (doc.status !== 'running') throw invalid(testRunMessages.finished);
      const ending = host.cancel(testRunId);
      if (ending) {
        // The run stops after the request or script under way: answered once it has, or after a few seconds.
        await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, CANCEL_WAIT_MS).unref())]);
        return;
      }
      // Held by a process that is gone or elsewhere: recorded as cancelled here; a late batch of it is not taken.
      const data = {
        status: 'cancelled' as const,
        summary: doc.summary,
        message: runMessages.cancelled,
        finishedAt: now(),
      };
      await record(project, testRunId, { type: 'FinishTestRun', data }, caller);
    },
  };
}

export type TestRunUseCases = ReturnType<typeof createTestRuns>;
