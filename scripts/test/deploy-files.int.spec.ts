import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Metric names some source file registers: ours (`'pmbok_…'` literals) and prom-client's process metrics. */
function knownMetrics(): Set<string> {
  const dirs = ['infra/src', 'gateway/src', ...readdirSync(join(root, 'services')).map((s) => `services/${s}/src`)];
  const ours = dirs
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(root, dir, f)),
    )
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(f, 'utf8'));
  const promClient = join(root, 'node_modules/prom-client/lib/metrics');
  const defaults = readdirSync(promClient)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(promClient, f), 'utf8'));
  const names = [...ours, ...defaults].flatMap((text) =>
    [...text.matchAll(/'((?:pmbok|process|nodejs)_[a-z0-9_]+)'/g)].map((m) => m[1] as string),
  );
  return new Set(['up', ...names]);
}

/** The metric names a PromQL expression reads (histogram series by their metric's name). */
const metricsOf = (expr: string) =>
  [...expr.matchAll(/\b(?:pmbok|process|nodejs)_[a-z0-9_]+|\bup\b(?=\s*[{[)])/g)].map((m) =>
    m[0].replace(/_(bucket|count|sum)$/, ''),
  );

// Without Go too: what Grafana and Prometheus are given in docker-compose.yml.
describe('observability files', () => {
  const dashboards = readdirSync(join(root, 'deploy/grafana/dashboards')).filter((f) => f.endsWith('.json'));
  const known = knownMetrics();

  it('has the four dashboards, each valid JSON with a unique uid, on the provisioned Prometheus', () => {
    expect(dashboards.sort()).toEqual([
      'event-pipeline.json',
      'live-connections.json',
      'overview.json',
      'service.json',
    ]);
    const uids = new Set<string>();
    for (const file of dashboards) {
      const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/dashboards', file), 'utf8'));
      expect(dashboard.uid, file).toMatch(/^pmbok-/);
      uids.add(dashboard.uid);
      for (const panel of dashboard.panels.filter((p: { type: string }) => p.type !== 'row')) {
        expect(panel.datasource, `${file}: ${panel.title}`).toEqual({ type: 'prometheus', uid: 'prometheus' });
        expect(panel.targets.length, `${file}: ${panel.title}`).toBeGreaterThan(0);
      }
    }
    expect(uids.size).toBe(dashboards.length);
    const datasources = readFileSync(join(root, 'deploy/grafana/provisioning/datasources/datasources.yml'), 'utf8');
    expect(datasources).toMatch(/uid: prometheus\n\s+type: prometheus/);
    expect(datasources).toMatch(/uid: tempo\n\s+type: tempo/);
  });

  it('draws only metrics the code registers', () => {
    const unknown: string[] = [];
    for (const file of dashboards) {
      const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/dashboards', file), 'utf8'));
      const exprs = [
        ...dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) => (p.targets ?? []).map((t) => t.expr)),
        ...dashboard.templating.list.map((v: { definition: string }) => v.definition),
      ];
      for (const name of exprs.flatMap(metricsOf)) if (!known.has(name)) unknown.push(`${file}: ${name}`);
    }
    expect(unknown).toEqual([]);
    expect(metricsOf('sum(rate(pmbok_made_up_total[5m])) + up{job="x"}').filter((n) => !known.has(n))).toEqual([
      'pmbok_made_up_total',
    ]);
  });

  it('gives Prometheus the alert rules of the PrometheusRule, on metrics the code registers', () => {
    const rule = readFileSync(join(root, 'k8s/monitoring/prometheus-rule.yaml'), 'utf8');
    const groups = rule
      .slice(rule.indexOf('spec:\n') + 'spec:\n'.length)
      .split('\n')
      .map((line) => line.replace(/^ {2}/, ''))
      .join('\n');
    const rules = readFileSync(join(root, 'deploy/prometheus/rules.yml'), 'utf8');
    expect(rules.slice(rules.indexOf('groups:')), 'deploy/prometheus/rules.yml differs from the PrometheusRule').toBe(
      groups,
    );
    const uncommented = rules.replace(/^\s*#.*$/gm, '');
    expect([...new Set(metricsOf(uncommented))].filter((name) => !known.has(name))).toEqual([]);
    const prometheus = readFileSync(join(root, 'deploy/prometheus/prometheus.yml'), 'utf8');
    expect(prometheus).toContain('/etc/prometheus/rules.yml');
    for (const target of ['gateway', 'auth', 'team', 'project', 'task', 'messaging', 'ai'])
      expect(prometheus).toContain(`"${target}:9464"`);
  });

  it('has a runbook entry in docs/operations.md for every alert, and none for an alert that is gone', () => {
    const rule = readFileSync(join(root, 'k8s/monitoring/prometheus-rule.yaml'), 'utf8');
    const alerts = [...rule.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    const runbook = [...doc.matchAll(/^### (Pmbok\w+)$/gm)].map((m) => m[1]);
    expect(alerts.length).toBeGreaterThan(10);
    expect(runbook.sort()).toEqual(alerts.sort());
  });

  it('mounts only files that exist into the compose services', () => {
    const mounts = [...compose.matchAll(/- \.\/(deploy\/[^:\s]+):/g)].map((m) => m[1] as string);
    expect(mounts.length).toBeGreaterThanOrEqual(4);
    for (const mount of mounts) expect(existsSync(join(root, mount)), mount).toBe(true);
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

    it('refuses a compose service whose image names no version', () => {
      expect(check({ compose: compose.replace('image: nats:2.10-alpine', 'image: nats') }).output).toMatch(
        /service "nats" does not pin its image/,
      );
      expect(
        check({ compose: compose.replace('image: grafana/tempo:2.6.1', 'image: grafana/tempo:latest') }).output,
      ).toMatch(/service "tempo" uses a :latest image/);
      expect(check({ compose: compose.replace(/image: pmbok\/auth:\S+/, 'image: pmbok/auth') }).output).toMatch(
        /service "auth" does not pin its image/,
      );
    });

    it('starts MongoDB and the observability stack by default, healthy before what depends on them', () => {
      expect(compose).not.toMatch(/profiles:/);
      for (const service of ['mongo', 'prometheus', 'tempo', 'grafana']) expect(compose).toContain(`\n  ${service}:\n`);
      const withoutHealth = check({
        compose: compose.replace(/(\n {2}tempo:\n(?:.*\n)*?) {4}healthcheck:\n(?: {6}.*\n)+/, '$1'),
      });
      expect(withoutHealth.output).toMatch(/service "tempo" has no health check/);
    });
  });
}
