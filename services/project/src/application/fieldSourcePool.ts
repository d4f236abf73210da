import {
  createWorkerPool,
  invalid,
  WorkerDeadlineError,
  WorkerJobError,
  type WorkerPool,
  WorkerPoolBusyError,
  workerScript,
} from '@pmbok/infra';
import { type FieldCandidate, SOURCE_MAX_BYTES, sourceMessages } from './fieldSources.js';

/**
 * Parsing pasted sources off the service's thread, with a deadline: node-sql-parser's PostgreSQL grammar takes
 * exponential time on unclosed nested parentheses (15 levels: 9 s), so a paste must never run where it would hold
 * every other call. One thread, started on the first paste, replaced when a parse runs over its time.
 */
export const PARSE_DEADLINE_MS = 3_000;

export const poolMessages = {
  timeout: '内容过于复杂，解析超时，请检查语句或分几次粘贴',
  busy: '解析请求过多，请稍后再试',
  failed: '内容过大或过于复杂，无法解析',
} as const;

let shared: WorkerPool | undefined;
const pool = () => {
  shared ??= createWorkerPool({
    script: () => workerScript(import.meta.url, 'fieldSourceWorker'),
    size: 1,
    deadlineMs: PARSE_DEADLINE_MS,
    maxQueue: 20,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return shared;
};

type Parsed = { kind: string; tables: string[]; fields: FieldCandidate[] };

/** `parseFieldSource` in the parsing thread; `known` (lower-case names the library has) marks `exists`. */
export async function parseFieldSourceOffThread(
  kind: string,
  text: string,
  known: ReadonlySet<string>,
  options: { deadlineMs?: number } = {},
): Promise<Parsed> {
  // What needs no parsing is answered here: the kind, an empty or an oversized paste.
  if (kind !== 'sql' && kind !== 'json') throw invalid(sourceMessages.kind);
  if (Buffer.byteLength(text) > SOURCE_MAX_BYTES) throw invalid(sourceMessages.tooLarge);
  if (!text.trim()) throw invalid(sourceMessages.empty);
  let parsed: Parsed;
  try {
    parsed = await pool().run<Parsed>({ kind, text }, { deadlineMs: options.deadlineMs });
  } catch (error) {
    if (error instanceof WorkerJobError && error.name === 'FieldSourceError') throw invalid(error.message);
    if (error instanceof WorkerDeadlineError) throw invalid(poolMessages.timeout);
    if (error instanceof WorkerPoolBusyError) throw invalid(poolMessages.busy);
    throw invalid(poolMessages.failed);
  }
  for (const field of parsed.fields) field.exists = known.has(field.name.toLowerCase());
  return parsed;
}
