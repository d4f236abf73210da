import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { CallState } from './call.js';
import { installHost } from './host.js';
import { LIBRARY_LOAD_MS, type ThrownError } from './limits.js';
import { PRELUDE } from './prelude/index.js';
import type { WorkerLimits } from './protocol.js';

/**
 * Why QuickJS stopped a call: its time, the host's wall clock, the host's own stack running out inside it, or the
 * WebAssembly code failing (a trap).
 */
export type Abort = 'cpu' | 'wall' | 'host-stack' | 'host-error';

/** What calling into QuickJS gave: a value (owned by the caller), an error it threw, or an abort. */
export type VmResult = { value: QuickJSHandle } | { error: ThrownError } | { abort: Abort };

interface Entry {
  exec: QuickJSHandle;
  deliver: QuickJSHandle;
  finish: QuickJSHandle;
}

const PREFIX = '(function(){';
const ASYNC_PREFIX = '(async function(){';
const MAX_COMPILED = 200;

/**
 * One QuickJS runtime and context, kept across a run's script calls: the prelude is evaluated once, each script is
 * compiled once (a wrapped function, cached by its text). Limits: memory and stack on the runtime, CPU time by the
 * interrupt handler against the current call's remaining time. After a limit the context is thrown away and made
 * again at the next call.
 */
export class ScriptVm {
  private runtime: QuickJSRuntime | undefined;
  private context: QuickJSContext | undefined;
  private entry: Entry | undefined;
  private readonly compiled = new Map<string, QuickJSHandle>();
  private deadlineAt = Number.POSITIVE_INFINITY;
  private interrupted: Abort | undefined;
  private loading = 0;
  private savedMs = 0;
  /** The call the host functions act on. */
  current: CallState | undefined;
  /** QuickJS's memory may be inconsistent: the thread must end. */
  broken = false;

  private readonly clock: Float64Array;

  private constructor(
    private readonly module: QuickJSWASMModule,
    private readonly limits: WorkerLimits,
    clock: SharedArrayBuffer,
    /** Whether the WebAssembly heap has grown to its cap (an allocation there fails outside QuickJS's own count). */
    private readonly heapFull: () => boolean = () => false,
  ) {
    this.clock = new Float64Array(clock);
  }

  static async create(limits: WorkerLimits, clock: SharedArrayBuffer): Promise<ScriptVm> {
    // A module per thread: its memory is this thread's alone.
    // Its heap capped too: QuickJS does not count every buffer against its own limit (1 MB typed arrays grew the
    // heap to 2 GB), so the WebAssembly memory itself may only grow to twice the limit and some room for the
    // libraries; past that an allocation fails inside QuickJS as out of memory.
    const base = (await import('@jitl/quickjs-wasmfile-release-sync')).default as unknown as QuickJSSyncVariant;
    const page = 64 * 1024;
    const maximum = Math.ceil((16 * 1024 * 1024 + 2 * limits.scriptMemoryBytes + 48 * 1024 * 1024) / page);
    const wasm = (globalThis as unknown as { WebAssembly: { Memory: new (limits: object) => object } }).WebAssembly;
    const wasmMemory = new wasm.Memory({ initial: (16 * 1024 * 1024) / page, maximum });
    const variant = newVariant(base, { wasmMemory } as Parameters<typeof newVariant>[1]) as QuickJSSyncVariant;
    const module = await newQuickJSWASMModuleFromVariant(variant);
    const heap = wasmMemory as { buffer: ArrayBuffer };
    return new ScriptVm(module, limits, clock, () => heap.buffer.byteLength >= maximum * page * 0.75);
  }

  /** The WebAssembly heap is near its cap: a null thrown now is QuickJS out of memory. */
  heapNearlyFull(): boolean {
    return this.heapFull();
  }

  /** Makes the context now (the prelude evaluated), so that the first call does not wait for it. */
  prepare(): void {
    this.ready();
  }

  /** Characters the wrapper puts before the script's first line. */
  prefixLength(code: string): number {
    return (isAsync(code) ? ASYNC_PREFIX : PREFIX).length;
  }

  /** The script as a function, or the syntax error (with its position in the wrapped text). */
  compile(code: string): VmResult {
    const cached = this.compiled.get(code);
    if (cached) return { value: cached };
    const context = this.ready();
    const result = this.enter(() =>
      context.evalCode(`${isAsync(code) ? ASYNC_PREFIX : PREFIX}${code}\n})`, 'script.js'),
    );
    if ('value' in result) {
      if (this.compiled.size >= MAX_COMPILED) {
        const [oldest, handle] = this.compiled.entries().next().value as [string, QuickJSHandle];
        handle.dispose();
        this.compiled.delete(oldest);
      }
      this.compiled.set(code, result.value);
    }
    return result;
  }

  exec(fn: QuickJSHandle, meta: string, body: string): VmResult {
    const context = this.ready();
    const entry = this.entry!;
    return this.enter(() => {
      const args = [context.newString(meta), context.newString(body)];
      try {
        return context.callFunction(entry.exec, context.undefined, fn, ...args);
      } finally {
        for (const arg of args) arg.dispose();
      }
    });
  }

  deliver(kind: string, id: number, payload: string): VmResult {
    const context = this.ready();
    const entry = this.entry!;
    return this.enter(() => {
      const args = [context.newString(kind), context.newNumber(id), context.newString(payload)];
      try {
        return context.callFunction(entry.deliver, context.undefined, ...args);
      } finally {
        for (const arg of args) arg.dispose();
      }
    });
  }

