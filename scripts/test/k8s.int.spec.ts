import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The Kubernetes manifests (k8s/), checked offline: tools/k8scheck builds each kustomization and decodes every
 * object strictly through client-go's scheme and the Prometheus Operator's types; the rules below are ours. The
 * checker is a Go program built beforehand (`npm run k8s:check:build`, or .ci/run step 1): nothing is downloaded
 * here. Without it the suite is skipped with a warning, except in CI, where a missing checker is a failure.
 */
const root = new URL('../../', import.meta.url).pathname;
const binary = process.env.PMBOK_K8SCHECK || join(root, 'tools/k8scheck/bin/k8scheck');
const overlays = ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/prod'];

// Objects of many kinds, read field by field.
type K8sObject = any;

function build(dirs: string[], cwd = root) {
  const result = spawnSync(binary, dirs, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const built = result.stdout ? (JSON.parse(result.stdout) as Record<string, K8sObject[] | null>) : {};
  return { status: result.status, stderr: result.stderr, built };
}

const workloads = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'Deployment');
const matches = (selector: Record<string, string> = {}, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
const singleWriter = (deployment: K8sObject) => deployment.metadata.annotations?.['pmbok.io/state'] === 'single-writer';

/** What every overlay must hold to; each problem names its object. */
function problems(objects: K8sObject[]): string[] {
  const found: string[] = [];
  const say = (o: K8sObject, what: string) => found.push(`${o.kind}/${o.metadata.name}: ${what}`);

  for (const o of objects) {
    if (o.kind === 'Secret' && (o.data || o.stringData)) say(o, 'a Secret with data in the repository');
  }
  for (const d of workloads(objects)) {
    const pod = d.spec.template.spec;
    const labels = d.spec.template.metadata.labels;
    if (!matches(d.spec.selector.matchLabels, labels)) say(d, 'selector does not match the pod labels');
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) say(d, 'shares a host namespace');
    const containers = [...(pod.initContainers ?? []), ...pod.containers];
    for (const c of containers) {
      const where = `container ${c.name}`;
      const sc = { ...pod.securityContext, ...c.securityContext };
      for (const kind of ['requests', 'limits'])
        for (const resource of ['cpu', 'memory'])
          if (!c.resources?.[kind]?.[resource]) say(d, `${where} has no ${resource} ${kind}`);
      if (!pod.initContainers?.includes(c) && (!c.livenessProbe || !c.readinessProbe))
        say(d, `${where} lacks a liveness or readiness probe`);
      if (sc.runAsNonRoot !== true) say(d, `${where} may run as root (runAsNonRoot)`);
      if (!Number.isInteger(sc.runAsUser) || sc.runAsUser === 0) say(d, `${where} has no numeric non-root runAsUser`);
      if (sc.seccompProfile?.type !== 'RuntimeDefault') say(d, `${where} has no RuntimeDefault seccomp profile`);
      if (c.securityContext?.readOnlyRootFilesystem !== true) say(d, `${where} has a writable root file system`);
      if (c.securityContext?.allowPrivilegeEscalation !== false) say(d, `${where} allows privilege escalation`);
      if (c.securityContext?.privileged) say(d, `${where} is privileged`);
      if (!c.securityContext?.capabilities?.drop?.includes('ALL')) say(d, `${where} keeps its capabilities`);
      if (c.securityContext?.capabilities?.add?.length) say(d, `${where} adds capabilities`);
      if (!c.volumeMounts?.some((m: K8sObject) => m.mountPath === '/tmp')) say(d, `${where} has no writable /tmp`);
      const tag = /^(?:.*\/)?[^/:@]+(?::([^/@]+))?(?:@sha256:[0-9a-f]{64})?$/.exec(c.image);
      if (!tag || (!tag[1] && !c.image.includes('@sha256:')) || tag[1] === 'latest')
        say(d, `${where} image ${c.image} is untagged or latest`);
      for (const env of c.env ?? [])
        if (/SECRET|PASSWORD|TOKEN|API_KEY/.test(env.name) && env.value !== undefined)
          say(d, `${where} has a literal value for ${env.name}`);
      // Services answer the kubelet's gRPC health probe on their gRPC port; the gateway on /healthz and /readyz.
      const grpcPort = c.ports?.find((p: K8sObject) => p.name === 'grpc')?.containerPort;
      if (grpcPort !== undefined) {
        for (const probe of [c.livenessProbe, c.readinessProbe])
          if (probe?.grpc?.port !== grpcPort) say(d, `${where} is not probed over gRPC health on ${grpcPort}`);
      } else if (c.livenessProbe?.httpGet?.path !== '/healthz' || c.readinessProbe?.httpGet?.path !== '/readyz') {
        say(d, `${where} is not probed on /healthz and /readyz`);
      }
    }

    const targets = (kind: string) =>
      objects.filter((o) => o.kind === kind && o.spec.scaleTargetRef?.name === d.metadata.name);
    const budgets = objects.filter(
      (o) => o.kind === 'PodDisruptionBudget' && matches(o.spec.selector.matchLabels, labels),
    );
    if (singleWriter(d)) {
      // One writer per SQLite file: never scaled, never two pods on the volume.
      if (d.spec.replicas !== 1 || d.spec.strategy?.type !== 'Recreate')
        say(d, 'single-writer but not one replica with Recreate');
      if (targets('HorizontalPodAutoscaler').length) say(d, 'single-writer but autoscaled');
    } else {
      if (targets('HorizontalPodAutoscaler').length !== 1) say(d, 'no HorizontalPodAutoscaler');
      if (budgets.length !== 1) say(d, 'no PodDisruptionBudget');
      const zones = pod.topologySpreadConstraints?.some(
        (t: K8sObject) =>
          t.topologyKey === 'topology.kubernetes.io/zone' && matches(t.labelSelector?.matchLabels, labels),
      );
      if (!zones) say(d, 'not spread across zones');
    }
    const selectedBy = objects.filter(
      (o) => o.kind === 'NetworkPolicy' && o.spec.ingress?.length && matches(o.spec.podSelector.matchLabels, labels),
    );
    if (!selectedBy.length) say(d, 'no NetworkPolicy admits traffic to it');
  }

  // Services route to a pod port that exists; ServiceMonitors scrape a port some Service has.
  const services = objects.filter((o) => o.kind === 'Service');
  for (const s of services) {
    const pods = workloads(objects).filter((d) => matches(s.spec.selector, d.spec.template.metadata.labels));
    if (!pods.length) say(s, 'selects no Deployment');
    for (const port of s.spec.ports) {
      const named = pods.some((d) =>
        d.spec.template.spec.containers.some((c: K8sObject) =>
          c.ports?.some((p: K8sObject) => p.name === port.targetPort || p.containerPort === port.targetPort),
        ),
      );
      if (pods.length && !named) say(s, `port ${port.name} targets no container port`);
    }
  }
  for (const m of objects.filter((o) => o.kind === 'ServiceMonitor'))
    for (const endpoint of m.spec.endpoints)
      if (
        !services.some(
          (s) =>
            matches(m.spec.selector.matchLabels, s.metadata.labels) &&
            s.spec.ports.some((p: K8sObject) => p.name === endpoint.port),
        )
      )
        say(m, `no Service with port ${endpoint.port}`);

  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const denyAll = policies.some(
    (p) => !Object.keys(p.spec.podSelector ?? {}).length && p.spec.policyTypes?.includes('Ingress') && !p.spec.ingress,
  );
  if (!denyAll) found.push('NetworkPolicy: no default deny of ingress');
  for (const p of policies) {
    const gateway = p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'pmbok-gateway';
    for (const rule of p.spec.ingress ?? []) {
      if (!rule.from?.length) say(p, 'admits traffic from anywhere');
      // Another namespace may reach a service only to scrape its metrics.
      const scrapeOnly = rule.ports?.length && rule.ports.every((port: K8sObject) => port.port === 'metrics');
      for (const peer of rule.from ?? []) {
        if ((peer.namespaceSelector || peer.ipBlock) && !gateway && !scrapeOnly)
          say(p, 'admits traffic from outside to a non-gateway');
        const components = peer.podSelector?.matchExpressions?.find(
          (e: K8sObject) => e.key === 'app.kubernetes.io/component',
        )?.values;
        if (!gateway && peer.podSelector && !components?.every((v: string) => ['gateway', 'service'].includes(v)))
          say(p, 'admits pods other than the gateway and the services');
      }
    }
  }

  const ingresses = objects.filter((o) => o.kind === 'Ingress');
  const live = ingresses.flatMap((i) =>
    i.spec.rules.flatMap((r: K8sObject) =>
      r.http.paths.filter((p: K8sObject) => p.path === '/pmbok/ws' && p.backend.service.name === 'pmbok-gateway'),
    ),
  );
  if (!live.length) found.push('Ingress: no path carries the live socket /pmbok/ws to pmbok-gateway');
  return found;
}

