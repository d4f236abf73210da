// What the benchmark scripts share (scripts/bench.mjs and scripts/bench/*.mjs): the processes they start, the API
// calls they make, and the load they put and measure, so that every section measures the same way.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';

/** The repository's root. */
export const root = resolve(new URL('../..', import.meta.url).pathname);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

/**
 * Starts `node childArgs…` in the repository and waits until `healthUrl` answers 2xx; rejects if it exits first or
 * takes 60 s. The engine URLs are cleared (a section run with the engines' env still measures the embedded default),
 * unless `env` sets them. `stop()` ends it (SIGTERM, SIGKILL after 10 s) and may be called more than once.
 */
export async function startChild(name, childArgs, env, healthUrl) {
  const child = spawn(process.execPath, childArgs, {
    cwd: root,
    env: { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  const exited = new Promise((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}: ${stderr.trim()}`);
    try {
      if ((await fetch(healthUrl)).ok) return { child, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer ${healthUrl} within 60 s: ${stderr.trim()}`);
    }
    await sleep(100);
  }
}

/** The environment of the embedded app (gateway/dist/embedded.js) on `port` with a data directory of its own. */
export const embeddedEnv = ({ port, dataDir, ...more }) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SMS_PROVIDER: 'console',
  PMBOK_DEV_MODE: '1',
  LOG_LEVEL: 'warn',
  ...more,
});

/** POST /pmbok/api/`path`: the answer's `data`, or an error unless its `code` is 200. */
export async function postApi(url, path, body, token) {
  const response = await fetch(`${url}/pmbok/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

let telephones = Math.floor(Math.random() * 1e8);
/**
 * A new account, registered through the API with the code from the development SMS outbox (PMBOK_DEV_MODE): the
 * answer of `user/register` (`{ token, userId, … }`), or with `signIn` that of a sign-in by password after it.
 */
export async function registerUser(url, { signIn = false } = {}) {
  const telephone = `13${String(++telephones).padStart(9, '0')}`;
  const password = 'Passw0rd!bench';
  await postApi(url, 'user/sendRegisterCode', { username: telephone, smsType: 2 });
  const outbox = await (await fetch(`${url}/pmbok/dev/sms-outbox?telephone=${telephone}`)).json();
  if (outbox.code !== 200) throw new Error(`sms outbox: ${JSON.stringify(outbox)}`);
  const code = outbox.data.code;
  const registered = await postApi(url, 'user/register', { telephone, password, repeatPassword: password, code });
  return signIn ? postApi(url, 'user/loginByPassword', { username: telephone, password }) : registered;
}

/** The `p`th percentile (0–100) of `values`; NaN for none. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
};

/**
 * CPU seconds (user + system) that a process, or several (an array, or a function listing them), has used so far,
 * from /proc on Linux; NaN elsewhere or when one is gone.
 */
export function cpuSeconds(pids) {
  try {
    const list = typeof pids === 'function' ? pids() : [pids].flat();
    return list.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (USER_HZ = 100)
    }, 0);
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a process has gone quiet (under a tenth of a core for three seconds in a row, two minutes at most): after
 * seeding, the other services' consumers of the seeded log (activities, feeds, the assistant's index) catch up in the
 * background, and a call measured meanwhile would be charged their work. One quiet second was not enough on a loaded
 * machine: a consumer catching up can get little of a core for a second. Returns the seconds it waited.
 */
export async function untilQuiet(pid) {
  const started = performance.now();
  for (let tries = 0, quiet = 0; tries < 120 && quiet < 3; tries++) {
    const before = cpuSeconds(pid);
    await sleep(1_000);
    quiet = cpuSeconds(pid) - before < 0.1 ? quiet + 1 : 0;
  }
  return Number(((performance.now() - started) / 1_000).toFixed(1));
}

/**
 * One autocannon run. Latencies are collected from the per-response event in fractional milliseconds:
 * autocannon's own histogram keeps whole milliseconds, which reads 0 ms for a fast baseline.
 */
export function cannon(options) {
  const latencies = [];
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolveRun({ result, latencies }),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
}

/**
 * POSTs to `url` (JSON `body`, 10 connections unless `options` say otherwise): `warmup` seconds, then the measured
 * run of `seconds`, with `onStart` called right before it. Every answer must be HTTP 200 with `"code":200` in the
 * body. Server CPU is that of `pids` (see `cpuSeconds`) during the measured run.
 */
export async function measure({ url, headers = {}, body, pids, warmup = 2, seconds, onStart, ...options }) {
  const base = {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections: 10,
    verifyBody: (text) => text.includes('"code":200'),
    ...options,
  };
  await cannon({ ...base, duration: warmup });
  onStart?.();
  const cpuBefore = cpuSeconds(pids);
  const { result: r, latencies } = await cannon({ ...base, duration: seconds });
  const serverCpu = cpuSeconds(pids) - cpuBefore;
  return {
    requests: r.requests.total,
    perSecond: r.requests.total / r.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bad: r.errors + r.timeouts + r.non2xx + r.mismatches,
    cpuPerRequest: (serverCpu * 1_000) / r.requests.total,
    cpuShare: serverCpu / r.duration,
  };
}

/** A `measure` result as the profiling scripts print it: rounded, CPU per request in ms. */
export const measuredRow = (r) => ({
  perSecond: Math.round(r.perSecond),
  p50: Number(r.p50.toFixed(2)),
  p99: Number(r.p99.toFixed(2)),
  cpuMsPerRequest: Number(r.cpuPerRequest.toFixed(3)),
  cpuCores: Number(r.cpuShare.toFixed(2)),
  requests: r.requests,
  failed: r.bad,
});

/** A bare Fastify server answering POST /hello with a constant `{code, msg, data}`: the baseline of the request path. */
export const HELLO = `
const app = require('fastify')({ logger: false });
app.post('/hello', async () => ({ code: 200, msg: 'success', data: { hello: 'world' } }));
app.get('/healthz', async () => ({ status: 'ok' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** Starts the hello-world (`HELLO`) in a child process, runs `work(helloUrl, pid)` against it, and stops it. */
export async function helloWorld(work) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const hello = await startChild('hello-world', ['-e', HELLO], { PORT: String(port) }, `${base}/healthz`);
  try {
    return await work(`${base}/hello`, hello.child.pid);
  } finally {
    await hello.stop();
  }
}

/**
 * An autocannon `setupRequest` for `task/moveFlow` that moves a random task of `taskIds` to its next flow of
 * `flows` at each request, so that every one is a real change (an event appended); `bodyOf({ taskId, flowId })`
 * is the request's body.
 */
export function moveToNextFlow(taskIds, flows, bodyOf) {
  const flowOf = new Map(taskIds.map((id) => [id, 0]));
  return (request) => {
    const taskId = taskIds[Math.floor(Math.random() * taskIds.length)];
    const next = (flowOf.get(taskId) + 1) % flows.length;
    flowOf.set(taskId, next);
    return { ...request, body: JSON.stringify(bodyOf({ taskId, flowId: flows[next] })) };
  };
}
