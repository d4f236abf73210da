import { hostname } from 'node:os';
import {
  createWorkerPool,
  JobCancelledError,
  type Logger,
  type RunCommand,
  type ServiceRuntime,
  testRunRequests,
  WorkerCrashedError,
  WorkerDeadlineError,
  type WorkerPool,
  WorkerPoolBusyError,
  workerScript,
} from '@pmbok/infra';
import type { RequestResult, RunEvent, RunPlan, RunSummary } from '@pmbok/runner';
import { RESULTS_PER_EVENT, type TestRunCommand, testRunDecider } from '../domain/testRun/businessLogic.js';
import {
  emptySummary,
  type FinalStatus,
  summaryWith,
  type TestRunStartedData,
  testRunStreamId,
} from '../domain/testRun/testRun.js';
import { projects } from '../projections/projects/index.js';
import { type TestRunDoc, testRuns } from '../projections/testRuns/index.js';
import { internalUrl } from './testPlan.js';

/** The live push of a run's progress (docs/api/tests.md, "Runs"): `TestRunPush` of gateway/src/schemas/tests.ts. */
export const TEST_RUN_PUSH = 200400;

/** A run's whole time (the runner's `runTimeoutMs`); the thread's deadline adds a margin for the report. */
export const RUN_LIMIT_MS = 30 * 60_000;
const DEADLINE_MARGIN_MS = 2 * 60_000;
/** A batch of results is written when it has this many, or this long after its first. */
const BATCH_MS = 1_000;

/** What a run's thread gets (testRunWorker.ts): the plan and who may be reached. */
export interface TestRunJob {
  plan: RunPlan;
  /** `PMBOK_TEST_ALLOWED_NETWORKS` as configured (the runner reads the CIDRs). */
  allowedNetworks: string;
  /** URL prefixes always reachable: the instance's own mock. */
  alwaysAllowed: string[];
}

/** The thread's answer: how the run ended (its results came as events before). */
export interface TestRunAnswer {
  status: FinalStatus;
  summary: RunSummary;
  message: string;
  finishedAt: number;
}

export const runMessages = {
  busy: '测试运行排队已满，请稍后再试',
  crashed: '运行所在的线程异常退出（可能占用内存过多），已停止',
  deadline: '运行超过时间上限，已停止',
  stopped: '服务停止，运行被中断',
  restarted: '服务重启，运行被中断',
  lost: '运行所在的服务已不在，运行被中断',
  cancelled: '运行已取消',
  failed: '运行失败，请稍后重试',
} as const;

interface HostDeps {
  runtime: ServiceRuntime;
  logger: Logger;
  now: () => number;
  /** Appends without waiting for the read models: nobody waits on a batch. */
  runCommand: RunCommand;
}

/** One run this process holds: its batch of results not written yet, and how to stop it. */
interface ActiveRun {
  run: TestRunStartedData;
  controller: AbortController;
  pending: RequestResult[];
  timer?: NodeJS.Timeout;
  /** Writes, one after another (batches, then the end). */
  writing: Promise<void>;
  summary: RunSummary;
  finished?: Extract<RunEvent, { type: 'finished' }>;
  done: Promise<void>;
}

const messageOf = (error: unknown): string => {
  if (error instanceof WorkerDeadlineError) return runMessages.deadline;
  if (error instanceof WorkerCrashedError) return runMessages.crashed;
  if (error instanceof JobCancelledError) return runMessages.cancelled;
  return runMessages.failed;
};

/**
 * Runs API tests in worker threads (infra's pool; `testRunWorker.ts`), pushes each event to the member who started
 * the run, and writes results to the run's stream in batches as they come, so a run whose process stops keeps what
 * it had; `finished` writes how it ended. At start, runs this host left running are marked interrupted, and runs
 * older than the longest run time whose process is gone elsewhere are too (checked every minute).
 */
