// Fails when the committed generated code in proto/src/gen differs from a fresh `buf generate`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const protoDir = new URL('../proto/', import.meta.url).pathname;
const bin = new URL('../node_modules/.bin/', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'pmbok-proto-'));
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

try {
  execFileSync('buf', ['lint'], { cwd: protoDir, env, stdio: 'inherit' });
  execFileSync('buf', ['generate', '-o', out], { cwd: protoDir, env, stdio: 'inherit' });
  const fresh = join(out, 'src/gen');
  const committed = join(protoDir, 'src/gen');
  const names = new Set([
    ...files(fresh).map((f) => relative(fresh, f)),
    ...files(committed).map((f) => relative(committed, f)),
  ]);
  const differing = [...names].filter((name) => {
    try {
      return readFileSync(join(fresh, name), 'utf8') !== readFileSync(join(committed, name), 'utf8');
    } catch {
      return true;
    }
  });
  if (differing.length > 0) {
    console.error(`proto: generated code is out of date (${differing.join(', ')}); run \`npm run proto\` and commit.`);
    process.exit(1);
  }
  console.log('proto: buf lint clean, generated code up to date');
} finally {
  rmSync(out, { recursive: true, force: true });
}
