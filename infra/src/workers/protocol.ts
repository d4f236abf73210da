/** Messages between a worker pool (pool.ts) and its threads (host.ts). */

/** The main thread's message: a job, with the shared context it reads sent once per thread. */
export interface JobMessage {
  id: number;
  job: unknown;
  /** The context this job reads; `value` is sent only to a thread that does not hold `key` yet. */
  context?: { key: string; value?: unknown };
  /** Contexts the thread may forget (the pool keeps each thread's set bounded). */
  drop?: string[];
}

/** The main thread asks the job under way to stop (its handler's signal aborts; the job still answers). */
export interface CancelMessage {
  cancel: number;
}

/** A job's refusal as it crosses the thread boundary: the error's name, message and own data fields. */
export interface JobFailure {
  name: string;
  message: string;
  data: Record<string, unknown>;
}

export type AnswerMessage =
  | { id: number; result: unknown }
  | { id: number; failure: JobFailure }
  /** Something the job reports while it runs, delivered before its answer, in order. */
  | { id: number; progress: unknown }
  | { ready: true };
