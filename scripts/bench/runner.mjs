// The API test runner's benchmark (issue 18): the `pmbok-test` CLI against Newman running the same Postman
// collection against the same local server in the same run. Each tool is a whole process started from the shell as
// a CI job starts it, timed from spawn to exit; its peak memory is the process's RSS high-water mark (VmHWM, which
// covers its threads: the sandbox's worker thread is in the same process), read as the process exits. A Node.js
// hello-world is the baseline of what starting a process costs. Every run is checked: the exit code, the server's
// count of requests it answered, and the tool's own report of requests and passing tests.
//
// Newman is not a dependency of the repo: the bench installs newman@6.2.2 on demand into
// node_modules/.cache/pmbok-bench/newman with `npm install --prefix`, as the mock bench installs Prism.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(new URL('../..', import.meta.url).pathname);
const NEWMAN_VERSION = '6.2.2';
const NEWMAN_DIR = resolve(root, 'node_modules/.cache/pmbok-bench/newman');
const NEWMAN_BIN = resolve(NEWMAN_DIR, 'node_modules/newman/bin/newman.js');
// PMBOK_BENCH_RUNNER_BIN: another build's bin/pmbok-test.js (an older commit's, to compare before and after).
const PMBOK_BIN = resolve(process.env.PMBOK_BENCH_RUNNER_BIN ?? resolve(root, 'runner/bin/pmbok-test.js'));
const SANDBOX_BENCH = resolve(root, 'runner/bench/sandbox.mjs');

