#!/usr/bin/env node
// Where does the request path wait? (issue 24, docs/adr/0017-request-path-idle-time.md). Run after a build:
//
//   node scripts/bench/requestPath.mjs [--rounds=3] [--seconds=10] [--connections=10] [--cpu-prof=DIR]
//
// Each round measures a bare Fastify hello-world (the baseline) and then `userInfo/getUserInfo` on the embedded app
// (gateway/dist/embedded.js, fresh DATA_DIR), both with autocannon from this process, 2 s warm-up then the measured
// run. The app runs with loopProbe.mjs preloaded: the event loop's utilization over the measured run and how long it
// sat idle while HTTP requests were in flight (a request waiting on a timer, a poll or a lock shows there). With
// --cpu-prof the app of each round writes a V8 CPU profile into DIR, summarized here by where the time went, cut to
// the measured run. Prints one JSON line per round and the medians.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(new URL('../..', import.meta.url).pathname);
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', 3));
const seconds = Number(arg('seconds', 10));
const connections = Number(arg('connections', 10));
const profileDir = arg('cpu-prof') && resolve(arg('cpu-prof'));

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
      child.kill('SIGTERM');
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

async function load(url, headers, pid, onMeasureStart) {
  const options = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
    connections,
    verifyBody: (text) => text.includes('"code":200'),
  };
  await cannon({ ...options, duration: 2 });
  onMeasureStart?.();
  const cpuBefore = cpuSeconds(pid);
  const { result, latencies } = await cannon({ ...options, duration: seconds });
  const cpu = cpuSeconds(pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.floor(q * latencies.length)]?.toFixed(2));
  return {
    perSecond: Math.round(result.requests.total / result.duration),
    p50: at(0.5),
    p99: at(0.99),
    cpuMsPerRequest: Number(((cpu * 1_000) / result.requests.total).toFixed(3)),
    cpuCores: Number((cpu / result.duration).toFixed(2)),
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
    return await load(`http://127.0.0.1:${port}/hello`, {}, hello.child.pid);
  } finally {
    await hello.stop();
  }
}

async function getUserInfo(round) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-request-path-'));
  const probeOut = join(dataDir, 'loop-probe.jsonl');
  const roundProfiles = profileDir && join(profileDir, `round-${round}`);
  if (roundProfiles) mkdirSync(roundProfiles, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    '--import',
    join(root, 'scripts/bench/loopProbe.mjs'),
    ...(roundProfiles ? ['--cpu-prof', `--cpu-prof-dir=${roundProfiles}`] : []),
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
  };
  const app = await startChild(args, env, `${url}/healthz`);
  try {
    const telephone = `13${String(Date.now()).slice(-9)}`;
    const password = 'Passw0rd!bench';
    await post(url, 'user/sendRegisterCode', { username: telephone, smsType: 2 });
    const { code } = (await (await fetch(`${url}/pmbok/dev/sms-outbox?telephone=${telephone}`)).json()).data;
    await post(url, 'user/register', { telephone, password, repeatPassword: password, code });
    const { token } = await post(url, 'user/loginByPassword', { username: telephone, password });
    const mark = () => app.child.kill('SIGUSR2');
    const result = await load(`${url}/pmbok/api/userInfo/getUserInfo`, { authorization: token }, app.child.pid, mark);
    mark();
    for (let tries = 0; readLines(probeOut).length < 2 && tries < 50; tries++)
      await new Promise((r) => setTimeout(r, 20));
    const [start, loop] = readLines(probeOut);
    const { atMicros, ...eventLoop } = loop;
    await app.stop();
    const profile = roundProfiles && summarizeProfile(roundProfiles, start.atMicros, atMicros);
    return { ...result, eventLoop, ...(profile ? { profile } : {}) };
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

/** The first place a sample's stack names, from the innermost frame out. */
const PLACES = [
  [
    /@grpc\/grpc-js|nice-grpc|abort-controller-x|\/proto\/dist\//,
    'gRPC client and server (grpc-js, nice-grpc, codecs)',
  ],
  [/node:internal\/http2/, 'HTTP/2 of the gRPC calls (Node.js)'],
  [/fastify|find-my-way|avvio|secure-json-parse|fast-json-stringify/, 'Fastify (the gateway’s HTTP)'],
  [/mingo|infra\/dist\/readStore/, 'read store'],
  [/infra\/dist\/(eventStore|eventBus|projections)|better-sqlite3/, 'event store, bus, projections'],
  [/services\/[^/]+\/dist/, 'services’ own code'],
  [/gateway\/dist|infra\/dist/, 'gateway and infra code'],
  [/_http_|node:net|stream_base/, 'HTTP/1 and sockets (Node.js)'],
];

/** Share of the profile's time between two monotonic µs marks by where it went; idle and GC on their own. */
function summarizeProfile(dir, from, to) {
  // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread (workers write their own).
  const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  if (!file) return undefined;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const shares = new Map();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) continue;
    total += spent;
    let place = 'other (Node.js internals, program)';
    const leaf = nodes.get(profile.samples[i]).callFrame.functionName;
    if (leaf === '(idle)') place = 'idle';
    else if (leaf === '(garbage collector)') place = 'garbage collector';
    else
      for (let id = profile.samples[i]; id !== undefined; id = parents.get(id)) {
        const url = nodes.get(id).callFrame.url;
        const found = PLACES.find(([pattern]) => pattern.test(url));
        if (found) {
          place = found[1];
          break;
        }
      }
    shares.set(place, (shares.get(place) ?? 0) + spent);
  }
  return Object.fromEntries(
    [...shares].sort((a, b) => b[1] - a[1]).map(([place, spent]) => [place, Number((spent / total).toFixed(3))]),
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ loadAverageAtStart: loadavg()[0], rounds, seconds, connections }));
const results = [];
for (let round = 1; round <= rounds; round++) {
  const hello = await helloWorld();
  const app = await getUserInfo(round);
  const ratio = Number((app.perSecond / hello.perSecond).toFixed(4));
  results.push({ hello, app, ratio });
  console.log(JSON.stringify({ round, loadAverage: loadavg()[0], hello, getUserInfo: app, ratio }));
}
console.log(
  JSON.stringify({
    median: {
      helloPerSecond: median(results.map((r) => r.hello.perSecond)),
      getUserInfoPerSecond: median(results.map((r) => r.app.perSecond)),
      ratio: median(results.map((r) => r.ratio)),
      cpuMsPerRequest: median(results.map((r) => r.app.cpuMsPerRequest)),
      eventLoopUtilization: median(results.map((r) => r.app.eventLoop.utilization)),
      idleWithRequestsInFlightMs: median(results.map((r) => r.app.eventLoop.idleWithRequestsInFlightMs)),
    },
    loadAverageAtEnd: loadavg()[0],
  }),
);
