#!/usr/bin/env node
// Where does the request path wait? (issue 24, docs/adr/0017-request-path-idle-time.md). Run after a build:
//
//   node scripts/bench/requestPath.mjs [--rounds=3] [--seconds=10] [--connections=10] [--cpu-prof=DIR] [--top=15]
//
// Each round measures a bare Fastify hello-world (the baseline) and then `userInfo/getUserInfo` on the embedded app
// (gateway/dist/embedded.js, fresh DATA_DIR), both with autocannon from this process, 2 s warm-up then the measured
// run. The app runs with loopProbe.mjs preloaded: the event loop's utilization over the measured run and how long it
// sat idle while HTTP requests were in flight (a request waiting on a timer, a poll or a lock shows there). With
// --cpu-prof the app of each round writes a V8 CPU profile into DIR, summarized here by where the time went, cut to
// the measured run. Prints one JSON line per round and the medians.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  embeddedEnv,
  freePort,
  helloWorld,
  measure,
  measuredRow,
  registerUser,
  root,
  sleep,
  startChild,
} from './lib.mjs';
import { readLines, summarizeProfile } from './profileSummary.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', 3));
const seconds = Number(arg('seconds', 10));
const connections = Number(arg('connections', 10));
const profileDir = arg('cpu-prof') && resolve(arg('cpu-prof'));
const TOP = Number(arg('top', 15));

async function load(url, headers, pids, onStart) {
  return measuredRow(await measure({ url, headers, body: '{}', pids, connections, seconds, onStart }));
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
  const env = embeddedEnv({ port, dataDir, LOOP_PROBE_OUT: probeOut });
  const app = await startChild('embedded app', args, env, `${url}/healthz`);
  try {
    const { token } = await registerUser(url, { signIn: true });
    const mark = () => app.child.kill('SIGUSR2');
    const result = await load(`${url}/pmbok/api/userInfo/getUserInfo`, { authorization: token }, app.child.pid, mark);
    mark();
    for (let tries = 0; readLines(probeOut).length < 2 && tries < 50; tries++) await sleep(20);
    const [start, loop] = readLines(probeOut);
    const { atMicros, ...eventLoop } = loop;
    await app.stop();
    const profile = roundProfiles && summarizeProfile(roundProfiles, start.atMicros, atMicros, TOP);
    return { ...result, eventLoop, ...(profile ? { profile } : {}) };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ loadAverageAtStart: loadavg()[0], rounds, seconds, connections }));
const results = [];
for (let round = 1; round <= rounds; round++) {
  const hello = await helloWorld((url, pid) => load(url, {}, pid));
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