/** Metric names used by alerts that no source file defines (a rule on a metric that does not exist never fires). */
function unknownMetrics(rules: K8sObject): string[] {
  const sources = ['infra/src', 'gateway/src', ...readdirSync(join(root, 'services')).map((s) => `services/${s}/src`)]
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(root, dir, f)),
    )
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const used = rules.spec.groups.flatMap((g: K8sObject) =>
    g.rules.flatMap((r: K8sObject) => [...r.expr.matchAll(/\bpmbok_[a-z_]+/g)].map((m) => m[0])),
  );
  return [...new Set<string>(used)].filter(
    (name) => !sources.includes(`'${name.replace(/_(bucket|count|sum)$/, '')}'`),
  );
}

const missing = !existsSync(binary);
if (missing && process.env.CI) {
  describe('Kubernetes manifests', () => {
    it('has the checker built (.ci/run builds tools/k8scheck before npm test)', () => {
      expect.fail(`no ${binary}: build it with \`npm run k8s:check:build\``);
    });
  });
} else if (missing) {
  console.warn(`k8s.int.spec.ts skipped: no ${binary}. Build the checker with \`npm run k8s:check:build\` (Go).`);
  describe.skip('Kubernetes manifests (needs `npm run k8s:check:build`)', () => {
    it('builds and checks k8s/', () => {});
  });
} else {
  describe('Kubernetes manifests', () => {
    const { status, stderr, built } = build(overlays);

    it('build with kustomize and decode strictly against the API types', () => {
      expect(stderr).toContain('decode strictly');
      expect(status).toBe(0);
    });

    it.each(overlays)('%s keeps every rule', (overlay) => {
      expect(built[overlay]?.length).toBeGreaterThan(0);
      expect(problems(built[overlay] ?? [])).toEqual([]);
    });

    it('lets k8s/monitoring scrape the embedded mode of dev too', () => {
      const { status, built: monitoring } = build(['k8s/monitoring']);
      expect(status).toBe(0);
      expect(problems([...(built['k8s/overlays/dev'] ?? []), ...(monitoring['k8s/monitoring'] ?? [])])).toEqual([]);
    });

    it('runs every service and the gateway in prod, with its ServiceMonitor and PrometheusRule', () => {
      const prod = built['k8s/overlays/prod'] ?? [];
      const names = workloads(prod).map((d) => d.metadata.name);
      for (const name of ['gateway', 'auth', 'team', 'project', 'task', 'messaging', 'ai'])
        expect(names).toContain(`pmbok-${name}`);
      expect(prod.find((o) => o.metadata.name === 'pmbok-gateway' && o.kind === 'Deployment').spec.replicas).toBe(3);
      expect(prod.map((o) => o.kind)).toEqual(expect.arrayContaining(['ServiceMonitor', 'PrometheusRule']));
      // every service's own metrics listener is scraped, not only the gateway's
      const monitors = prod.filter((o) => o.kind === 'ServiceMonitor').map((o) => o.metadata.name);
      expect(monitors.sort()).toEqual(['pmbok-gateway', 'pmbok-services']);
      const scraped = prod.filter(
        (o) => o.kind === 'Service' && o.metadata.labels?.['app.kubernetes.io/component'] === 'service',
      );
      expect(scraped.map((o) => o.metadata.name).sort()).toEqual(
        ['ai', 'auth', 'messaging', 'project', 'task', 'team'].map((n) => `pmbok-${n}`),
      );
      const rules = prod.find((o) => o.kind === 'PrometheusRule');
      expect(unknownMetrics(rules)).toEqual([]);
      expect(unknownMetrics({ spec: { groups: [{ rules: [{ expr: 'rate(pmbok_made_up_total[5m])' }] }] } })).toEqual([
        'pmbok_made_up_total',
      ]);
    });

    describe('refuses manifests that break a rule', () => {
      const dir = mkdtempSync(join(tmpdir(), 'k8scheck-'));
      afterAll(() => rmSync(dir, { recursive: true, force: true }));
      let copies = 0;
      /** Builds an overlay (prod unless named) from a copy of k8s/ with one file changed. */
      function variant(file: string, change: (text: string) => string, overlay = 'k8s/overlays/prod') {
        const copy = join(dir, String(copies++));
        cpSync(join(root, 'k8s'), join(copy, 'k8s'), { recursive: true });
        const path = join(copy, 'k8s', file);
        const before = readFileSync(path, 'utf8');
        const after = change(before);
        expect(after).not.toBe(before);
        writeFileSync(path, after);
        const result = build([overlay], copy);
        return { ...result, problems: problems(result.built[overlay] ?? []) };
      }

      it('an unknown field or a wrong type', () => {
        const unknown = variant('base/services/team.yaml', (t) => t.replace('  replicas: 1\n', '  replica: 1\n'));
        expect(unknown.status).toBe(1);
        expect(unknown.stderr).toMatch(/pmbok-team: strict decoding error: unknown field "spec.replica"/);
        const wrongType = variant('base/services/team.yaml', (t) =>
          t.replace('containerPort: 50052', 'containerPort: fifty'),
        );
        expect(wrongType.stderr).toMatch(/pmbok-team: .*containerPort/);
        expect(wrongType.status).toBe(1);
      });

      it('a container without limits, probes or its security context', () => {
        const noLimits = variant('base/services/ai.yaml', (t) => t.replace(/ {12}limits:\n.*\n.*\n/, ''), 'k8s/base');
        expect(noLimits.problems).toEqual(
          expect.arrayContaining([
            'Deployment/pmbok-ai: container ai has no cpu limits',
            'Deployment/pmbok-ai: container ai has no memory limits',
          ]),
        );
        const noProbe = variant('base/services/task.yaml', (t) => t.replace(/ {10}livenessProbe:\n(.*\n){5}/, ''));
        expect(noProbe.problems).toContain('Deployment/pmbok-task: container task lacks a liveness or readiness probe');
        const escalates = variant('base/gateway.yaml', (t) =>
          t
            .replace('allowPrivilegeEscalation: false', 'allowPrivilegeEscalation: true')
            .replace(/runAsUser: 1000/, 'runAsUser: 0'),
        );
        expect(escalates.problems).toEqual([
          'Deployment/pmbok-gateway: container gateway has no numeric non-root runAsUser',
          'Deployment/pmbok-gateway: container gateway allows privilege escalation',
        ]);
        const writable = variant('base/services/auth.yaml', (t) =>
          t.replace('readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false'),
        );
        expect(writable.problems).toEqual(['Deployment/pmbok-auth: container auth has a writable root file system']);
      });

      it('the latest tag, a missing HPA or PDB, an open NetworkPolicy, a Secret with data', () => {
        const latest = variant('overlays/prod/kustomization.yaml', (t) =>
          t.replace(/newTag: 0\.1\.0\n/, 'newTag: latest\n'),
        );
        expect(latest.problems).toEqual([
          'Deployment/pmbok-gateway: container gateway image registry.example.com/pmbok/gateway:latest is untagged or latest',
        ]);
        const noBudget = variant('base/gateway.yaml', (t) => t.replace(/---\napiVersion: policy\/v1\n[\s\S]*$/, ''));
        expect(noBudget.problems).toEqual(['Deployment/pmbok-gateway: no PodDisruptionBudget']);
        const open = variant('base/network-policies.yaml', (t) =>
          t.replace(/ {4}- from:\n/, '    - from:\n        - namespaceSelector: {}\n'),
        );
        expect(open.problems).toContain('NetworkPolicy/pmbok-services: admits traffic from outside to a non-gateway');
        const secret = variant('base/kustomization.yaml', (t) =>
          t.replace(
            'configMapGenerator:',
            'secretGenerator:\n  - name: pmbok-sms\n    literals: [SMS_PROVIDER=tencent]\nconfigMapGenerator:',
          ),
        );
        expect(secret.problems).toContain(
          `Secret/${secret.built['k8s/overlays/prod']?.find((o) => o.kind === 'Secret')?.metadata.name}: a Secret with data in the repository`,
        );
      });

      it('a Service that routes nowhere, a ServiceMonitor without its Service', () => {
        const nowhere = variant('base/services/team.yaml', (t) => t.replace('targetPort: grpc', 'targetPort: grpcs'));
        expect(nowhere.problems).toEqual(['Service/pmbok-team: port grpc targets no container port']);
        const unscraped = variant('base/gateway.yaml', (t) =>
          t.replace(/---\n# The metrics listener[\s\S]*?---\n/, '---\n'),
        );
        expect(unscraped.problems).toEqual(['ServiceMonitor/pmbok-gateway: no Service with port metrics']);
      });
    });
  });
}
