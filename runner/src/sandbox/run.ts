import type { AssertionResult, ScriptRun } from '../model.js';
import type { ScriptRequest } from '../ports.js';
import { CallState } from './call.js';
import { limitMessages, positionIn, type ScriptError, scriptErrorOf, type ThrownError, wallLimitMs } from './limits.js';
import type { FromWorker, WorkerInput, WorkerLimits, WorkerOutput } from './protocol.js';
import type { Abort, ScriptVm, VmResult } from './vm.js';

type SendRequest = Extract<FromWorker, { type: 'send' }>['request'];

/** What the prelude's finish() gives. */
interface Finished {
  tests: { name: string; passed: boolean; message?: string; expected?: string; actual?: string }[];
  skip: boolean;
  error: ThrownError | null;
  unsupported: string | null;
  next?: string | null;
  request?: ScriptRequest;
}

const MAX_TEXT = 4_000;
const clip = (text: string | undefined) =>
  text !== undefined && text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;

/**
 * One script call in the thread: compile, run the body, then deliver timers and pm.sendRequest answers and run
 * promise jobs until nothing is outstanding (or the call's wall time is spent), and read the outcome.
 */
export class ScriptRunner {
  private active: CallState | undefined;

  constructor(
    private readonly vm: ScriptVm,
    private readonly limits: WorkerLimits,
  ) {}

  /** An answer to a pm.sendRequest of the call in progress. */
  answered(requestId: number, payload: string): void {
    this.active?.answered(requestId, payload);
  }

  async run(input: WorkerInput, send: (requestId: number, request: SendRequest) => void): Promise<WorkerOutput> {
    const started = performance.now();
    const call = new CallState(input, this.limits, send);
    this.active = call;
    this.vm.current = call;
    let error: ScriptError | undefined;
    let finished: Finished | undefined;
    let limitHit = false;
    const prefix = this.vm.prefixLength(input.code);
    const stop = (abort: Abort) => {
      limitHit = true;
      error = this.abortError(abort);
    };
    const thrown = (result: VmResult): boolean => {
      if ('abort' in result) stop(result.abort);
      else if ('error' in result) {
        error = scriptErrorOf(result.error, this.limits, prefix);
        limitHit ||= error.kind === 'memory' || error.kind === 'stack';
      }
      return !('value' in result);
    };
    try {
      const compiled = this.vm.compile(input.code);
      if (
        'error' in compiled &&
        compiled.error.name === 'SyntaxError' &&
        !/stack overflow/.test(compiled.error.message)
      ) {
        error = this.syntaxError(compiled.error, prefix, input.code);
      } else if (!thrown(compiled) && 'value' in compiled) {
        const ran = this.vm.exec(compiled.value, JSON.stringify(this.meta(input, call)), this.bodyOf(input));
        if ('value' in ran) ran.value.dispose();
        if (!thrown(ran)) await this.settle(call, thrown, stop);
      }
      if (!this.vm.broken) {
        if (limitHit) this.vm.allowReport();
        const outcome = this.vm.finish();
        if ('json' in outcome) finished = readFinished(outcome.json);
        if ('json' in outcome && !finished) {
          error ??= { kind: 'runtime', message: '脚本改动了内置对象，测试结果无法读取' };
        }
      }
    } catch (failure) {
      error ??= { kind: 'runtime', message: `脚本沙箱出错：${(failure as Error).message}` };
      limitHit = true;
    } finally {
      call.end();
      this.active = undefined;
      this.vm.current = undefined;
    }
    const output = this.output(input, call, started, error, finished);
    const kind = output.run.error?.kind;
    if (limitHit || this.vm.broken || kind === 'memory' || kind === 'stack') this.vm.reset();
    return output;
  }

  /** After the body: deliver what comes and run the jobs it makes, until nothing is left to wait for. */
  private async settle(call: CallState, thrown: (result: VmResult) => boolean, stop: (abort: Abort) => void) {
    for (;;) {
      const jobs = this.vm.runJobs();
      if (jobs && thrown(jobs)) return;
      if (!call.outstanding) return;
      if (!(await call.waitForEvent())) return stop('wall');
      for (const event of call.takeEvents()) {
        const delivered = this.vm.deliver(event.kind, event.id, event.payload);
        if ('value' in delivered) delivered.value.dispose();
        if (thrown(delivered)) return;
      }
    }
  }

  private abortError(abort: Abort): ScriptError {
    if (abort === 'cpu') return { kind: 'timeout', message: limitMessages.cpu(this.limits) };
    if (abort === 'wall') return { kind: 'timeout', message: limitMessages.wall(wallLimitMs(this.limits)) };
    if (abort === 'host-error') return { kind: 'runtime', message: '脚本沙箱出错，已重新启动' };
    return { kind: 'stack', message: limitMessages.stack(this.limits) };
  }

