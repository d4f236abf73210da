import { Worker } from 'node:worker_threads';
import type { ScriptRun } from '../model.js';
import { HttpError, type Sandbox, type SandboxOptions, type ScriptInput, type ScriptOutput } from '../ports.js';
import { limitMessages, MAX_CONCURRENT_SENDS, threadLimits, threadStackMb, wallLimitMs } from './limits.js';
import type {
  FromWorker,
  SendAnswer,
  ToWorker,
  WorkerData,
  WorkerInput,
  WorkerLimits,
  WorkerOutput,
} from './protocol.js';
import { sandboxWorkerScript } from './workerScript.js';

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_SEND_REQUESTS = 1_000;
/** The thread's own answer to a call that ran too long comes within this; past it the thread is ended. */
const WATCHDOG_GRACE_MS = 2_000;
/** A thread still inside QuickJS this long after its CPU time ended is stuck in a native loop: it is ended. */
const CPU_GRACE_MS = 1_000;
const CPU_CHECK_MS = 100;

type SendMessage = Extract<FromWorker, { type: 'send' }>;

/**
 * A run's script sandbox: QuickJS in a worker thread of its own (see vm.ts), calls one at a time. The thread is
 * started now and again after it ends (a limit broke it, it crashed, a call ran past the watchdog); pm.sendRequest
 * goes through the run's guarded client here, counted against `maxSendRequests`.
 */
export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const sandbox = new ThreadSandbox(options);
  await sandbox.start();
  return sandbox;
}

class ThreadSandbox implements Sandbox {
  private readonly limits: WorkerLimits;
  private readonly maxSends: number;
  private worker: Promise<Worker> | undefined;
  /** The thread once started, to know whether the one ending is the current one. */
  private live: Worker | undefined;
  /** The live thread's clock (see WorkerData). */
  private clock: Float64Array<ArrayBufferLike> = new Float64Array(0);
  private queue: Promise<unknown> = Promise.resolve();
  private calls = 0;
  private sends = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private disposed = false;

  constructor(private readonly options: SandboxOptions) {
    const { limits } = options;
    this.limits = threadLimits({
      scriptTimeoutMs: limits.scriptTimeoutMs,
      scriptMemoryBytes: limits.scriptMemoryBytes,
      scriptStackBytes: limits.scriptStackBytes,
      scriptOutputBytes: limits.scriptOutputBytes,
      requestTimeoutMs: limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    });
    this.maxSends = options.maxSendRequests ?? DEFAULT_MAX_SEND_REQUESTS;
  }

  async start(): Promise<void> {
    await this.thread();
  }

  run(input: ScriptInput): Promise<ScriptOutput> {
    const result = this.queue.then(() => this.call(input));
    this.queue = result.catch(() => undefined);
    return result;
  }

  dispose(): void {
    this.disposed = true;
    void this.worker?.then((worker) => worker.terminate()).catch(() => undefined);
    this.worker = undefined;
  }

  private thread(): Promise<Worker> {
    if (this.disposed) return Promise.reject(new Error('沙箱已关闭'));
    this.worker ??= this.spawn();
    return this.worker;
  }

