import type {
  AssertionResult,
  PlanCase,
  ReceivedResponse,
  RequestResult,
  RunLimits,
  RunPlan,
  ScriptRun,
} from '../model.js';
import {
  type HttpClient,
  HttpError,
  type HttpResponse,
  type Sandbox,
  type ScriptRequest,
  type VariableScopes,
} from '../ports.js';
import { replaceVariables } from '../variables/index.js';
import { checkAssertion, extractValue, ResponseView } from './checks.js';
import { prepareRequest, scriptRequestOf } from './request.js';
import type { SchemaChecker } from './schemas.js';

/** What one case needs from the run around it. */
export interface CaseContext {
  plan: RunPlan;
  limits: RunLimits;
  http: HttpClient;
  scopes: VariableScopes;
  sandbox: () => Promise<Sandbox>;
  checker: SchemaChecker;
  now: () => number;
  iterationCount: number;
}

export interface CaseOutcome {
  result: RequestResult;
  /** `setNextRequest`: a request's name to go to, or null to stop this iteration. */
  next?: string | null;
}

/** A script that only talked past the console's limit still did its work: its output was cut, the step stands. */
export const scriptPassed = (run: ScriptRun) => !run.error || run.error.kind === 'output';

const truncate = (text: string, max: number) =>
  text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };

/** Sends one case's request between its scripts, then runs its extractions, assertions and test scripts. */
export async function runCase(
  planCase: PlanCase,
  where: { stepId: string; stepPath: string; iteration: number },
  context: CaseContext,
): Promise<CaseOutcome> {
  const { plan, limits, scopes } = context;
  const startedAt = context.now();
  const unresolved = new Set<string>();
  const resolve = (text: string) => {
    const outcome = replaceVariables(text, scopes);
    for (const name of outcome.unresolved) unresolved.add(name);
    return outcome.text;
  };
  const scripts: ScriptRun[] = [];
  const tests: AssertionResult[] = [];
  const info = {
    iteration: where.iteration,
    iterationCount: context.iterationCount,
    requestName: planCase.name,
    requestId: planCase.key,
  };
  let next: string | null | undefined;
  const written = scriptRequestOf(planCase.request, plan.environment, planCase.name);
  let scripted: ScriptRequest = structuredClone(written);
  let skipped = false;

  for (const script of planCase.preScripts ?? []) {
    if (!script.code.trim()) continue;
    const sandbox = await context.sandbox();
    const out = await sandbox.run({
      phase: 'pre',
      name: script.name,
      code: script.code,
      request: scripted,
      scopes,
      info,
    });
    scripts.push(out.run);
    tests.push(...out.tests);
    scripted = out.request;
    if (out.nextRequest !== undefined) next = out.nextRequest;
    if (out.skipRequest) {
      skipped = true;
      break;
    }
  }

  const base = {
    stepPath: where.stepPath,
    stepId: where.stepId,
    caseKey: planCase.key,
    name: planCase.name,
    iteration: where.iteration,
  };
  const finish = (extra: Partial<RequestResult>): CaseOutcome => {
    const result: RequestResult = {
      ...base,
      assertions: tests,
      scripts,
      passed: false,
      startedAt,
      durationMs: Math.round(context.now() - startedAt),
      ...(planCase.source ? { source: planCase.source } : {}),
      ...(unresolved.size ? { unresolved: [...unresolved] } : {}),
      ...extra,
    };
    result.passed = !result.error && tests.every((test) => test.passed) && scripts.every(scriptPassed);
    return next === undefined ? { result } : { result, next };
  };
  if (skipped) return finish({ skipped: true });

  const timeoutMs = Math.min(planCase.request.timeoutMs ?? limits.requestTimeoutMs, limits.requestTimeoutMs);
  const prepared = prepareRequest(planCase.request, scripted, written, plan.environment, resolve, timeoutMs);
  const bodyText =
    prepared.body === undefined
      ? undefined
      : typeof prepared.body === 'string'
        ? prepared.body
        : new TextDecoder().decode(prepared.body);
  const sentBody = bodyText === undefined ? undefined : truncate(bodyText, limits.reportBodyBytes);
  const request = {
    method: prepared.method,
    url: prepared.url,
    headers: prepared.headers,
    ...(sentBody ? { body: sentBody.text, ...(sentBody.truncated ? { bodyTruncated: true } : {}) } : {}),
  };

  let response: HttpResponse;
  try {
    response = await context.http.send(prepared);
  } catch (error) {
    const failure =
      error instanceof HttpError
        ? { kind: error.kind, message: error.message }
        : { kind: 'network' as const, message: `请求失败：${(error as Error).message}` };
    if (unresolved.size && failure.kind === 'invalid') {
      failure.message = `${failure.message}（未解析的变量：${[...unresolved].join('、')}）`;
    }
    return finish({ request, error: failure });
  }

  const view = new ResponseView(response);
  const extracted: NonNullable<RequestResult['extracted']> = [];
  for (const extraction of planCase.extractions ?? []) {
    if (extraction.enabled === false || !extraction.variable) continue;
    const value = extractValue(extraction, view);
    if (value === undefined) extracted.push({ variable: extraction.variable, value: '', missing: true });
    else {
      scopes.local.set(extraction.variable, value);
      extracted.push({ variable: extraction.variable, value: truncate(value, 2_000).text });
    }
  }
  for (const assertion of planCase.assertions ?? []) {
    if (assertion.enabled === false) continue;
    tests.push(
      checkAssertion(assertion, view, resolve, {
        ...(planCase.responseSchemas ? { schemas: planCase.responseSchemas } : {}),
        ...(plan.components ? { components: plan.components } : {}),
        cacheKey: planCase.key,
        checker: context.checker,
      }),
    );
  }
  const sentForScripts: ScriptRequest = {
    ...scripted,
    method: prepared.method,
    url: prepared.url,
    headers: prepared.headers,
  };
  for (const script of planCase.testScripts ?? []) {
    if (!script.code.trim()) continue;
    const sandbox = await context.sandbox();
    const out = await sandbox.run({
      phase: 'test',
      name: script.name,
      code: script.code,
      request: sentForScripts,
      response,
      scopes,
      info,
    });
    scripts.push(out.run);
    tests.push(...out.tests);
    if (out.nextRequest !== undefined) next = out.nextRequest;
  }

  const body = truncate(response.body, limits.reportBodyBytes);
  const received: ReceivedResponse = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: body.text,
    ...(body.truncated || response.bodyTruncated ? { bodyTruncated: true } : {}),
    ...(response.bodyEncoding ? { bodyEncoding: response.bodyEncoding } : {}),
    size: response.size,
    timings: response.timings,
  };
  return finish({ request, response: received, ...(extracted.length ? { extracted } : {}) });
}
