// Builds what is out of date: the TypeScript workspaces (tsc -b is incremental) and the console bundle.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

run(join(root, 'node_modules/.bin/tsc'), ['-b', 'tsconfig.build.json', ...(force ? ['--force'] : [])]);

const consoleDir = join(root, 'console');
const bundle = join(consoleDir, 'dist/index.html');
// The bundle also carries the documents src/layout/externalLinks.ts imports, and is made by the build plugins.
const sources = [
  'src',
  'index.html',
  'vite.config.ts',
  'package.json',
  'public',
  'build',
  '../docs/user-manual.md',
  '../docs/architecture.md',
  '../docs/api/pm-api.md',
  '../README.md',
].map((p) => join(consoleDir, p));
const stale = !existsSync(bundle) || Math.max(...sources.map(newestMtime)) > statSync(bundle).mtimeMs;
if (force || stale) {
  console.log('building the console…');
  run(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], consoleDir);
}
