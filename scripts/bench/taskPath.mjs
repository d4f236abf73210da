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
// (distSwap.mjs). Prints one JSON line per measurement (with the size of one taskList answer) and a summary.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  embeddedEnv,
  freePort,
  helloWorld,
  measure,
  measuredRow,
  moveToNextFlow,
  postApi,
  registerUser,
  root,
  sleep,
  startChild,
  untilQuiet,
} from './lib.mjs';
import { readLines, summarizeProfile } from './profileSummary.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const TASKS = Number(arg('tasks', 10_000));
const seconds = Number(arg('seconds', 10));
const connections = Number(arg('connections', 10));
const rounds = Number(arg('rounds', 1));
const profileDir = arg('cpu-prof') && resolve(arg('cpu-prof'));
const beforeDir = arg('before') && resolve(arg('before'));
const TOP = Number(arg('top', 15));

/** Warm-up, then the measured run; `mark` is called right before and right after it. */
async function load(url, headers, body, pid, extra = {}, mark = () => {}) {
  const r = await measure({ url, headers, body, pids: pid, connections, seconds, onStart: mark, ...extra });
  mark();
  return measuredRow(r);
}

const post = postApi;

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
  const env = embeddedEnv({
    port,
    dataDir,
    LOOP_PROBE_OUT: probeOut,
    ...(swapDir ? { DIST_SWAP_DIR: swapDir } : {}),
  });
  const app = await startChild('embedded app', args, env, `${url}/healthz`);
  try {
    const { token } = await registerUser(url, { signIn: true });
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
    // The other services' consumers of the task log catch up on the seeding first: their work is not the calls'.
    const settleSeconds = await untilQuiet(app.child.pid);
    const page = await post(url, 'task/taskList', inTeam({ projectId, page: 1, pageSize: 20 }), token);
    if (page.total !== TASKS || page.list.length !== 20) throw new Error(`taskList answered ${page.total} tasks`);

    const mark = () => app.child.kill('SIGUSR2');
    const headers = { authorization: token };
    const listBody = JSON.stringify(inTeam({ projectId, page: 1, pageSize: 20 }));
    // The size of one answer as sent (the body; what the socket writes and the serializer builds per request).
    const answer = await fetch(`${url}/pmbok/api/task/taskList`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: listBody,
    });
    const answerBytes = (await answer.arrayBuffer()).byteLength;
    const list = await load(`${url}/pmbok/api/task/taskList`, headers, listBody, app.child.pid, {}, mark);
    // Each request moves a random task to the next flow, so every one is a real change (an event appended).
    const setupRequest = moveToNextFlow(taskIds, flows, (move) => inTeam({ projectId, ...move }));
    const move = await load(
      `${url}/pmbok/api/task/moveFlow`,
      headers,
      '{}',
      app.child.pid,
      { requests: [{ setupRequest }] },
      mark,
    );
    for (let tries = 0; readLines(probeOut).length < 4 && tries < 100; tries++) await sleep(20);
    const marks = readLines(probeOut);
    const loopOf = ({ utilization, idleWithRequestsInFlightMs }) => ({ utilization, idleWithRequestsInFlightMs });
    await app.stop();
    const summary = (from, to) => profiles && summarizeProfile(profiles, marks[from].atMicros, marks[to].atMicros, TOP);
    return {
      seedSeconds,
      settleSeconds,
      taskList: { ...list, answerBytes, eventLoop: loopOf(marks[1]), profile: summary(0, 1) },
      moveFlow: { ...move, eventLoop: loopOf(marks[3]), profile: summary(2, 3) },
    };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(JSON.stringify({ loadAverageAtStart: loadavg()[0], tasks: TASKS, seconds, connections, rounds }));
const variants = beforeDir ? [['before', beforeDir], ['current']] : [['current']];
const results = [];
for (let round = 1; round <= rounds; round++) {
  const hello = await helloWorld((helloUrl, pid) => load(helloUrl, {}, '{}', pid));
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
