import type { RunEvent, RunPlan, RunReport } from '../model.js';
import type { HttpClient, Sandbox, SandboxOptions } from '../ports.js';

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

/**
 * Runs a plan to its end and answers its report; never throws for what the plan or the servers do (a circular
 * scenario, a refused address, a script error: all are in the report), only for a programming error.
 */
export async function runPlan(_plan: RunPlan, _options: RunOptions): Promise<RunReport> {
  throw new Error('the engine is being written (runner/src/engine)');
}
