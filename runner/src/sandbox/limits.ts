import type { ScriptRun } from '../model.js';
import type { WorkerLimits } from './protocol.js';

export type ScriptError = NonNullable<ScriptRun['error']>;

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
const seconds = (ms: number) => (ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`);

/** The Chinese messages a report shows when a script reaches one of its limits. */
export const limitMessages = {
  cpu: (limits: WorkerLimits) => `脚本运行超过 ${limits.scriptTimeoutMs} ms，已中止`,
  wall: (ms: number) => `脚本等待超过 ${seconds(ms)}（定时器或 pm.sendRequest 没有结束），已中止`,
  memory: (limits: WorkerLimits) => `脚本内存超过 ${kb(limits.scriptMemoryBytes)}，已中止`,
  stack: (limits: WorkerLimits) => `脚本调用栈超过 ${kb(limits.scriptStackBytes)}（递归太深），已中止`,
  output: (limits: WorkerLimits) => `控制台输出超过 ${kb(limits.scriptOutputBytes)}，超出部分已截断`,
};

/** A call's whole time, waits included: its CPU time plus one request's time for its pm.sendRequest answers. */
export const wallLimitMs = (limits: WorkerLimits) => limits.scriptTimeoutMs + limits.requestTimeoutMs;

/**
 * QuickJS's stack limit as used: QuickJS measures its stack in WebAssembly memory, whose stack area is ~5 MB in
 * this build; a limit past it would let a deep recursion write over the heap instead of stopping.
 */
export const MAX_SCRIPT_STACK_BYTES = 4 * 1024 * 1024;
export const MIN_SCRIPT_STACK_BYTES = 64 * 1024;
/** QuickJS's memory: the prelude and a library or two need a few MB; WebAssembly memory is 4 GB at most. */
export const MIN_SCRIPT_MEMORY_BYTES = 8 * 1024 * 1024;
export const MAX_SCRIPT_MEMORY_BYTES = 512 * 1024 * 1024;
export const MAX_SCRIPT_OUTPUT_BYTES = 16 * 1024 * 1024;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The limits a thread works with, from the run's: each held to what the thread can keep. */
export function threadLimits(limits: WorkerLimits): WorkerLimits {
  return {
    scriptTimeoutMs: Math.max(1, limits.scriptTimeoutMs),
    scriptMemoryBytes: clamp(limits.scriptMemoryBytes, MIN_SCRIPT_MEMORY_BYTES, MAX_SCRIPT_MEMORY_BYTES),
    scriptStackBytes: clamp(limits.scriptStackBytes, MIN_SCRIPT_STACK_BYTES, MAX_SCRIPT_STACK_BYTES),
    scriptOutputBytes: clamp(limits.scriptOutputBytes, 0, MAX_SCRIPT_OUTPUT_BYTES),
    requestTimeoutMs: Math.max(1, limits.requestTimeoutMs),
  };
}

/** Thread stack for QuickJS's own stack limit: its parser and JSON recursion use ~30× more native stack. */
export const threadStackMb = (limits: WorkerLimits) =>
  Math.min(256, Math.max(8, Math.ceil((limits.scriptStackBytes / (1024 * 1024)) * 48)));

/** A library loading (chai, lodash …) is trusted code: its time does not count, within this bound. */
export const LIBRARY_LOAD_MS = 10_000;

/** Variables scripts write: one value, and all the run's values together, in UTF-16 code units. */
export const MAX_VARIABLE_CHARS = 5 * 1024 * 1024;
export const MAX_SCOPES_CHARS = 32 * 1024 * 1024;

/** Timers a call may have armed at once; pm.sendRequest answers awaited at once. */
export const MAX_TIMERS = 1_000;
export const MAX_CONCURRENT_SENDS = 8;

/** An error thrown by a script, as the prelude describes it, with where it happened in the script. */
export interface ThrownError {
  name: string;
  message: string;
  stack?: string;
}

/** Line and column in the script's own text (the wrapper adds `prefixLength` characters to its first line). */
export function positionIn(stack: string | undefined, prefixLength: number): { line?: number; column?: number } {
  const match = /script\.js:(\d+):(\d+)/.exec(stack ?? '');
  if (!match) return {};
  const line = Number(match[1]);
  const column = Number(match[2]) - (line === 1 ? prefixLength : 0);
  return { line, column: Math.max(1, column) };
}

/** The report's error for what a script threw (a limit QuickJS reports as an error included). */
export function scriptErrorOf(error: ThrownError, limits: WorkerLimits, prefixLength: number): ScriptError {
  const where = positionIn(error.stack, prefixLength);
  if (error.name === 'InternalError' && error.message === 'out of memory') {
    return { kind: 'memory', message: limitMessages.memory(limits), ...where };
  }
  if (/stack overflow/.test(error.message) && (error.name === 'InternalError' || error.name === 'SyntaxError')) {
    return { kind: 'stack', message: limitMessages.stack(limits), ...where };
  }
  if (error.name === 'UnsupportedApiError') return { kind: 'unsupported', message: error.message, ...where };
  return { kind: 'runtime', message: `${error.name}: ${error.message}`, ...where };
}
