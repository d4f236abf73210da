#!/usr/bin/env node
// The gateway in distributed mode beside embedded, in one run (issue 22): `userInfo/getUserInfo`, `task/taskList`
// (page 1 of 20) on a project of --tasks tasks and `task/moveFlow` through the gateway of
//   (a) the embedded app (gateway/dist/embedded.js, SQLite),
//   (b) `scripts/start-distributed.mjs` on Kafka + NATS with each service's SQLite files,
//   (c) the same on Kafka + NATS + MongoDB (MONGO_URL; FerretDB 1.24 on SQLite from scripts/engines.sh),
// and an event's way into another service: `team/create` answered → `task/newProject` in that team answered (the
// task service waits for its roster of the team, a projection of the team service's events, to hold it).
//
//   scripts/engines.sh start DIR && source DIR/env && node scripts/bench/distributed.mjs [--quick] [--tasks=10000]
//     [--seed-seconds=600] [--seconds=10] [--out=docs/benchmarks.md]
// or `node scripts/bench.mjs --only=distributed`. Needs the built code (`npm run build`). Without KAFKA_BROKERS and
// NATS_URL it says so and measures nothing; without MONGO_URL it leaves out (c). Writes its own kept section.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  embeddedEnv,
  freePort,
  measure,
  moveToNextFlow,
  percentile,
  postApi,
  registerUser,
  root,
  sleep,
} from './lib.mjs';

const SERVICES = ['auth', 'team', 'project', 'task', 'messaging', 'ai'];
const HEADING = '## The gateway in distributed mode beside embedded (issue 22)';

const log = (message) => console.log(`[distributed ${new Date().toISOString().slice(11, 19)}] ${message}`);
const median = (values) => percentile(values, 50);

/** `mongodb://host:port/whatever?options` with another database. */
const withDatabase = (url, db) => url.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]*)(\/[^?]*)?/, `$1/${db}`);

/** Calls again while the answer is 400 "not a member": what travels between services takes a moment. */
async function asMember(call, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (let tries = 1; ; tries++) {
    try {
      return { answer: await call(), tries };
    } catch (error) {
      if (!/成员/.test(error.message) || Date.now() > deadline) throw error;
    }
  }
}

/** Starts a mode and waits until every service serves (`/readyz`); `pids()` lists its processes. */
async function startMode(mode, env) {
  const dataDir = mkdtempSync(join(tmpdir(), `pmbok-bench-${mode.key}-`));
  const port = await freePort();
  const base = {
    ...process.env,
    ...embeddedEnv({ port, dataDir, METRICS_PORT: 'off', SMS_IP_DAILY_LIMIT: '1000000' }),
    MONGO_URL: '',
    KAFKA_BROKERS: '',
    NATS_URL: '',
  };
  const distributed = mode.key !== 'embedded';
  if (distributed) {
    Object.assign(base, { KAFKA_BROKERS: env.KAFKA_BROKERS, NATS_URL: env.NATS_URL });
    // Topics and subjects of their own, so that no earlier run's events reach this one.
    const tag = `bench-${randomUUID().slice(0, 8)}`;
    Object.assign(base, { KAFKA_PREFIX: tag, NATS_PREFIX: tag });
    if (mode.key === 'mongo') base.MONGO_URL = withDatabase(env.MONGO_URL, `pmbok_${tag.replace('-', '_')}`);
    for (const name of SERVICES) base[`${name.toUpperCase()}_GRPC_ADDRESS`] = `127.0.0.1:${await freePort()}`;
  }
  const script = distributed ? 'scripts/start-distributed.mjs' : 'gateway/dist/embedded.js';
  const child = spawn(process.execPath, [script], { cwd: root, env: base, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  const exited = new Promise((r) => child.once('exit', r));
  const pids = distributed
    ? () => [child.pid, ...['gateway', ...SERVICES].map((n) => Number(readFileSync(join(dataDir, 'run', `${n}.pid`))))]
    : () => [child.pid];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${mode.name} exited with code ${child.exitCode}: ${stderr.trim()}`);
    try {
      if ((await (await fetch(`${url}/readyz`)).json()).status === 'ready') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${mode.name} was not ready within 180 s: ${stderr.trim()}`);
    }
    await sleep(200);
  }
  return { url, pids, stop };
}

/** A fifth of `seconds` of warm-up, then the measured run, at 10 connections; CPU of all the mode's processes. */
const load = ({ url, token, path, body, pids, seconds, setupRequest }) =>
  measure({
    url: `${url}/pmbok/api/${path}`,
    headers: { authorization: token },
    body: JSON.stringify(body),
    pids,
    warmup: Math.max(1, Math.round(seconds / 5)),
    seconds,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });

