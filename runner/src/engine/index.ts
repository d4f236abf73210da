import {
  DEFAULT_LIMITS,
  type RequestResult,
  type RunEvent,
  type RunPlan,
  type RunReport,
  type RunStatus,
  type RunSummary,
  type Step,
} from '../model.js';
import type { HttpClient, Sandbox, SandboxOptions, VariableScopes } from '../ports.js';
import { scriptPassed } from './caseRun.js';
import { secretMasker } from './mask.js';
import { createSchemaChecker } from './schemas.js';
import { RunStop, runSteps, type StepsContext } from './steps.js';

export { OPERATOR_NAMES, SOURCE_NAMES, selectPath } from './checks.js';
export { conditionHolds, RunStop } from './steps.js';

/** What a run needs from its host: the guarded client, the sandbox factory, a way to stop it, a listener. */
export interface RunOptions {
  http: HttpClient;
  /** The QuickJS sandbox by default; one sandbox serves the whole run. */
  createSandbox?: (options: SandboxOptions) => Promise<Sandbox>;
  /** Aborting ends the run as `cancelled` after the request or script under way. */
  signal?: AbortSignal;
  /** Every event as it happens (secrets already masked). */
  onEvent?: (event: RunEvent) => void;
  now?: () => number;
}

const toMap = (list: { name: string; value: string }[] | undefined) =>
  new Map((list ?? []).filter((item) => item.name).map((item) => [item.name, item.value]));

/**
 * Runs a plan to its end and answers its report; never throws for what the plan or the servers do (a circular
 * scenario, a refused address, a script error: all are in the report), only for a programming error.
 */
export async function runPlan(plan: RunPlan, options: RunOptions): Promise<RunReport> {
  const limits = { ...DEFAULT_LIMITS, ...plan.limits };
  const now = options.now ?? Date.now;
  const mask = secretMasker(plan);
  const emit = (event: RunEvent) => options.onEvent?.(mask(event));
  const scopes: VariableScopes = {
    globals: toMap(plan.globals),
    collection: toMap(plan.variables),
    environment: toMap(plan.environment.variables),
    data: new Map(),
    local: new Map(),
  };
  const rows = plan.data?.rows ?? [];
  const iterations = Math.min(
    rows.length > 0 ? rows.length : Math.max(1, plan.iterationCount ?? 1),
    limits.maxIterations,
  );

  // The run's own stop: the caller's signal, or the run's time limit.
  const controller = new AbortController();
  let stopReason: RunStop | undefined;
  const onAbort = () => {
    stopReason ??= new RunStop('cancelled', '运行已取消');
    controller.abort();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const deadline = setTimeout(() => {
    stopReason ??= new RunStop('error', `运行超过 ${Math.round(limits.runTimeoutMs / 60_000)} 分钟，已停止`);
    controller.abort();
  }, limits.runTimeoutMs);

  let sandbox: Promise<Sandbox> | undefined;
  const getSandbox = () => {
    sandbox ??= (async () => {
      const create = options.createSandbox ?? (await import('../sandbox/index.js')).createSandbox;
      return create({ limits, http: options.http, maxSendRequests: limits.maxRequests });
    })();
    return sandbox;
  };

  const results: RequestResult[] = [];
  let requests = 0;
  const context: StepsContext = {
    plan,
    limits,
    http: options.http,
    scopes,
    sandbox: getSandbox,
    checker: createSchemaChecker(),
    now,
    iterationCount: iterations,
    signal: controller.signal,
    stopOnFailure: plan.stopOnFailure ?? true,
    ...(plan.onlyStepIds ? { onlyStepIds: new Set(plan.onlyStepIds) } : {}),
    countRequest: () => {
      if (++requests > limits.maxRequests) throw new RunStop('error', `请求数超过上限 ${limits.maxRequests}，已停止`);
    },
    onStep: (step: Step, stepPath: string, iteration: number) =>
      emit({
        type: 'step',
        stepPath,
        stepId: step.id,
        kind: step.kind,
        name: step.name ?? stepName(plan, step),
        iteration,
      }),
    onResult: (result: RequestResult) => {
      const masked = mask(result);
      results.push(masked);
      options.onEvent?.({ type: 'request', result: masked });
    },
  };

  const startedAt = now();
  emit({ type: 'started', name: plan.name, startedAt, iterations });
  const entry = entrySteps(plan);
  let status: RunStatus = 'passed';
  let message: string | undefined;
  let iterationsRun = 0;
  try {
    for (let iteration = 0; iteration < iterations; iteration++) {
      const row = rows[iteration];
      scopes.data = new Map((plan.data?.columns ?? []).map((column, index) => [column, row?.[index] ?? '']));
      emit({ type: 'iteration', iteration, ...(row ? { data: Object.fromEntries(scopes.data) } : {}) });
      iterationsRun++;
      const flow = await runSteps(entry.steps, entry.stack, '', iteration, context);
      if (flow === 'stop' && context.stopOnFailure && results.some((result) => !result.passed)) break;
    }
  } catch (error) {
    const stop = stopReason ?? (error instanceof RunStop ? error : undefined);
    if (!stop) throw error;
    status = stop.status;
    message = stop.message;
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onAbort);
    if (sandbox) (await sandbox.catch(() => undefined))?.dispose();
  }
  if (stopReason && status === 'passed') {
    status = stopReason.status;
    message = stopReason.message;
  }
  if (status === 'passed' && results.some((result) => !result.passed)) status = 'failed';

  const finishedAt = now();
  const summary = summarize(results, iterationsRun, finishedAt - startedAt);
  emit({ type: 'finished', status, summary, ...(message ? { message } : {}), finishedAt });
  return {
    name: plan.name,
    status,
    ...(message ? { message } : {}),
    environment: plan.environment.name,
    startedAt,
    finishedAt,
    summary,
    results,
  };
}

/** The entry as steps: a scenario's own, or the listed cases one after another. */
function entrySteps(plan: RunPlan) {
  if ('scenarioKey' in plan.entry) {
    const scenario = plan.scenarios[plan.entry.scenarioKey];
    if (!scenario) return { steps: [] as Step[], stack: [] };
    return { steps: scenario.steps, stack: [scenario] };
  }
  const steps: Step[] = plan.entry.caseKeys.map((caseKey) => ({ id: caseKey, kind: 'case', caseKey }));
  return { steps, stack: [] };
}

function stepName(plan: RunPlan, step: Step): string {
  if (step.kind === 'case') return plan.cases[step.caseKey]?.name ?? step.caseKey;
  if (step.kind === 'scenario') return plan.scenarios[step.scenarioKey]?.name ?? step.scenarioKey;
  if (step.kind === 'wait') return `等待 ${step.ms} ms`;
  return step.kind === 'if' ? '条件' : '循环';
}

export function summarize(results: RequestResult[], iterations: number, durationMs: number): RunSummary {
  let assertions = 0;
  let failedAssertions = 0;
  let scriptErrors = 0;
  for (const result of results) {
    assertions += result.assertions.length;
    failedAssertions += result.assertions.filter((assertion) => !assertion.passed).length;
    scriptErrors += result.scripts.filter((script) => !scriptPassed(script)).length;
  }
  return {
    requests: results.filter((result) => !result.skipped).length,
    failedRequests: results.filter((result) => !result.passed).length,
    assertions,
    failedAssertions,
    scriptErrors,
    iterations,
    durationMs: Math.round(durationMs),
  };
}
