import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Workspace packages whose TypeScript sources are bundled into a worker (not infra's, which imports only Node's own
 * modules in a thread): their package imports resolve from their own workspace (the runner's undici and chai are
 * not the versions hoisted to the root), and `import.meta.url` stays their source file's, so a module that finds
 * files beside itself (the runner's sandbox bundles its own thread from there) does as it does in the tests.
 */
const SOURCE_PACKAGES: Record<string, string> = { '@pmbok/runner': 'runner' };

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
          for (const [name, folder] of Object.entries(SOURCE_PACKAGES)) {
            const sources = join(root, folder, 'src/');
            const requireFrom = createRequire(join(root, folder, 'package.json'));
            b.onResolve({ filter: new RegExp(`^${name.replace('/', '\\/')}$`) }, () => ({
              path: join(sources, 'index.ts'),
            }));
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              if (!args.importer.startsWith(sources) || args.path.startsWith('node:')) return undefined;
              try {
                return { path: requireFrom.resolve(args.path), external: true };
              } catch {
                return undefined;
              }
            });
            b.onLoad({ filter: /\.ts$/ }, (args) => {
              if (!args.path.startsWith(sources)) return undefined;
              const text = readFileSync(args.path, 'utf8');
              const url = JSON.stringify(pathToFileURL(args.path).href);
              return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
            });
          }
        },
      },
    ],
  });
  return new URL(`file://${outfile}`);
}