/**
 * Creates up to `tasks` tasks, `parallel` at a time, for at most `seedSeconds`. A call that fails (a deadline
 * passed on a slow store) is made again, up to three times, and counted: its first try may have created a task
 * too, which only makes the project larger than counted.
 */
async function seed(url, token, inTeam, projectId, { tasks, seedSeconds, parallel }) {
  const started = performance.now();
  const taskIds = [];
  let retried = 0;
  const create = async (name) => {
    for (let tries = 1; ; tries++) {
      try {
        return await postApi(url, 'task/newTask', inTeam({ projectId, name }), token);
      } catch (error) {
        if (tries >= 3) throw error;
        retried++;
      }
    }
  };
  while (taskIds.length < tasks && performance.now() - started < seedSeconds * 1_000) {
    const batch = Array.from({ length: Math.min(parallel, tasks - taskIds.length) }, (_, j) =>
      create(`task ${taskIds.length + j}`),
    );
    for (const { taskId } of await Promise.all(batch)) taskIds.push(taskId);
    if (taskIds.length % 1_000 < parallel) log(`  ${taskIds.length} tasks`);
  }
  return { taskIds, retried, seconds: (performance.now() - started) / 1_000 };
}

/** Calls again (up to a minute) while a store still busy with the load just made answers 500. */
async function settled(call) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!/"code":500/.test(error.message) || Date.now() > deadline) throw error;
      await sleep(1_000);
    }
  }
}

/** `team/create` answered → `task/newProject` in the new team answered, `samples` times, one after another. */
async function propagation(url, token, samples) {
  const waits = [];
  const plain = [];
  let refused = 0;
  for (let i = 0; i < samples; i++) {
    const { teamId } = await settled(() => postApi(url, 'team/create', { teamName: `传播 ${i}` }, token));
    const created = performance.now();
    const { tries } = await asMember(() =>
      postApi(url, 'task/newProject', { teamId: String(teamId), name: 'p' }, token),
    );
    waits.push(performance.now() - created);
    refused += tries - 1;
    // The same call in a team the task service already knows: what the call costs without waiting.
    const again = performance.now();
    await postApi(url, 'task/newProject', { teamId: String(teamId), name: 'q' }, token);
    plain.push(performance.now() - again);
  }
  waits.sort((a, b) => a - b);
  return { p50: percentile(waits, 50), p99: percentile(waits, 99), plain: median(plain), samples, refused };
}

async function measureMode(mode, env, settings) {
  log(`${mode.name}: starting`);
  const app = await startMode(mode, env);
  try {
    const { url, pids } = app;
    let token;
    for (let tries = 0; ; tries++) {
      try {
        ({ token } = await registerUser(url, { signIn: true }));
        break;
      } catch (error) {
        if (tries >= 30) throw error; // consumer groups still forming
        await sleep(1_000);
      }
    }
    const { seconds } = settings;
    const userInfo = await load({ url, token, path: 'userInfo/getUserInfo', body: {}, pids, seconds });
    log(`${mode.name}: getUserInfo ${userInfo.perSecond.toFixed(0)} req/s`);
    // Before the seeding and the load: what an event takes on a system that is not behind.
    let spread;
    try {
      spread = await propagation(url, token, settings.samples);
      log(`${mode.name}: team → task service p50 ${spread.p50.toFixed(1)} ms, p99 ${spread.p99.toFixed(1)} ms`);
    } catch (error) {
      console.error(error);
      spread = { error: error.message };
    }
    const { teamId } = await postApi(url, 'team/create', { teamName: 'bench' }, token);
    const inTeam = (body) => ({ ...body, teamId: String(teamId) });
    const { answer } = await asMember(() => postApi(url, 'task/newProject', inTeam({ name: 'bench' }), token));
    const projectId = answer.taskProjectId;
    const flows = (await postApi(url, 'task/projectFlows', inTeam({ projectId }), token)).map((f) => f.flowId);
    log(`${mode.name}: creating up to ${settings.tasks} tasks`);
    const parallel = mode.key === 'mongo' ? 4 : 20;
    const seeded = await seed(url, token, inTeam, projectId, { ...settings, parallel });
    const { taskIds } = seeded;
    log(`${mode.name}: ${taskIds.length} tasks in ${seeded.seconds.toFixed(0)} s`);
    const body = inTeam({ projectId, page: 1, pageSize: 20 });
    const taskList = await load({ url, token, path: 'task/taskList', body, pids, seconds });
    const setupRequest = moveToNextFlow(taskIds, flows, (move) => inTeam({ projectId, ...move }));
    const moveFlow = await load({ url, token, path: 'task/moveFlow', body: {}, pids, seconds, setupRequest });
    log(`${mode.name}: taskList ${taskList.perSecond.toFixed(0)} req/s, moveFlow ${moveFlow.perSecond.toFixed(0)}`);
    const { seconds: seedSeconds, retried } = seeded;
    return { mode, userInfo, taskList, moveFlow, tasks: taskIds.length, seedSeconds, parallel, retried, spread };
  } finally {
    await app.stop();
  }
}

