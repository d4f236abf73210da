#!/usr/bin/env node
// Where task/taskList and task/moveFlow spend the server's CPU (issue 24). Run after `node scripts/build.mjs`:
//
//   node scripts/bench/taskPath.mjs [--tasks=10000] [--seconds=10] [--connections=10] [--cpu-prof=DIR]
//                                   [--before=DIR] [--rounds=1] [--top=15]
//
// Measures a bare Fastify hello-world (the baseline), then the embedded app (gateway/dist/embedded.js, fresh
// DATA_DIR) with one team, one task project of --tasks tasks created through the API 20 at a time (as
// scripts/bench.mjs does), and autocannon on `task/taskList` (the first page of 20) and `task/moveFlow` (a random
// task to its next flow: every request appends an event and answers after the projection applied it). Each: 2 s
// warm-up, then the measured run. The app runs with loopProbe.mjs preloaded, so the event loop's utilization and
// its idle time with requests in flight are reported per call. With --cpu-prof the app writes a V8 CPU profile
// into DIR, cut here to each measured run and summarized by place, by the functions with the most self time and by
// the functions of the service and read store with the most total time (--top=N of each, 15 by default).
//
// --before=DIR also measures an earlier build in the same run, alternating with the current one: DIR mirrors built
// files by their repository path (DIR/infra/dist/readStore/memory.js), and those load instead of the current ones
// (distSwap.mjs). Prints one JSON line per measurement and a summary.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(new URL('../..', import.meta.url).pathname);
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const TASKS = Number(arg('tasks', 10_000));
const seconds = Number(arg('seconds', 10));
const connections = Number(arg('connections', 10));
const rounds = Number(arg('rounds', 1));
const profileDir = arg('cpu-prof') && resolve(arg('cpu-prof'));
const beforeDir = arg('before') && resolve(arg('before'));
const TOP = Number(arg('top', 15));

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

