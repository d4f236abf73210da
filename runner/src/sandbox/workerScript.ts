import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

let bundled: Promise<URL> | undefined;

/**
 * The worker thread's script: `worker.js` beside this module when built; from the TypeScript sources (the tests)
 * the `worker.ts` entry bundled once per process with esbuild (a development dependency: threads cannot load .ts
 * files), packages left to resolve from the runner's node_modules.
 */
export function sandboxWorkerScript(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(new URL('./worker.js', import.meta.url));
  bundled ??= bundleWorker();
  return bundled;
}

async function bundleWorker(): Promise<URL> {
  const { build } = await import('esbuild');
  const runnerDir = fileURLToPath(new URL('../../', import.meta.url));
  const cache = join(runnerDir, 'node_modules/.cache/pmbok-sandbox');
  mkdirSync(cache, { recursive: true });
  const outfile = join(mkdtempSync(join(cache, 'worker-')), 'worker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  return new URL(`file://${outfile}`);
}