const MODES = [
  { key: 'embedded', name: 'embedded (one process, SQLite)' },
  { key: 'sqlite', name: 'distributed: Kafka + NATS, SQLite stores' },
  { key: 'mongo', name: 'distributed: Kafka + NATS + MongoDB (FerretDB 1.24 on SQLite)' },
];

/** Measures every mode the environment allows; `{ skipped }` without Kafka and NATS. */
export async function benchDistributed({ quick = false, tasks, seedSeconds, seconds, env = process.env } = {}) {
  if (!env.KAFKA_BROKERS || !env.NATS_URL)
    return { skipped: 'KAFKA_BROKERS and NATS_URL are not set (scripts/engines.sh start DIR; source DIR/env)' };
  if (!existsSync(join(root, 'gateway/dist/embedded.js'))) return { skipped: 'not built (npm run build)' };
  const settings = {
    tasks: tasks ?? (quick ? 500 : 10_000),
    seedSeconds: seedSeconds ?? (quick ? 60 : 600),
    seconds: seconds ?? (quick ? 3 : 10),
    samples: quick ? 10 : 100,
  };
  const started = performance.now();
  const load1 = loadavg()[0];
  const rows = [];
  const failures = [];
  for (const mode of MODES) {
    if (mode.key === 'mongo' && !env.MONGO_URL) {
      failures.push(`${mode.name}: MONGO_URL is not set`);
      continue;
    }
    try {
      rows.push(await measureMode(mode, env, settings));
    } catch (error) {
      console.error(error);
      failures.push(`${mode.name}: ${error.message}`);
    }
  }
  const cpu = cpus();
  const machine = {
    cpu: `${cpu[0]?.model?.trim() ?? 'unknown'} × ${cpu.length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `linux ${release()}`,
    load: `${load1.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    minutes: (performance.now() - started) / 60_000,
  };
  return { rows, failures, settings, machine, quick };
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const ms = (n) => (Number.isFinite(n) ? `${fmt(n, n < 10 ? 2 : 1)} ms` : '–');
const ratio = (n) => (Number.isFinite(n) ? `${n >= 100 ? n.toFixed(0) : n.toPrecision(3)}×` : '–');

/** The kept section (markers included) for `results`. */
export function distributedSection(results, command) {
  const lines = ['<!-- kept -->', HEADING, ''];
  if (results.skipped) {
    lines.push(`Not measured: ${results.skipped}.`, '<!-- /kept -->');
    return lines.join('\n');
  }
  const { rows, machine: m, settings } = results;
  const base = rows.find((r) => r.mode.key === 'embedded');
  lines.push(
    `Written by \`${command}\` (\`scripts/bench/distributed.mjs\`) on ${m.date}, ${fmt(m.minutes, 1)} min: ${m.cpu},`,
    `${m.memory}, Node.js ${m.node}, ${m.os}, load average ${m.load}. All modes ran on this one machine, one after`,
    'another, each on a fresh data directory (and database, topics and subjects): a distributed mode here pays for',
    'its network hops and engines on the same two cores instead of gaining machines, so the ratios show the cost of',
    'the hops, not what a cluster would do. "MongoDB" is **FerretDB 1.24 on SQLite** (`tools/ferretdb`), not a',
    'MongoDB replica set: its queries other than by `_id` decode whole collections (ADR 18), and its numbers say',
    'nothing about MongoDB. Ratios are to the embedded row of this run; autocannon, 10 connections,',
    `${settings.seconds} s after a warm-up; server CPU is every Node.js process of the mode (gateway and services; not Kafka, NATS or FerretDB).`,
    results.quick
      ? '\n> **--quick run**: shortened measurements that only check the script works; do not quote them.'
      : '',
    '',
    '| mode | call | tasks in the project | req/s | p50 | p99 | server CPU per request | failed | req/s ÷ embedded | p99 ÷ embedded |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const call of ['userInfo', 'taskList', 'moveFlow']) {
    const name = {
      userInfo: '`userInfo/getUserInfo`',
      taskList: '`task/taskList` (page of 20)',
      moveFlow: '`task/moveFlow`',
    }[call];
    for (const r of rows) {
      const x = r[call];
      const b = base?.[call];
      lines.push(
        `| ${r.mode.name} | ${name} | ${call === 'userInfo' ? '' : fmt(r.tasks)} | ${fmt(x.perSecond)} | ${ms(x.p50)} | ${ms(x.p99)} | ${ms(x.cpuPerRequest)} | ${x.bad} | ${ratio(x.perSecond / b?.perSecond)} | ${ratio(x.p99 / b?.p99)} |`,
      );
    }
  }
  lines.push(
    '',
    `Seeding (\`task/newTask\`, at most ${fmt(settings.tasks)} tasks or ${fmt(settings.seedSeconds)} s per mode): ${rows.map((r) => `${r.mode.name}: ${fmt(r.tasks)} tasks in ${fmt(r.seedSeconds)} s, ${r.parallel} at a time${r.retried ? `, ${r.retried} call${r.retried === 1 ? '' : 's'} made again after an error` : ''}`).join('; ')}.`,
    '',
    `An event into another service: \`team/create\` answered → \`task/newProject\` in that new team answered, ${settings.samples} times one after another, right after the start (before the seeding and the load). The task service answers once its roster of the team (a projection of the team service's events; in distributed mode they travel team log → Kafka → task service) holds the caller, waiting up to 2 s for it; an answer "not a member" is asked again at once (counted in the last column). So this is the append → projection delay plus at least one \`newProject\`; the next column is that call in a team it already knows (median).`,
    '',
    '| mode | p50 | p99 | design goal p99 ≤ 50 ms | `newProject` alone, p50 | answers "not a member" |',
    '| --- | ---: | ---: | --- | ---: | ---: |',
    ...rows.map((r) =>
      r.spread.error
        ? `| ${r.mode.name} | not measured: ${r.spread.error} | | | | |`
        : `| ${r.mode.name} | ${ms(r.spread.p50)} | ${ms(r.spread.p99)} | ${r.mode.key === 'embedded' ? '(in process)' : r.spread.p99 <= 50 ? 'met' : 'missed'} | ${ms(r.spread.plain)} | ${r.spread.refused} |`,
    ),
  );
  if (rows.some((r) => r.mode.key === 'mongo'))
    lines.push(
      '',
      'On FerretDB every read model query but one by `_id` decodes its whole collection in Go (ADR 18): the task',
      "list's page (a filter, a sort, a page and a count) reads every task of the collection, and each projection",
      'of every service waits on one SQLite file, so seeding stops at the time limit with fewer tasks, and its rows',
      'measure a smaller project. A MongoDB replica set answers the same queries through the declared indexes.',
    );
  if (results.failures.length) lines.push('', `Not measured: ${results.failures.join('; ')}.`);
  lines.push('<!-- /kept -->');
  return lines.join('\n');
}

/** Puts `section` in place of this benchmark's kept section in `file`, or after the last line. */
export function writeSection(file, section) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const mine = new RegExp(`<!-- kept -->\\n${HEADING.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?<!-- /kept -->`);
  writeFileSync(file, mine.test(text) ? text.replace(mine, () => section) : `${text.trimEnd()}\n\n${section}\n`);
}

/** `--only=distributed` of scripts/bench.mjs, and this file run alone. */
export async function main(args = process.argv.slice(2)) {
  const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const number = (name) => (arg(name) === undefined ? undefined : Number(arg(name)));
  const results = await benchDistributed({
    quick: args.includes('--quick'),
    tasks: number('tasks'),
    seedSeconds: number('seed-seconds'),
    seconds: number('seconds'),
  });
  if (results.skipped) {
    console.log(`distributed benchmark skipped: ${results.skipped}`);
    return results;
  }
  const out = resolve(root, arg('out') ?? 'docs/benchmarks.md');
  const command = `node ${process.argv
    .slice(1)
    .map((a) => a.replace(`${root}/`, ''))
    .join(' ')}`;
  writeSection(out, distributedSection(results, command));
  log(`wrote its section of ${out}`);
  if (results.failures.length) process.exitCode = 1;
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) await main();