async function startChild(args, env, healthUrl) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 600) throw new Error(`${args.at(-1)} did not start`);
    try {
      if ((await fetch(healthUrl)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU seconds (user + system) of a process so far, from /proc. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const cannon = (options) =>
  new Promise((done, fail) => {
    const latencies = [];
    const run = autocannon(options, (error, result) => (error ? fail(error) : done({ result, latencies })));
    run.on('response', (_client, status, _bytes, time) => status === 200 && latencies.push(time));
  });

/** 2 s warm-up, then the measured run; `mark` is called right before and right after it. */
async function load(url, headers, body, pid, extra = {}, mark = () => {}) {
  const options = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections,
    verifyBody: (text) => text.includes('"code":200'),
    ...extra,
  };
  await cannon({ ...options, duration: 2 });
  mark();
  const cpuBefore = cpuSeconds(pid);
  const { result, latencies } = await cannon({ ...options, duration: seconds });
  const cpu = cpuSeconds(pid) - cpuBefore;
  mark();
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.floor(q * latencies.length)]?.toFixed(2));
  return {
    perSecond: Math.round(result.requests.total / result.duration),
    p50: at(0.5),
    p99: at(0.99),
    cpuMsPerRequest: Number(((cpu * 1_000) / result.requests.total).toFixed(3)),
    cpuCores: Number((cpu / result.duration).toFixed(2)),
    requests: result.requests.total,
    failed: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

async function post(url, path, body, token) {
  const response = await fetch(`${url}/pmbok/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const HELLO = `const app = require('fastify')({ logger: false });
app.post('/hello', async () => ({ code: 200, msg: 'success', data: { hello: 'world' } }));
app.get('/healthz', async () => ({ status: 'ok' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));`;

async function helloWorld() {
  const port = await freePort();
  const hello = await startChild(['-e', HELLO], { PORT: String(port) }, `http://127.0.0.1:${port}/healthz`);
  try {
    return await load(`http://127.0.0.1:${port}/hello`, {}, '{}', hello.child.pid);
  } finally {
    await hello.stop();
  }
}

async function registerUser(url) {
  const telephone = `13${String(Date.now()).slice(-9)}`;
  const password = 'Passw0rd!bench';
  await post(url, 'user/sendRegisterCode', { username: telephone, smsType: 2 });
  const { code } = (await (await fetch(`${url}/pmbok/dev/sms-outbox?telephone=${telephone}`)).json()).data;
  await post(url, 'user/register', { telephone, password, repeatPassword: password, code });
  return (await post(url, 'user/loginByPassword', { username: telephone, password })).token;
}

/** The embedded app (the current build, or the one in `swapDir`): seeded, then taskList and moveFlow measured. */
async function taskPath(label, swapDir) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-task-path-'));
  const probeOut = join(dataDir, 'loop-probe.jsonl');
  const profiles = profileDir && join(profileDir, `${label}-${Date.now()}`);
  if (profiles) mkdirSync(profiles, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    '--import',
    join(root, 'scripts/bench/loopProbe.mjs'),
    ...(swapDir ? ['--import', join(root, 'scripts/bench/distSwap.mjs')] : []),
    ...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : []),
    'gateway/dist/embedded.js',
  ];
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMS_PROVIDER: 'console',
    PMBOK_DEV_MODE: '1',
    LOG_LEVEL: 'warn',
    LOOP_PROBE_OUT: probeOut,
    ...(swapDir ? { DIST_SWAP_DIR: swapDir } : {}),
  };
  const app = await startChild(args, env, `${url}/healthz`);
  try {
    const token = await registerUser(url);
    const { teamId } = await post(url, 'team/create', { teamName: 'bench' }, token);
    const inTeam = (body) => ({ ...body, teamId: String(teamId) });
    const { taskProjectId: projectId } = await post(url, 'task/newProject', inTeam({ name: 'bench' }), token);
    const flows = (await post(url, 'task/projectFlows', inTeam({ projectId }), token)).map((f) => f.flowId);
    const seedStarted = performance.now();
    const taskIds = [];
    for (let i = 0; i < TASKS; i += 20) {
      const batch = Array.from({ length: Math.min(20, TASKS - i) }, (_, j) =>
        post(url, 'task/newTask', inTeam({ projectId, name: `task ${i + j}` }), token),
      );
      for (const { taskId } of await Promise.all(batch)) taskIds.push(taskId);
    }
    const seedSeconds = Number(((performance.now() - seedStarted) / 1_000).toFixed(1));
    // The other services' consumers of the task log (activities, feeds) may still be catching up on the seeding:
    // measure once the app has gone quiet (under a tenth of a core for a second), so that their work is not counted.
    const settleStarted = performance.now();
    for (let tries = 0; tries < 120; tries++) {
      const before = cpuSeconds(app.child.pid);
      await new Promise((r) => setTimeout(r, 1_000));
      if (cpuSeconds(app.child.pid) - before < 0.1) break;
    }
    const settleSeconds = Number(((performance.now() - settleStarted) / 1_000).toFixed(1));
    const page = await post(url, 'task/taskList', inTeam({ projectId, page: 1, pageSize: 20 }), token);
    if (page.total !== TASKS || page.list.length !== 20) throw new Error(`taskList answered ${page.total} tasks`);

    const mark = () => app.child.kill('SIGUSR2');
    const headers = { authorization: token };
    const listBody = JSON.stringify(inTeam({ projectId, page: 1, pageSize: 20 }));
    const list = await load(`${url}/pmbok/api/task/taskList`, headers, listBody, app.child.pid, {}, mark);
    // Each request moves a random task to the next flow, so every one is a real change (an event appended).
    const flowOf = new Map(taskIds.map((id) => [id, 0]));
    const setupRequest = (request) => {
      const taskId = taskIds[Math.floor(Math.random() * taskIds.length)];
      const next = (flowOf.get(taskId) + 1) % flows.length;
      flowOf.set(taskId, next);
      return { ...request, body: JSON.stringify(inTeam({ projectId, taskId, flowId: flows[next] })) };
    };
    const move = await load(
      `${url}/pmbok/api/task/moveFlow`,
      headers,
      '{}',
      app.child.pid,
      { requests: [{ setupRequest }] },
      mark,
    );
    for (let tries = 0; readLines(probeOut).length < 4 && tries < 100; tries++)
      await new Promise((r) => setTimeout(r, 20));
    const marks = readLines(probeOut);
    const loopOf = ({ utilization, idleWithRequestsInFlightMs }) => ({ utilization, idleWithRequestsInFlightMs });
    await app.stop();
    const summary = (from, to) => profiles && summarizeProfile(profiles, marks[from].atMicros, marks[to].atMicros);
    return {
      seedSeconds,
      settleSeconds,
      taskList: { ...list, eventLoop: loopOf(marks[1]), profile: summary(0, 1) },
      moveFlow: { ...move, eventLoop: loopOf(marks[3]), profile: summary(2, 3) },
    };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function readLines(file) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(JSON.parse);
  } catch {
    return [];
  }
}

/** The first place a sample's stack names, from the innermost frame out (by script, or by a native's name). */
const PLACES = [
  [
    /@grpc\/grpc-js|nice-grpc|abort-controller-x|\/proto\/dist\//,
    'gRPC client and server (grpc-js, nice-grpc, codecs)',
  ],
  [/node:internal\/http2/, 'HTTP/2 of the gRPC calls (Node.js)'],
  [/fastify|find-my-way|avvio|secure-json-parse|fast-json-stringify|@sinclair\/typebox/, 'Fastify, validation'],
  [/\/mingo\//, 'mingo (queries, updates)'],
  [/infra\/dist\/readStore/, 'read store (in-memory collections)'],
  [/better-sqlite3|infra\/dist\/eventStore/, 'event store (SQLite)'],
  [/infra\/dist\/(eventBus|projections|decider|commands)/, 'projections, decider, commands, bus'],
  [/services\/task\/dist/, 'task service code'],
  [/services\/[^/]+\/dist/, 'other services’ code'],
  [/gateway\/dist|infra\/dist/, 'gateway and other infra code'],
  [/_http_|node:net|stream_base/, 'HTTP/1 and sockets (Node.js)'],
];
const NATIVE_PLACES = { structuredClone: 'structuredClone (read store copies)' };
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${root}/`, '')
    .replace(/^.*node_modules\//, '');

/**
 * Shares of the main thread's samples between two monotonic µs marks: by place, the functions with the most self
 * time, and the functions of the task service and the read store with the most total time (on the stack at all).
 */
function summarizeProfile(dir, from, to) {
  // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread (workers write their own).
  const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  if (!file) return undefined;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const places = new Map();
  const self = new Map();
  const inclusive = new Map();
  const add = (map, key, spent) => map.set(key, (map.get(key) ?? 0) + spent);
  const nameOf = ({ functionName, url, lineNumber }) =>
    `${functionName || '(anonymous)'} ${url ? `${short(url)}:${lineNumber + 1}` : ''}`.trim();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) continue;
    total += spent;
    const leaf = nodes.get(profile.samples[i]).callFrame;
    add(self, nameOf(leaf), spent);
    let place = NATIVE_PLACES[leaf.functionName];
    if (leaf.functionName === '(idle)') place = 'idle (native work in the poll phase)';
    else if (leaf.functionName === '(garbage collector)') place = 'garbage collector';
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id).callFrame;
      if (/services\/task\/dist|infra\/dist\/(readStore|projections|decider|commands|eventStore)/.test(frame.url)) {
        const name = nameOf(frame);
        if (!seen.has(name)) add(inclusive, name, spent);
        seen.add(name);
      }
      if (place) continue;
      place = PLACES.find(([pattern]) => pattern.test(frame.url))?.[1];
    }
    add(places, place ?? 'other (Node.js internals, program)', spent);
  }
  const top = (map, n) =>
    Object.fromEntries(
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, spent]) => [key, Number((spent / total).toFixed(3))]),
    );
  return { byPlace: top(places, 20), topSelf: top(self, TOP), topTotalInService: top(inclusive, TOP + 5) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ loadAverageAtStart: loadavg()[0], tasks: TASKS, seconds, connections, rounds }));
const variants = beforeDir ? [['before', beforeDir], ['current']] : [['current']];
const results = [];
for (let round = 1; round <= rounds; round++) {
  const hello = await helloWorld();
  console.log(JSON.stringify({ round, hello }));
  for (const [label, swapDir] of round % 2 ? variants : [...variants].reverse()) {
    const measured = await taskPath(label, swapDir);
    const ratio = (call) => Number((measured[call].perSecond / hello.perSecond).toFixed(4));
    const row = { round, label, loadAverage: loadavg()[0], ...measured };
    row.taskList.ratio = ratio('taskList');
    row.moveFlow.ratio = ratio('moveFlow');
    results.push({ ...row, hello });
    console.log(JSON.stringify(row));
  }
}
const summary = {};
for (const [label] of variants) {
  const mine = results.filter((r) => r.label === label);
  summary[label] = Object.fromEntries(
    ['taskList', 'moveFlow'].map((call) => [
      call,
      {
        perSecond: median(mine.map((r) => r[call].perSecond)),
        ratio: median(mine.map((r) => r[call].ratio)),
        cpuMsPerRequest: median(mine.map((r) => r[call].cpuMsPerRequest)),
        p99: median(mine.map((r) => r[call].p99)),
      },
    ]),
  );
}
console.log(
  JSON.stringify({
    helloPerSecond: median(results.map((r) => r.hello.perSecond)),
    median: summary,
    loadAverageAtEnd: loadavg()[0],
  }),
);