  /** Runs the promise jobs waiting (async functions, then-callbacks). */
  runJobs(): VmResult | undefined {
    const runtime = this.runtime;
    if (!runtime?.hasPendingJob()) return undefined;
    const context = this.ready();
    const result = this.enter(() => {
      const jobs = runtime.executePendingJobs();
      return jobs.error ? { error: jobs.error as QuickJSHandle } : { value: context.undefined };
    });
    return 'value' in result ? undefined : result;
  }

  /** The call's outcome as JSON, or why it could not be read. */
  finish(): { json: string } | { error: ThrownError } | { abort: Abort } {
    const context = this.ready();
    const entry = this.entry!;
    const result = this.enter(() => context.callFunction(entry.finish, context.undefined));
    if (!('value' in result)) return result;
    const json = context.getString(result.value);
    result.value.dispose();
    return { json };
  }

  /** Gives the current call a little time and memory to report what it did after a limit. */
  allowReport(): void {
    if (this.current) this.current.cpuRemainingMs = Math.max(this.current.cpuRemainingMs, 200);
    this.runtime?.setMemoryLimit(this.limits.scriptMemoryBytes + 4 * 1024 * 1024);
  }

  /** Throws the context away; the next call makes a new one. */
  reset(): void {
    for (const handle of this.compiled.values()) handle.dispose();
    this.compiled.clear();
    try {
      if (this.entry) for (const handle of Object.values(this.entry)) handle.dispose();
      this.context?.dispose();
      this.runtime?.dispose();
    } catch {
      this.broken = true;
    }
    this.entry = undefined;
    this.context = undefined;
    this.runtime = undefined;
  }

  /** When the current entry into QuickJS must end (performance.now() time), shared with the main thread. */
  private get deadline(): number {
    return this.deadlineAt;
  }

  private set deadline(at: number) {
    this.deadlineAt = at;
    this.clock[0] = Number.isFinite(at) ? performance.timeOrigin + at : 0;
  }

  /** A library's load (trusted code) runs on its own time, not the script's. */
  loadBegin(): void {
    if (this.loading++ === 0) {
      this.savedMs = this.deadline - performance.now();
      this.deadline = performance.now() + LIBRARY_LOAD_MS;
    }
  }

  loadEnd(): void {
    if (--this.loading === 0) this.deadline = performance.now() + this.savedMs;
  }

  private ready(): QuickJSContext {
    if (this.context) return this.context;
    const runtime = this.module.newRuntime();
    runtime.setMemoryLimit(this.limits.scriptMemoryBytes);
    runtime.setMaxStackSize(this.limits.scriptStackBytes);
    runtime.setInterruptHandler(() => {
      if (performance.now() <= this.deadlineAt) return false;
      this.interrupted ??= 'cpu';
      return true;
    });
    const context = runtime.newContext();
    this.runtime = runtime;
    this.context = context;
    // The prelude runs without the script's clock: it is ours, and the same for every call.
    const saved = this.current;
    this.current = undefined;
    this.deadline = performance.now() + LIBRARY_LOAD_MS;
    const made: QuickJSHandle[] = [];
    try {
      const prelude = context.unwrapResult(context.evalCode(PRELUDE, 'prelude.js'));
      made.push(prelude);
      const host = installHost(context, this);
      made.push(host);
      const api = context.unwrapResult(context.callFunction(prelude, context.undefined, host));
      made.push(api);
      this.entry = {
        exec: context.getProp(api, 'exec'),
        deliver: context.getProp(api, 'deliver'),
        finish: context.getProp(api, 'finish'),
      };
    } catch (error) {
      for (const handle of made.splice(0)) handle.dispose();
      this.reset();
      throw error;
    } finally {
      for (const handle of made) handle.dispose();
      this.current = saved;
      this.deadline = Number.POSITIVE_INFINITY;
    }
    return context;
  }

  /** Calls into QuickJS on the current call's CPU time; a thrown error comes back described. */
  private enter(fn: () => { value: QuickJSHandle } | { error: QuickJSHandle }): VmResult {
    const call = this.current;
    const started = performance.now();
    this.deadline = started + (call ? call.cpuRemainingMs : LIBRARY_LOAD_MS);
    if (call && started > call.wallDeadline) return { abort: 'wall' };
    this.interrupted = undefined;
    let result: { value: QuickJSHandle } | { error: QuickJSHandle };
    try {
      result = fn();
    } catch (error) {
      // QuickJS stopped halfway (V8's own stack ran out inside the WebAssembly code, or the code trapped):
      // nothing in this module is reliable any more; the thread is replaced.
      this.broken = true;
      return { abort: error instanceof RangeError ? 'host-stack' : 'host-error' };
    } finally {
      if (call) call.cpuRemainingMs = Math.max(0, this.deadline - performance.now());
      this.deadline = Number.POSITIVE_INFINITY;
    }
    // Checked first: an interrupt inside a promise job becomes a rejection, and the call seems to succeed.
    const interrupted = this.interrupted;
    if (interrupted) {
      ('value' in result ? result.value : result.error).dispose();
      return { abort: interrupted };
    }
    if ('value' in result) return { value: result.value };
    const thrown = this.describe(result.error);
    result.error.dispose();
    return { error: thrown };
  }

  private describe(handle: QuickJSHandle): ThrownError {
    const context = this.context!;
    try {
      const value = context.dump(handle) as unknown;
      if (value && typeof value === 'object') {
        const error = value as Record<string, unknown>;
        return {
          name: String(error.name ?? 'Error'),
          message: String(error.message ?? ''),
          ...(typeof error.stack === 'string' ? { stack: error.stack } : {}),
        };
      }
      if (value === null && this.heapFull()) return { name: 'InternalError', message: 'out of memory' };
      return { name: 'Error', message: String(value) };
    } catch {
      return { name: 'Error', message: '脚本抛出了无法读取的值' };
    }
  }
}

function isAsync(code: string): boolean {
  return /\bawait\b/.test(code);
}
