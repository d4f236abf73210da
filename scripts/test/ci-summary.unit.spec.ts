import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../ci-summary.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function write(content: unknown): string {
  const file = join(dir, `report-${files++}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  const lines = result.stdout.trimEnd().split('\n');
  return { status: result.status, lines, last: lines.at(-1), stderr: result.stderr };
}

// Shapes as vitest 3's json reporter and k6's --summary-export write them (trimmed to the fields read).
const vitestReport = (passed: number, failed: number, testResults: unknown[] = []) => ({
  numTotalTests: passed + failed,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 1,
  numTodoTests: 0,
  success: failed === 0,
  testResults,
});

const k6Report = (passes: number, fails: number, thresholds: Record<string, boolean> = { 'rate>0.99': false }) => ({
  root_group: {
    name: '',
    path: '',
    id: 'd41d8cd98f00b204e9800998ecf8427e',
    groups: {},
    checks: {
      'getUserInfo code is 200': { name: 'getUserInfo code is 200', path: '::getUserInfo code is 200', passes, fails },
    },
  },
  metrics: {
    checks: { passes, fails, value: passes / (passes + fails), thresholds },
    http_req_duration: { avg: 3.2, 'p(95)': 8.1, thresholds: { 'p(95)<500': false } },
    http_req_failed: { passes: 0, fails: passes + fails, value: 0, thresholds: { 'rate<0.01': false } },
  },
});

describe('ci-summary', () => {
  it('adds vitest tests and k6 checks into the last line and exits 0 when all passed', () => {
    const out = run('--vitest', write(vitestReport(40, 0)), '--k6', write(k6Report(1200, 0)));
    expect(out.last).toBe('1240 passed, 0 failed');
    expect(out.status).toBe(0);
    expect(out.lines).toContain('vitest: 40 passed, 0 failed, 1 skipped');
  });

  it('counts failed tests and failed checks, names the failing check, and exits 1', () => {
    const out = run('--vitest', write(vitestReport(38, 2)), '--k6', write(k6Report(1195, 5)));
    expect(out.last).toBe('1233 passed, 7 failed');
    expect(out.status).toBe(1);
    expect(out.lines).toContain('  failed check: getUserInfo code is 200 (5 of 1200)');
  });

  it('counts a crossed k6 threshold as a failure even when every check passed', () => {
    const report = k6Report(100, 0);
    report.metrics.http_req_duration.thresholds['p(95)<500'] = true;
    const out = run('--k6', write(report));
    expect(out.last).toBe('100 passed, 1 failed');
    expect(out.status).toBe(1);
    expect(out.lines).toContain('  crossed threshold: http_req_duration: p(95)<500');
  });

  it('counts a test file that failed to load (no failed test inside) as a failure', () => {
    const report = vitestReport(3, 0, [
      { name: '/repo/infra/test/ok.unit.spec.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
      {
        name: '/repo/gateway/test/broken.int.spec.ts',
        status: 'failed',
        message: 'Cannot find module',
        assertionResults: [],
      },
    ]);
    const out = run('--vitest', write(report));
    expect(out.last).toBe('3 passed, 1 failed');
    expect(out.lines.join('\n')).toContain('broken.int.spec.ts');
  });

  it('does not count a file twice when its failure is already a failed test', () => {
    const report = vitestReport(1, 1, [
      {
        name: '/repo/a.unit.spec.ts',
        status: 'failed',
        assertionResults: [{ status: 'passed' }, { status: 'failed' }],
      },
    ]);
    expect(run('--vitest', write(report)).last).toBe('1 passed, 1 failed');
  });

  it('counts a missing or unreadable report and every failed step as one failure each', () => {
    const out = run(
      '--vitest',
      join(dir, 'never-written.json'),
      '--k6',
      write('{"metrics": '),
      '--failed-step',
      'lint',
      '--failed-step',
      'typecheck',
    );
    expect(out.last).toBe('0 passed, 4 failed');
    expect(out.status).toBe(1);
    expect(out.lines).toContain('step failed: lint');
  });

  it('counts a runner that exited non-zero once, and only when its report shows no failure', () => {
    const green = write(vitestReport(5, 0));
    const red = write(vitestReport(4, 1));
    const k6Green = write(k6Report(10, 0));
    const quietCrash = run('--vitest', green, '--k6', k6Green, '--failed-run', 'vitest');
    expect(quietCrash.last).toBe('15 passed, 1 failed');
    expect(quietCrash.status).toBe(1);
    expect(run('--vitest', red, '--failed-run', 'vitest').last).toBe('4 passed, 1 failed');
    expect(run('--k6', join(dir, 'no-k6-report.json'), '--failed-run', 'k6').last).toBe('0 passed, 1 failed');
  });

  it('falls back to the per-check counters when the checks metric is absent', () => {
    const report = k6Report(7, 2) as { metrics: Record<string, unknown> };
    delete report.metrics.checks;
    expect(run('--k6', write(report)).last).toBe('7 passed, 2 failed');
  });

  it('refuses unknown options instead of printing a misleading line', () => {
    const out = run('--vitset', 'x.json');
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('unknown option --vitset');
  });
});