  private async spawn(): Promise<Worker> {
    const clock = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
    const worker = new Worker(await sandboxWorkerScript(), {
      workerData: { limits: this.limits, clock } satisfies WorkerData,
      resourceLimits: { stackSizeMb: threadStackMb(this.limits), maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    const started = new Promise<Worker>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        this.live = worker;
        this.clock = new Float64Array(clock);
        resolve(worker);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`沙箱线程退出（${code}）`)));
    });
    worker.once('exit', () => {
      if (this.worker === started) this.worker = undefined;
      if (this.live === worker) this.live = undefined;
    });
    this.worker = started;
    started.catch(() => {
      if (this.worker === started) this.worker = undefined;
    });
    return started;
  }

  private async call(input: ScriptInput): Promise<ScriptOutput> {
    const started = performance.now();
    let worker: Worker;
    try {
      worker = await this.thread();
    } catch (error) {
      return failed(input, started, { kind: 'runtime', message: `脚本沙箱无法启动：${(error as Error).message}` });
    }
    const callId = ++this.calls;
    const output = await new Promise<WorkerOutput | ScriptRun['error']>((resolve) => {
      let crash: Error | undefined;
      const finish = (value: WorkerOutput | ScriptRun['error']) => {
        clearTimeout(watchdog);
        clearInterval(cpuWatch);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(value);
      };
      const onMessage = (message: FromWorker) => {
        if (message.type === 'send' && message.callId === callId) void this.forward(worker, message);
        else if (message.type === 'done' && message.callId === callId) finish(message.output);
      };
      const onError = (error: Error) => {
        crash = error;
      };
      const onExit = () => {
        const outOfMemory = (crash as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(
          outOfMemory
            ? { kind: 'memory', message: limitMessages.memory(this.limits) }
            : { kind: 'runtime', message: `脚本沙箱异常退出${crash ? `：${crash.message}` : ''}` },
        );
      };
      // The thread stops a call itself at its limits; this is for a thread that cannot any more.
      const watchdog = setTimeout(() => {
        this.kill(worker);
        finish({ kind: 'timeout', message: limitMessages.wall(wallLimitMs(this.limits)) });
      }, wallLimitMs(this.limits) + WATCHDOG_GRACE_MS);
      const clock = this.clock;
      const cpuWatch = setInterval(() => {
        const until = clock[0] ?? 0;
        if (until > 0 && Date.now() > until + CPU_GRACE_MS) {
          this.kill(worker);
          finish({ kind: 'timeout', message: limitMessages.cpu(this.limits) });
        }
      }, CPU_CHECK_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ type: 'run', callId, input: toWorker(input) } satisfies ToWorker);
    });
    if (!output || !('run' in output)) return failed(input, started, output);
    if (output.broken) this.kill(worker);
    for (const write of output.writes) {
      const scope = input.scopes[write[1]];
      if (write[0] === 'set') scope.set(write[2], write[3]);
      else if (write[0] === 'unset') scope.delete(write[2]);
      else scope.clear();
    }
    return {
      tests: output.tests,
      run: output.run,
      request: output.request,
      ...(output.skipRequest ? { skipRequest: true } : {}),
      ...(output.nextRequest !== undefined ? { nextRequest: output.nextRequest } : {}),
    };
  }

  private kill(worker: Worker): void {
    if (this.live === worker) {
      this.live = undefined;
      this.worker = undefined;
    }
    void worker.terminate();
  }

  /** A script's pm.sendRequest, through the run's client only, within the count and a few at a time. */
  private async forward(worker: Worker, message: SendMessage): Promise<void> {
    let answer: SendAnswer;
    if (++this.sends > this.maxSends) {
      answer = { error: `pm.sendRequest 的次数超过上限（${this.maxSends} 次）` };
    } else {
      await this.slot();
      try {
        const { request } = message;
        const response = await this.options.http.send({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          timeoutMs: Math.min(request.timeoutMs, this.limits.requestTimeoutMs),
        });
        answer = {
          response: {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
            body: response.raw ? '' : response.body,
            ...(response.raw ? { raw: response.raw } : {}),
            size: response.size,
            totalMs: response.timings.totalMs,
          },
        };
      } catch (error) {
        answer = { error: error instanceof HttpError ? error.message : `请求失败：${(error as Error).message}` };
      } finally {
        this.release();
      }
    }
    worker.postMessage({
      type: 'answer',
      callId: message.callId,
      requestId: message.requestId,
      answer,
    } satisfies ToWorker);
  }

  private async slot(): Promise<void> {
    if (this.inFlight < MAX_CONCURRENT_SENDS) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}

function toWorker(input: ScriptInput): WorkerInput {
  const response = input.response;
  return {
    phase: input.phase,
    name: input.name,
    code: input.code,
    request: input.request,
    scopes: input.scopes,
    info: input.info,
    ...(response
      ? {
          response: {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
            body: response.raw ? '' : response.body,
            ...(response.raw ? { raw: response.raw } : {}),
            size: response.size,
            totalMs: response.timings.totalMs,
          },
        }
      : {}),
  };
}

function failed(input: ScriptInput, started: number, error: ScriptRun['error']): ScriptOutput {
  return {
    tests: [],
    request: input.request,
    run: {
      name: input.name,
      phase: input.phase,
      console: [],
      durationMs: Math.round(performance.now() - started),
      ...(error ? { error } : {}),
    },
  };
}