export function createTestRunHost(deps: HostDeps, options: { threads?: number } = {}) {
  const { runtime, logger, now, runCommand } = deps;
  const host = hostname();
  const active = new Map<number, ActiveRun>();
  let pool: WorkerPool | undefined;
  let stopping = false;

  const poolOf = () => {
    pool ??= createWorkerPool({
      script: () => workerScript(import.meta.url, 'testRunWorker'),
      size: options.threads ?? (Number(process.env.PMBOK_TEST_THREADS) || 4),
      deadlineMs: RUN_LIMIT_MS + DEADLINE_MARGIN_MS,
      maxQueue: 100,
      idleMs: 60_000,
      // Results wait in the thread for the report; scripts have their own bounds in the sandbox's thread.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    return pool;
  };

  const command = (testRunId: number, teamId: number, cmd: TestRunCommand) =>
    runCommand(testRunStreamId(testRunId), testRunDecider, cmd, { userId: 0 }, { teamId });

  const teamOf = async (projectId: number) =>
    (await projects(runtime.readStore).findOne({ _id: String(projectId) }))?.teamId ?? 0;

  function push(run: TestRunStartedData, event: RunEvent) {
    const data = { projectId: run.projectId, testRunId: run.testRunId, event };
    runtime.realtime
      .publish({ userId: run.userId }, { code: TEST_RUN_PUSH, data })
      .catch((error) => logger.warn({ err: error, testRunId: run.testRunId }, 'test run push not sent'));
  }

  /** Writes the batch gathered so far (after what is being written). */
  function flush(entry: ActiveRun, teamId: number) {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const results = entry.pending.splice(0);
    if (results.length === 0) return entry.writing;
    entry.writing = entry.writing
      .then(async () => {
        await command(entry.run.testRunId, teamId, { type: 'RecordTestResults', data: { results } });
      })
      .catch((error) => logger.error({ err: error, testRunId: entry.run.testRunId }, 'test results not written'));
    return entry.writing;
  }

  async function finish(entry: ActiveRun, teamId: number, outcome: TestRunAnswer) {
    await flush(entry, teamId);
    const data = {
      status: outcome.status,
      summary: outcome.summary,
      message: outcome.message,
      finishedAt: outcome.finishedAt,
    };
    await command(entry.run.testRunId, teamId, { type: 'FinishTestRun', data }).catch((error) =>
      logger.error({ err: error, testRunId: entry.run.testRunId }, 'test run end not written'),
    );
  }

  /** How the run ended when its thread did not say (a crash, a deadline, the pool stopping, a cancelled wait). */
  const endOf = (entry: ActiveRun, error: unknown): TestRunAnswer => {
    if (!(error instanceof WorkerPoolBusyError || error instanceof JobCancelledError || stopping))
      logger.error({ err: error, testRunId: entry.run.testRunId }, 'test run failed');
    const status: FinalStatus = stopping ? 'interrupted' : error instanceof JobCancelledError ? 'cancelled' : 'error';
    return {
      status,
      summary: entry.summary,
      message: stopping
        ? runMessages.stopped
        : error instanceof WorkerPoolBusyError
          ? runMessages.busy
          : messageOf(error),
      finishedAt: now(),
    };
  };

  return {
    host,

    /** Starts a run whose `TestRunStarted` is written; answers at once (the run goes on in a thread). */
    start(run: TestRunStartedData, plan: RunPlan, teamId: number) {
      const controller = new AbortController();
      const entry: ActiveRun = {
        run,
        controller,
        pending: [],
        writing: Promise.resolve(),
        summary: emptySummary(),
        done: Promise.resolve(),
      };
      active.set(run.testRunId, entry);
      const onProgress = (value: unknown) => {
        const event = value as RunEvent;
        // `finished` is pushed once the run's end is written, so a report read on hearing it is the final one.
        if (event.type !== 'finished') push(run, event);
        if (event.type === 'request') {
          const { result } = event;
          testRunRequests.inc({ outcome: result.error ? 'error' : result.passed ? 'passed' : 'failed' });
          entry.pending.push(result);
          entry.summary = summaryWith(entry.summary, [event.result], run.startedAt);
          if (entry.pending.length >= RESULTS_PER_EVENT) void flush(entry, teamId);
          else entry.timer ??= setTimeout(() => void flush(entry, teamId), BATCH_MS);
        } else if (event.type === 'finished') entry.finished = event;
      };
      const job: TestRunJob = {
        plan,
        allowedNetworks: process.env.PMBOK_TEST_ALLOWED_NETWORKS ?? '',
        alwaysAllowed: [`${internalUrl()}/mock/`],
      };
      entry.done = poolOf()
        .run<TestRunAnswer>(job, { signal: controller.signal, onProgress })
        .catch((error: unknown) => endOf(entry, error))
        .then(async (outcome) => {
          await finish(entry, teamId, outcome);
          // The thread's own `finished`, or (it could not tell) the end written.
          const { status, summary, message, finishedAt } = outcome;
          push(
            run,
            entry.finished ?? { type: 'finished', status, summary, ...(message ? { message } : {}), finishedAt },
          );
        })
        .finally(() => active.delete(run.testRunId));
    },

    /** Asks a run this process holds to stop: its end written, or undefined when it is not here. */
    cancel(testRunId: number): Promise<void> | undefined {
      const entry = active.get(testRunId);
      if (!entry) return undefined;
      entry.controller.abort();
      return entry.done;
    },

    holds: (testRunId: number) => active.has(testRunId),

    /**
     * Marks interrupted the runs left `running` by this host (its process stopped before they ended), and, with
     * `olderThan`, those of any host started before it (their process is gone: no run lasts that long).
     */
    async markInterrupted(olderThan?: number) {
      const running = await testRuns(runtime.readStore).find({ status: 'running' });
      for (const run of running) {
        if (active.has(run.testRunId)) continue;
        const mine = run.host === host;
        const old = olderThan !== undefined && run.startedAt < olderThan;
        if (!mine && !old) continue;
        await interrupt(run, mine ? runMessages.restarted : runMessages.lost);
      }
    },

    /** Ends the threads: the runs under way are written as interrupted with the results they had. */
    async stop() {
      stopping = true;
      const ending = [...active.values()].map((entry) => entry.done);
      await pool?.close();
      await Promise.allSettled(ending);
    },
  };

  async function interrupt(run: TestRunDoc, message: string) {
    const teamId = await teamOf(run.projectId);
    const data = { status: 'interrupted' as const, summary: run.summary, message, finishedAt: now() };
    await command(run.testRunId, teamId, { type: 'FinishTestRun', data }).catch((error) =>
      logger.error({ err: error, testRunId: run.testRunId }, 'interrupted run not marked'),
    );
  }
}

export type TestRunHost = ReturnType<typeof createTestRunHost>;

/** The timer marking runs interrupted whose process is gone (started with the service's reactions). */
export function startInterruptedRunsCheck(host: TestRunHost, now: () => number, logger: Logger) {
  const check = (olderThan?: number) =>
    host.markInterrupted(olderThan).catch((error) => logger.error({ err: error }, 'interrupted runs not checked'));
  const olderThanAnyRun = () => now() - RUN_LIMIT_MS - DEADLINE_MARGIN_MS;
  const timer = setInterval(() => void check(olderThanAnyRun()), 60_000);
  timer.unref();
  return { first: check(olderThanAnyRun()), stop: async () => clearInterval(timer) };
}
