import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Dockerfile and docker-compose.yml, checked without Docker by tools/deploy-check (BuildKit's parser and
 * linter rules, compose-go's loader, and our rules). It is a Go program: where Go is missing (a plain Node
 * machine) the suite says so by name; CI has Go.
 */
const root = new URL('../../', import.meta.url).pathname;
const hasGo = spawnSync('go', ['version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
const binary = join(dir, 'deploy-check');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');

function check(files: { dockerfile?: string; compose?: string } = {}) {
  const dockerfilePath = join(dir, `Dockerfile.${Math.random().toString(36).slice(2)}`);
  const composePath = join(root, 'docker-compose.yml');
  writeFileSync(dockerfilePath, files.dockerfile ?? dockerfile);
  // The compose file builds from the repository root, so a variant is written next to the original.
  const variant = files.compose === undefined ? composePath : join(root, `.deploy-check.${process.pid}.yml`);
  if (files.compose !== undefined) writeFileSync(variant, files.compose);
  try {
    const result = spawnSync(binary, ['-dockerfile', dockerfilePath, '-compose', variant], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    if (variant !== composePath) rmSync(variant, { force: true });
  }
}

// Without Go too: an image lacking a workspace's manifest installs without it, and one lacking a library's build fails
// at start, which no static rule of BuildKit sees.
describe('Dockerfile workspaces', () => {
  const workspaces = [
    'proto',
    'infra',
    'runner',
    'gateway',
    'console',
    ...['auth', 'team', 'project', 'task', 'messaging', 'ai'].map((s) => `services/${s}`),
  ];
  it('copies every workspace manifest before npm ci', () => {
    const deps = dockerfile.slice(0, dockerfile.indexOf('RUN npm ci'));
    for (const workspace of workspaces) expect(deps).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });
  it('puts the libraries every service imports into the shared runtime', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('AS service'));
    for (const library of ['proto', 'infra', 'runner']) {
      expect(runtime).toContain(`COPY --from=build /app/${library}/dist ${library}/dist`);
    }
  });
});

if (!hasGo) {
  describe('deployment files', () => {
    it.skip('needs Go to build tools/deploy-check', () => {});
  });
} else {
  describe('deployment files', () => {
    beforeAll(() => {
      const built = spawnSync('go', ['build', '-o', binary, '.'], {
        cwd: join(root, 'tools/deploy-check'),
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`go build failed:\n${built.stderr}`);
    }, 600_000);

    it('accepts the Dockerfile and the compose file of the repository', () => {
      const { status, output } = check();
      expect(output).toContain('are valid');
      expect(status).toBe(0);
    });

    it('refuses an image target that runs as root or has no health check', () => {
      const rootUser = check({ dockerfile: dockerfile.replace(/^USER node$/m, 'USER root') });
      expect(rootUser.status).toBe(1);
      expect(rootUser.output).toMatch(/target "service" runs as root/);
      const noHealth = check({
        dockerfile: dockerfile.replace(/^HEALTHCHECK[^\n]*\\\n[^\n]*healthcheck\.js"\]\n/m, ''),
      });
      expect(noHealth.output).toMatch(/target "service" has no HEALTHCHECK/);
    });

    it('reports what BuildKit reports: syntax errors and lint rules', () => {
      expect(check({ dockerfile: `${dockerfile}\nFROM runtime as lowercase\n` }).output).toMatch(/FromAsCasing/);
      expect(check({ dockerfile: dockerfile.replace('FROM deps AS build', 'FROM deps AS build extra') }).status).toBe(
        1,
      );
    });

    it('refuses a compose file that is invalid, builds a missing target or waits only for containers to start', () => {
      expect(check({ compose: compose.replace('retries: 5', 'retries: five') }).output).toMatch(/retries/);
      expect(check({ compose: compose.replace('target: service', 'target: services') }).output).toMatch(
        /service "auth" builds target "services"/,
      );
      expect(
        check({ compose: compose.replace('condition: service_healthy', 'condition: service_started') }).output,
      ).toMatch(/use condition: service_healthy/);
      expect(check({ compose: compose.replace(/\n {4}volumes:\n {6}- kafka-data:[^\n]+/, '') }).output).toMatch(
        /"kafka" keeps its data outside a named volume/,
      );
    });
  });
}