  private syntaxError(error: ThrownError, prefix: number, code: string): ScriptError {
    let { line, column } = positionIn(error.stack, prefix);
    // An error found at the end of the input (an unclosed brace) is placed where the script ends, not in the
    // wrapper's closing line.
    const lines = code.split('\n');
    if (line !== undefined && line > lines.length) {
      line = lines.length;
      column = Number.POSITIVE_INFINITY;
    }
    if (line !== undefined && column !== undefined) column = Math.min(column, lines[line - 1]!.length + 1);
    const where = line === undefined ? '' : `（第 ${line} 行第 ${column} 列）`;
    return {
      kind: 'syntax',
      message: `语法错误：${error.message}${where}`,
      ...(line === undefined ? {} : { line, column }),
    };
  }

  private meta(input: WorkerInput, call: CallState) {
    const response = input.response;
    return {
      phase: input.phase,
      request: input.request,
      info: input.info,
      room: call.room,
      ...(response
        ? {
            response: {
              code: response.status,
              status: response.statusText,
              headers: response.headers,
              responseTime: response.totalMs,
              responseSize: response.size,
            },
          }
        : {}),
    };
  }

  private bodyOf(input: WorkerInput): string {
    const response = input.response;
    if (!response) return '';
    return response.raw ? new TextDecoder().decode(response.raw) : response.body;
  }

  private output(
    input: WorkerInput,
    call: CallState,
    started: number,
    error: ScriptError | undefined,
    finished: Finished | undefined,
  ): WorkerOutput {
    const tests: AssertionResult[] = (finished?.tests ?? []).map((test) => ({
      name: clip(test.name)!,
      passed: test.passed,
      origin: 'script',
      script: input.name,
      ...(test.message === undefined ? {} : { message: clip(test.message)! }),
      ...(test.expected === undefined ? {} : { expected: clip(test.expected)! }),
      ...(test.actual === undefined ? {} : { actual: clip(test.actual)! }),
    }));
    let failure = error;
    if (!failure && finished?.error) {
      // Out of memory, QuickJS throws null (it can no longer make an error object).
      const thrown =
        finished.error.message === 'null' && this.vm.heapNearlyFull()
          ? { name: 'InternalError', message: 'out of memory' }
          : finished.error;
      failure = scriptErrorOf(thrown, this.limits, this.vm.prefixLength(input.code));
    }
    if (!failure && finished?.unsupported) failure = { kind: 'unsupported', message: finished.unsupported };
    if (!failure && call.consoleTruncated) failure = { kind: 'output', message: limitMessages.output(this.limits) };
    const run: ScriptRun = {
      name: input.name,
      phase: input.phase,
      console: call.console,
      durationMs: Math.round(performance.now() - started),
      ...(failure ? { error: failure } : {}),
      ...(call.consoleTruncated ? { consoleTruncated: true } : {}),
    };
    return {
      tests,
      run,
      request: finished?.request ?? input.request,
      writes: call.writes,
      ...(finished?.skip ? { skipRequest: true } : {}),
      ...(finished && finished.next !== undefined ? { nextRequest: finished.next } : {}),
      ...(this.vm.broken ? { broken: true } : {}),
    };
  }
}

/** The prelude's outcome, if it has the shape it should (a script may have changed what builds it). */
function readFinished(json: string): Finished | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const out = value as Finished;
  if (!out || typeof out !== 'object' || !Array.isArray(out.tests)) return undefined;
  const tests = out.tests.filter(
    (test) => test && typeof test === 'object' && typeof test.name === 'string' && typeof test.passed === 'boolean',
  );
  const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const request = out.request;
  const validRequest =
    request &&
    typeof request.method === 'string' &&
    typeof request.url === 'string' &&
    Array.isArray(request.headers) &&
    request.headers.every((h) => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string') &&
    (request.body === undefined || (typeof request.body === 'object' && typeof request.body.mode === 'string'));
  return {
    tests: tests.map((test) => ({
      name: test.name,
      passed: test.passed,
      ...(text(test.message) === undefined ? {} : { message: text(test.message)! }),
      ...(text(test.expected) === undefined ? {} : { expected: text(test.expected)! }),
      ...(text(test.actual) === undefined ? {} : { actual: text(test.actual)! }),
    })),
    skip: out.skip === true,
    error:
      out.error && typeof out.error === 'object'
        ? {
            name: String(out.error.name),
            message: String(out.error.message),
            ...(text(out.error.stack) === undefined ? {} : { stack: text(out.error.stack)! }),
          }
        : null,
    unsupported: text(out.unsupported) ?? null,
    ...(out.next === null || typeof out.next === 'string' ? { next: out.next } : {}),
    ...(validRequest ? { request: request as ScriptRequest } : {}),
  };
}