/** Installs Newman into the bench's cache folder the first time (about 10 s, 151 packages). */
export function ensureNewman(log) {
  const installed = resolve(NEWMAN_DIR, 'node_modules/newman/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === NEWMAN_VERSION)
    return NEWMAN_BIN;
  log(`runner: installing newman@${NEWMAN_VERSION} into ${NEWMAN_DIR}`);
  mkdirSync(NEWMAN_DIR, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', NEWMAN_DIR, '--no-audit', '--no-fund', '--loglevel=error', `newman@${NEWMAN_VERSION}`],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
  );
  return NEWMAN_BIN;
}

// The API under test: a user of about 1 KB of JSON, built on every request, and the count of requests answered.
const SERVER = `
const { createServer } = require('node:http');
let answered = 0;
const user = (id) => ({
  code: 0,
  msg: 'success',
  data: {
    id,
    username: 'user' + id,
    nickname: '测试用户' + id,
    email: 'user' + id + '@example.com',
    phone: '13800138000',
    status: 'active',
    roles: ['developer', 'tester'],
    createdAt: '2024-05-01T08:00:00Z',
    updatedAt: '2024-06-01T08:00:00Z',
    profile: { company: '示例科技有限公司', title: '高级工程师', city: '上海', bio: '负责接口测试与自动化，关注质量与效率。' },
    projects: [1, 2, 3].map((p) => ({ id: p, name: '项目 ' + p, role: p === 1 ? 'owner' : 'member', starred: p % 2 === 1 })),
    permissions: ['doc:read', 'doc:write', 'test:run', 'mock:read', 'task:read', 'task:write'],
    settings: { language: 'zh-CN', timezone: 'Asia/Shanghai', notifications: { email: true, sms: false, inApp: true } },
    tags: ['api', 'mock', 'ci', 'qa'],
  },
});
const server = createServer((request, response) => {
  const match = /^\\/users\\/(\\d+)$/.exec(request.url);
  if (request.url === '/answered') return response.end(String(answered));
  if (!match) return response.writeHead(404).end();
  answered++;
  const body = JSON.stringify(user(Number(match[1])));
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** The test script: parse the JSON body and assert on it, as Postman users write one. */
const TEST_SCRIPT = [
  "pm.test('用户数据正确', function () {",
  '  var body = pm.response.json();',
  '  pm.expect(pm.response.code).to.equal(200);',
  '  pm.expect(body.code).to.equal(0);',
  '  pm.expect(body.data.id).to.equal(1);',
  "  pm.expect(body.data.roles).to.include('developer');",
  '  pm.expect(body.data.projects).to.have.lengthOf(3);',
  '});',
];

const item = (name) => ({
  name,
  request: { method: 'GET', url: '{{baseUrl}}/users/1', header: [{ key: 'Accept', value: 'application/json' }] },
  event: [{ listen: 'test', script: { type: 'text/javascript', exec: TEST_SCRIPT } }],
});
const collection = (items) => ({
  info: { name: 'runner bench', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: items,
});
/** The two shapes: one request run `-n <requests>` times, and <requests> requests in folders of 100 run once. */
const ONE_REQUEST = collection([item('用户详情')]);
const MANY_REQUESTS = (requests) =>
  collection(
    Array.from({ length: Math.ceil(requests / 100) }, (_, folder) => ({
      name: `目录 ${folder + 1}`,
      item: Array.from({ length: Math.min(100, requests - folder * 100) }, (_, i) =>
        item(`用户 ${folder * 100 + i + 1}`),
      ),
    })),
  );

// Loaded into every measured process with --require: at exit, its peak RSS (VmHWM, every thread of the process) and
// its CPU time (user + system, every thread), written where the bench reads them.
const PEAK_PRELOAD = `
const { isMainThread } = require('node:worker_threads');
if (isMainThread && process.env.PMBOK_BENCH_PEAK_FILE) {
  process.on('exit', () => {
    let peakKb = process.resourceUsage().maxRSS;
    try {
      const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
      peakKb = Number(/VmHWM:\\s+(\\d+)/.exec(status)[1]);
    } catch {}
    const cpu = process.cpuUsage();
    require('node:fs').writeFileSync(process.env.PMBOK_BENCH_PEAK_FILE, JSON.stringify({ peakKb, cpuUs: cpu.user + cpu.system }));
  });
}
`;

// Newman's check: a reporter that keeps counts only (Newman's own JSON reporter keeps every execution, which is
// its memory, not the run's); it is loaded from the bench's folder through NODE_PATH as newman-reporter-pmbokcount.
const COUNT_REPORTER = `
module.exports = function (emitter, options) {
  const counts = { requests: 0, passed: 0, failed: 0 };
  emitter.on('request', (error) => { if (!error) counts.requests++; });
  emitter.on('assertion', (error) => { if (error) counts.failed++; else counts.passed++; });
  emitter.on('done', (error, summary) => {
    const stats = summary.run.stats;
    require('node:fs').writeFileSync(options.export, JSON.stringify({ counts, stats, failures: summary.run.failures.length }));
  });
};
`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs `node [--require preload] ...args` to its end: wall time, peak RSS, CPU time, exit code, stderr's tail. */
function measure(args, { dir, env = {} }) {
  const peakFile = join(dir, `peak-${process.hrtime.bigint()}.json`);
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', join(dir, 'peak.cjs'), ...args], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', ...env, PMBOK_BENCH_PEAK_FILE: peakFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const wallMs = performance.now() - started;
      let peak;
      try {
        peak = JSON.parse(readFileSync(peakFile, 'utf8'));
      } catch {
        return reject(new Error(`${args.join(' ')}: no peak written (exit ${code ?? signal}): ${stderr.trim()}`));
      }
      resolveRun({ wallMs, peakMb: peak.peakKb / 1024, cpuMs: peak.cpuUs / 1000, code, stderr });
    });
  });
}

async function answered(base) {
  return Number(await (await fetch(`${base}/answered`)).text());
}

/** What the pmbok-test JSON report says: requests answered and script tests passed, all of them or not. */
function checkPmbok(file, requests) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const tests = report.results.flatMap((result) => result.assertions.filter((a) => a.origin === 'script'));
  const passed = tests.filter((test) => test.passed).length;
  const answeredRequests = report.results.filter((result) => result.response?.status === 200).length;
  const ok =
    report.status === 'passed' &&
    report.summary.requests === requests &&
    answeredRequests === requests &&
    passed === requests &&
    tests.length === requests &&
    report.summary.scriptErrors === 0;
  return { ok, requests: answeredRequests, tests: passed, detail: JSON.stringify(report.summary) };
}

function checkNewman(file, requests) {
  const { counts, stats, failures } = JSON.parse(readFileSync(file, 'utf8'));
  const ok =
    counts.requests === requests &&
    counts.passed === requests &&
    counts.failed === 0 &&
    stats.requests.total === requests &&
    stats.requests.failed === 0 &&
    stats.assertions.total === requests &&
    stats.assertions.failed === 0 &&
    failures === 0;
  return { ok, requests: counts.requests, tests: counts.passed, detail: JSON.stringify({ counts, failures }) };
}

/** Newman's own JSON reporter (`-r json`) read back: the same counts from the report a user would keep. */
function checkNewmanJson(file, requests) {
  const { run } = JSON.parse(readFileSync(file, 'utf8'));
  const passed = run.executions.flatMap((e) => e.assertions ?? []).filter((a) => !a.error).length;
  const ok =
    run.stats.requests.total === requests &&
    run.executions.filter((e) => e.response?.code === 200).length === requests &&
    passed === requests &&
    run.failures.length === 0;
  return { ok, requests: run.stats.requests.total, tests: passed, detail: JSON.stringify(run.stats.assertions) };
}

/**
 * runner/bench/sandbox.mjs in its own process: the sandbox's start and its cost per script call, with V8's defaults
 * (the server) or the CLI's memory flags (runner/src/cli/memory.ts).
 */
function sandboxCost(calls, flags = []) {
  const out = execFileSync(process.execPath, [...flags, SANDBOX_BENCH, String(calls), '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

/**
 * The comparison. `tools` are bench.mjs's helpers (startChild, freePort, log, fmt); `requests` per run; `rounds`
 * measured runs of each command after one warm-up run of each, interleaved (the machine is shared: each command
 * gets the same mix of busy and quiet moments).
 */
export async function benchRunner({ tools, requests = 1_000, rounds = 5, sandboxCalls = 2_000 }) {
  const { startChild, freePort, log, fmt } = tools;
  if (!existsSync(resolve(PMBOK_BIN, '../../dist/cli/main.js')))
    throw new Error('runner/dist is not built (npm run build)');
  const newman = ensureNewman(log);
  const dir = mkdtempSync(join(tmpdir(), 'pmbok-bench-runner-'));
  const stops = [];
  try {
    writeFileSync(join(dir, 'peak.cjs'), PEAK_PRELOAD);
    mkdirSync(join(dir, 'newman-reporter-pmbokcount'));
    writeFileSync(join(dir, 'newman-reporter-pmbokcount/index.js'), COUNT_REPORTER);
    writeFileSync(join(dir, 'one.json'), JSON.stringify(ONE_REQUEST, null, 2));
    writeFileSync(join(dir, 'many.json'), JSON.stringify(MANY_REQUESTS(requests), null, 2));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startChild('runner bench server', ['-e', SERVER], { PORT: String(port) }, `${base}/answered`);
    stops.push(server.stop);
    const env = ['--env-var', `baseUrl=${base}`];
    const shapes = { one: ['one.json', ...env, '-n', String(requests)], many: ['many.json', ...env] };
    const pmbokRun = (shape) => ({
      args: [PMBOK_BIN, 'run', ...shapes[shape], '-r', 'json', '--reporter-json-export', `pmbok-${shape}.json`],
      check: () => checkPmbok(join(dir, `pmbok-${shape}.json`), requests),
      report: `pmbok-${shape}.json`,
    });
    const newmanRun = (shape) => ({
      args: [
        newman,
        'run',
        ...shapes[shape],
        '-r',
        'pmbokcount',
        '--reporter-pmbokcount-export',
        `newman-${shape}.json`,
      ],
      env: { NODE_PATH: dir },
      check: () => checkNewman(join(dir, `newman-${shape}.json`), requests),
      report: `newman-${shape}.json`,
    });
    const commands = {
      hello: { args: ['-e', "console.log('hello')"] },
      pmbokStart: { args: [PMBOK_BIN, '--version'] },
      newmanStart: { args: [newman, '--version'] },
      pmbok: pmbokRun('one'),
      newman: newmanRun('one'),
      pmbokMany: pmbokRun('many'),
      newmanMany: newmanRun('many'),
    };
    const runs = Object.fromEntries(Object.keys(commands).map((key) => [key, []]));
    const runOnce = async (key) => {
      const command = commands[key];
      if (command.report) rmSync(join(dir, command.report), { force: true });
      const before = command.check ? await answered(base) : 0;
      const run = await measure(command.args, { dir, env: command.env });
      if (run.code !== 0) throw new Error(`${key} exited with ${run.code}: ${run.stderr.trim()}`);
      if (command.check) {
        const served = (await answered(base)) - before;
        const verdict = command.check();
        if (!verdict.ok || served !== requests) {
          throw new Error(`${key}: the server answered ${served} requests; the report: ${verdict.detail}`);
        }
        Object.assign(run, { served, requests: verdict.requests, tests: verdict.tests });
      }
      return run;
    };
    const keys = Object.keys(commands);
    for (const key of keys) await runOnce(key); // warm-up: disk cache, the server's JIT
    for (let round = 0; round < rounds; round++) {
      // Rotated each round, so no command always follows the same one.
      for (const key of keys.map((_, i) => keys[(i + round) % keys.length])) {
        const run = await runOnce(key);
        runs[key].push(run);
        if (run.tests !== undefined) {
          log(
            `runner round ${round + 1}: ${key} ${fmt(run.wallMs)} ms wall, ${fmt(run.cpuMs)} ms CPU, ${run.peakMb.toFixed(1)} MB peak (${run.served} answered, ${run.tests} tests passed)`,
          );
        }
      }
    }
    // Once more with Newman's own JSON reporter: the check from the report a user would keep, and what it costs.
    rmSync(join(dir, 'newman-own.json'), { force: true });
    const ownBefore = await answered(base);
    const own = await measure(
      [newman, 'run', ...shapes.one, '-r', 'json', '--reporter-json-export', 'newman-own.json'],
      {
        dir,
      },
    );
    const ownCheck = checkNewmanJson(join(dir, 'newman-own.json'), requests);
    if (own.code !== 0 || !ownCheck.ok || (await answered(base)) - ownBefore !== requests) {
      throw new Error(`newman -r json: exit ${own.code}, ${ownCheck.detail}`);
    }
    log(`runner: newman -r json ${fmt(own.wallMs)} ms, ${own.peakMb.toFixed(1)} MB peak`);

    log(`runner: the sandbox's cost per script call (${sandboxCalls} calls)`);
    const sandbox = sandboxCost(sandboxCalls);
    const sandboxCli = sandboxCost(sandboxCalls, ['--liftoff-only', '--optimize-for-size', '--no-turbofan']);

    const summary = (list) => ({
      wallMs: median(list.map((r) => r.wallMs)),
      wallLow: Math.min(...list.map((r) => r.wallMs)),
      wallHigh: Math.max(...list.map((r) => r.wallMs)),
      cpuMs: median(list.map((r) => r.cpuMs)),
      peakMb: median(list.map((r) => r.peakMb)),
      peakHigh: Math.max(...list.map((r) => r.peakMb)),
      runs: list.length,
    });
    const results = Object.fromEntries(keys.map((key) => [key, summary(runs[key])]));
    // Ratios round by round (the two ran minutes apart at most), then their median and range.
    const perRound = (ours, theirs) => {
      const ratios = runs[ours].map((p, i) => runs[theirs][i].wallMs / p.wallMs);
      return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
    };
    return {
      requests,
      rounds,
      ...results,
      speedup: perRound('pmbok', 'newman'),
      speedupMany: perRound('pmbokMany', 'newmanMany'),
      newmanJson: { wallMs: own.wallMs, cpuMs: own.cpuMs, peakMb: own.peakMb },
      sandbox,
      sandboxCli,
      newmanVersion: NEWMAN_VERSION,
      bodyBytes: Buffer.byteLength(await (await fetch(`${base}/users/1`)).text()),
    };
  } finally {
    for (const stop of stops) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function runnerSection(r, { fmt, ms: short, ratio }) {
  const mb = (n) => `${n.toFixed(1)} MB`;
  const ms = (n) => (n >= 1_000 ? `${(n / 1_000).toFixed(2)} s` : short(n));
  const row = (name, x, newman) =>
    `| ${name} | ${ms(x.wallMs)} | ${ms(x.wallLow)}–${ms(x.wallHigh)} | ${ms(x.cpuMs)} | ${mb(x.peakMb)} | ${mb(x.peakHigh)} | ${newman ? ratio(newman.wallMs / x.wallMs) : ''} |`;
  const { pmbok, newman, pmbokMany, newmanMany, hello, pmbokStart, newmanStart, sandbox, sandboxCli } = r;
  const n = fmt(r.requests);
  const fast = r.speedup.median >= 5 && r.speedupMany.median >= 5;
  const peak = Math.max(pmbok.peakHigh, pmbokMany.peakHigh);
  const scripts = Object.keys(sandbox.scripts).map((name) => {
    const [d, c] = [sandbox.scripts[name], sandboxCli.scripts[name]];
    return `| \`${name}\` | ${ms(d.firstMs)} | ${fmt(d.medianUs)} µs | ${fmt(d.p99Us)} µs | ${ms(c.firstMs)} | ${fmt(c.medianUs)} µs | ${fmt(c.p99Us)} µs |`;
  });
  return [
    '## API test runner: pmbok-test vs Newman',
    '',
    `The same Postman collection (v2.1) for both tools, in two shapes: **one request** run \`-n ${r.requests}\` times, and`,
    `**${n} requests** (in folders of 100) run once. Every request is a \`GET {{baseUrl}}/users/1\` whose test`,
    'script parses the JSON body (`pm.response.json()`) and makes five `pm.expect` assertions in one `pm.test`. The',
    `server: a node:http server in its own process answering a ${fmt(r.bodyBytes)}-byte JSON user built on each request,`,
    'keep-alive on. Each tool is a whole process started as a CI job starts it: `node runner/bin/pmbok-test.js run',
    `<collection> --env-var baseUrl=… [-n ${r.requests}] -r json\` (\`runner/dist\` built) and \`newman run <collection> --env-var`,
    `baseUrl=… [-n ${r.requests}]\` (newman ${r.newmanVersion}, installed by the bench into \`node_modules/.cache/pmbok-bench/newman\`) with a`,
    "reporter that only counts requests and assertions (Newman's own `-r json` keeps every execution in memory:",
    "measured apart below). Wall time from spawn to exit; CPU time and peak memory are the process's own (user +",
    "system of every thread; VmHWM, the RSS high-water mark, which covers the CLI's worker threads), read as it",
    "exits. Every run is checked, or the bench fails: exit code 0, the server's count of requests answered, and each",
    `tool's report (${n} responses with status 200, ${n} passing tests). One warm-up run of each command, then`,
    `${r.rounds} round${r.rounds === 1 ? '' : 's'}, the commands interleaved; medians, with the range over the rounds.`,
    '',
    '| command | wall | wall range | CPU | peak memory | highest peak | Newman ÷ this (median wall) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('`node -e "console.log(\'hello\')"` (baseline: a process start)', hello),
    row('`pmbok-test --version` (start)', pmbokStart),
    row('`newman --version` (start)', newmanStart),
    row(`**pmbok-test**, one request × ${n}`, pmbok, newman),
    row(`Newman, one request × ${n}`, newman),
    row(`**pmbok-test**, ${n} requests`, pmbokMany, newmanMany),
    row(`Newman, ${n} requests`, newmanMany),
    '',
    `Newman ÷ pmbok-test, wall time round by round: one request × ${n} **${ratio(r.speedup.median)}** (${ratio(r.speedup.low)}–${ratio(r.speedup.high)}),`,
    `${n} requests **${ratio(r.speedupMany.median)}** (${ratio(r.speedupMany.low)}–${ratio(r.speedupMany.high)}). CPU time: ${ratio(newman.cpuMs / pmbok.cpuMs)} and`,
    `${ratio(newmanMany.cpuMs / pmbokMany.cpuMs)} (Newman is busy for ${fmt((100 * newman.cpuMs) / newman.wallMs)} % of its wall time, pmbok-test for ${fmt((100 * pmbok.cpuMs) / pmbok.wallMs)} %).`,
    `Above the hello-world's start, a request and its test cost ${ms((pmbok.wallMs - hello.wallMs) / r.requests)} of wall time in pmbok-test and`,
    `${ms((newman.wallMs - hello.wallMs) / r.requests)} in Newman. Newman with its own JSON reporter (\`-r json\`, one request × ${n}, checked the`,
    `same way): ${ms(r.newmanJson.wallMs)} wall, ${mb(r.newmanJson.peakMb)} peak.`,
    '',
    `The issue's goals: **at least 5× faster than Newman: ${fast ? 'met' : 'not met'}** (${ratio(r.speedup.median)} and ${ratio(r.speedupMany.median)});`,
    `**under 100 MB: ${peak < 100 ? 'met' : 'not met'}** (${mb(pmbok.peakMb)} and ${mb(pmbokMany.peakMb)} median, ${mb(peak)} at the highest).`,
    '',
    `The sandbox alone (\`node runner/bench/sandbox.mjs ${sandbox.calls}\`: one sandbox, the same script called again`,
    "and again as a run's requests call it, each call carrying the request, the response and the variables to the",
    "worker thread and the results back), with V8's defaults as the server runs it, and with the CLI's",
    '`--liftoff-only --optimize-for-size --no-turbofan` (runner/src/cli/memory.ts). The thread and QuickJS start in',
    `${ms(sandbox.createMs)} and ${ms(sandboxCli.createMs)}; per call:`,
    '',
    '| script | first call | median | p99 | first call (CLI) | median (CLI) | p99 (CLI) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...scripts,
    '',
  ];
}
