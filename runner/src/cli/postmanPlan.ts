import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PostmanFormatError } from '../postman/errors.js';
import type { PostmanPlan } from '../postman/index.js';

export interface ThreadInput {
  collection: unknown;
  environment?: unknown;
  globals?: unknown;
  /** The collection's folder: files it names are read relative to it. */
  folder: string;
}

export type ThreadAnswer =
  | { converted: PostmanPlan }
  | { failed: { format: boolean; message: string; stack?: string } };

/**
 * A Postman collection as a plan, converted in a thread of its own that ends with it: the SDK it needs held
 * ~15 MB of the CLI's memory for the whole run when it was loaded here (docs/benchmarks.md).
 */
export async function postmanPlanInThread(input: ThreadInput): Promise<PostmanPlan> {
  const worker = new Worker(await threadScript(), { workerData: input });
  try {
    const answer = await new Promise<ThreadAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`集合转换线程退出（${code}）`)));
    });
    if ('converted' in answer) return answer.converted;
    if (answer.failed.format) throw new PostmanFormatError(answer.failed.message);
    throw Object.assign(new Error(answer.failed.message), answer.failed.stack ? { stack: answer.failed.stack } : {});
  } finally {
    void worker.terminate();
  }
}

let bundled: Promise<URL> | undefined;

/**
 * The thread's script: `postmanThread.js` beside this module when built; from the TypeScript sources (the tests)
 * the `postmanThread.ts` entry bundled once per process with esbuild (threads cannot load .ts files), packages left
 * to resolve from the runner's node_modules, as the sandbox's thread is.
 */
function threadScript(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(new URL('./postmanThread.js', import.meta.url));
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const runnerDir = fileURLToPath(new URL('../../', import.meta.url));
    const cache = join(runnerDir, 'node_modules/.cache/pmbok-cli');
    mkdirSync(cache, { recursive: true });
    const outfile = join(mkdtempSync(join(cache, 'postman-')), 'postmanThread.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./postmanThread.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
    });
    return new URL(`file://${outfile}`);
  })();
  return bundled;
}
