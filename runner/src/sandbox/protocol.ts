import type { AssertionResult, ScriptRun } from '../model.js';
import type { PreparedRequest, ScriptInput, ScriptRequest, VariableScopes } from '../ports.js';
import type { ScopeName } from '../variables/index.js';

/** Messages between a sandbox (main thread) and its worker thread, where QuickJS runs. */

export interface WorkerLimits {
  scriptTimeoutMs: number;
  scriptMemoryBytes: number;
  scriptStackBytes: number;
  scriptOutputBytes: number;
  requestTimeoutMs: number;
}

/**
 * What a thread starts with. `clock` holds one number the thread keeps current: while it is inside QuickJS, the
 * epoch time (ms) its CPU time for the call ends, else 0. The interrupt handler is not called inside some native
 * loops (JSON.stringify's cycle check on deep nesting, searches of huge sparse arrays): the main thread ends a thread
 * found past that time.
 */
export interface WorkerData {
  limits: WorkerLimits;
  clock: SharedArrayBuffer;
}

/** A response as a script reads it: the whole body, as bytes when there are some. */
export interface WorkerResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  raw?: Uint8Array;
  size: number;
  totalMs: number;
}

export interface WorkerInput {
  phase: ScriptInput['phase'];
  name: string;
  code: string;
  request: ScriptRequest;
  response?: WorkerResponse;
  /** A copy: the script's writes come back as `writes`, applied to the live maps in order. */
  scopes: VariableScopes;
  info: ScriptInput['info'];
}

export type ScopeWrite = ['set', ScopeName, string, string] | ['unset', ScopeName, string] | ['clear', ScopeName];

export interface WorkerOutput {
  tests: AssertionResult[];
  run: ScriptRun;
  request: ScriptRequest;
  skipRequest?: boolean;
  nextRequest?: string | null;
  writes: ScopeWrite[];
  /** The thread's QuickJS cannot be trusted any more (the host's stack ran out inside it): end the thread. */
  broken?: boolean;
}

/** What a pm.sendRequest got: an answer (its bytes decoded in the thread) or the reason there is none. */
export type SendAnswer = { response: WorkerResponse } | { error: string };

export type ToWorker =
  | { type: 'run'; callId: number; input: WorkerInput }
  | { type: 'answer'; callId: number; requestId: number; answer: SendAnswer };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'send'; callId: number; requestId: number; request: Omit<PreparedRequest, 'body'> & { body?: string } }
  | { type: 'done'; callId: number; output: WorkerOutput };
