import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<URL>>();

/**
 * The script of a worker thread whose entry sits beside the calling module: `<name>.js` when the caller runs built,
 * or, when it runs from its TypeScript source (the tests), the `<name>.ts` entry bundled once per process with
 * esbuild (a development dependency; threads cannot load .ts files), the workspace packages taken from their
 * sources as the tests' aliases do. Packages stay external, resolved from the entry workspace's node_modules.
 */
export function workerScript(callerUrl: string, name: string): Promise<URL> {
  if (!callerUrl.endsWith('.ts')) return Promise.resolve(new URL(`./${name}.js`, callerUrl));
  const entry = fileURLToPath(new URL(`./${name}.ts`, callerUrl));
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleSource(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

async function bundleSource(entry: string): Promise<URL> {
  const { build } = await import('esbuild');
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  // Under the entry's own workspace, so its external packages resolve as they do for it (the gateway's faker 10,
  // not the older one another package hoisted to the repository's node_modules).
  let workspace = dirname(entry);
  while (!existsSync(join(workspace, 'package.json')) && dirname(workspace) !== workspace)
    workspace = dirname(workspace);
  const cache = join(workspace, 'node_modules/.cache/pmbok-workers');
  mkdirSync(cache, { recursive: true });
  const outfile = join(mkdtempSync(join(cache, 'worker-')), 'worker.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    plugins: [
      {
        name: 'workspace-sources',
        setup(b) {
          b.onResolve({ filter: /^@pmbok\/infra\/workers$/ }, () => ({
            path: join(root, 'infra/src/workers/index.ts'),
          }));
          b.onResolve({ filter: /^@pmbok\/infra$/ }, () => ({ path: join(root, 'infra/src/index.ts') }));
        },
      },
    ],
  });
  return new URL(`file://${outfile}`);
}
