#!/usr/bin/env node
// Benchmarks, written to docs/benchmarks.md. Run with `npm run bench` (builds first; this script imports the
// built code from infra/dist and starts gateway/dist/embedded.js).
//
// Every number is measured in this run on this machine, and wherever a comparison makes sense it is given as
// a ratio to a baseline measured in the same run (sync=normal vs sync=full, the gateway vs a bare Fastify
// hello-world), so results from different machines can be compared by their ratios. Bounded: ~1.5 minutes.
//
//   node scripts/bench.mjs [--quick] [--only=eventstore|gateway|knowledge|publishing|mock|fields|runner|ai|messages|bus|console] [--out=docs/benchmarks.md]
//
// mock installs Stoplight Prism into node_modules/.cache/pmbok-bench/prism the first time (not a repo dependency);
// runner installs Newman into node_modules/.cache/pmbok-bench/newman the same way.
//
// The event-bus section needs Kafka: `scripts/engines.sh start DIR && source DIR/env` first (KAFKA_BROKERS).
//
// --quick shortens every measurement (a check that the script works, not numbers to publish).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { aiSection, benchAiGateway } from './bench/aiGateway.mjs';
import { benchAiRetrieval } from './bench/aiRetrieval.mjs';
import { benchMessages, messagesSection } from './bench/chatFanout.mjs';
import { runConsoleBench } from './bench/console.mjs';
import { benchFieldCompare, benchFieldCompareService, fieldsSection } from './bench/fields.mjs';
import { benchKnowledge } from './bench/knowledge.mjs';
import {
  embeddedEnv,
  freePort,
  helloWorld,
  measure,
  moveToNextFlow,
  percentile,
  postApi,
  registerUser,
  root,
  startChild,
  untilQuiet,
} from './bench/lib.mjs';
import { benchMock, mockSection } from './bench/mock.mjs';
import { benchNotify, notifySection } from './bench/notify.mjs';
import { profilesSection, profileTargets } from './bench/profiles.mjs';
import { benchGatewayImport, benchInterchange, benchVersionDiff, publishingSection } from './bench/publishing.mjs';
import { benchRunner, runnerSection } from './bench/runner.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const out = resolve(root, args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? 'docs/benchmarks.md');

const settings = quick
  ? { appendSeconds: 0.3, appendMax: 2_000, reps: 1, replayEvents: 5_000, replayReps: 1, httpSeconds: 2, warmup: 1 }
  : { appendSeconds: 2, appendMax: 20_000, reps: 3, replayEvents: 50_000, replayReps: 3, httpSeconds: 10, warmup: 2 };
const STREAMS = 1_000;
const REPLAY_BATCH = 1_000;
const CONNECTIONS = 10;
const TASKS = quick ? 1_000 : 10_000;
// Issue 15: a knowledge project of KNOWLEDGE_DOCS API documents in KNOWLEDGE_FOLDERS folders.
const KNOWLEDGE_DOCS = quick ? 500 : 5_000;
const KNOWLEDGE_FOLDERS = quick ? 20 : 200;
// Issue 16: the generated OpenAPI 3.1 document's operations.
const PUBLISHING_OPERATIONS = quick ? 500 : 5_000;
const withPublishing = !only || only === 'publishing';
const withKnowledge = !only || only === 'gateway' || only === 'knowledge' || only === 'publishing';
// Issue 17: the mock server against Prism; fieldCompare on a generated project of FIELDS_OPERATIONS documents.
const withMock = !only || only === 'mock';
const withFields = !only || only === 'fields';
const FIELDS_OPERATIONS = quick ? 500 : 5_000;
// Issue 18: the pmbok-test CLI against Newman on the same collection and server.
const withRunner = !only || only === 'runner';
// Issue 19: the AI assistant's first token and index delay through the gateway, and retrieval over a large team.
const withAi = !only || only === 'ai';
const AI_QUESTIONS = quick ? 20 : 200;
// Issue 20: idle live sockets one gateway holds, a team channel post's fan-out to 1,000 members (own app).
const withMessages = !only || only === 'messages';

const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const pct = (n) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} % of a core` : '–');
const ms = (n) => `${fmt(n, n < 10 ? 2 : 1)} ms`;
const ratio = (n) => (Number.isFinite(n) ? `${n >= 100 ? n.toFixed(0) : n.toPrecision(3)}×` : '–');

// ---------------------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------------------
const FS_TYPES = {
  61267: 'ext4',
  1481003842: 'xfs',
  2435016766: 'btrfs',
  16914836: 'tmpfs',
  2035054128: 'overlayfs',
  26985: 'nfs',
  801189825: 'zfs',
  1702057286: 'fuse',
};
function filesystemOf(path) {
  try {
    const { type } = statfsSync(path);
    return FS_TYPES[type] ?? `type 0x${type.toString(16)}`;
  } catch {
    return 'unknown';
  }
}

const loadAtStart = loadavg()[0];

function machine() {
  const cpu = cpus();
  return {
    load: `${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`,
    cpu: `${cpu[0]?.model?.trim() ?? 'unknown'} × ${cpu.length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Embedded event store
// ---------------------------------------------------------------------------------------------------------
const payload = (i) => ({
  taskId: 100_000 + i,
  name: `任务 ${i}: 整理接口文档并补充示例`,
  flowId: 42,
  assignee: 7,
  urgentLevel: i % 3,
  preTime: [1_700_000_000_000, 1_700_086_400_000],
});

/** Appends one event per call (the common shape of a command) for a bounded time, to one or many streams. */
async function measureAppends(openSqliteEventStore, dir, { sync, streams }) {
  const file = join(mkdtempSync(join(dir, `append-${sync}-`)), 'events.sqlite');
  const store = openSqliteEventStore({ file, sync });
  const versions = new Array(streams).fill(0);
  const append = async (i) => {
    const s = i % streams;
    const result = await store.append(`taskProject-${s}`, [{ type: 'TaskCreated', data: payload(i) }], versions[s], {
      commandId: `cmd-${i}`,
      actor: '7',
      teamId: '1',
      correlationId: `req-${i}`,
    });
    versions[s] = result.nextExpectedVersion;
  };
  try {
    for (let i = 0; i < 100; i++) await append(i); // warm the statements and the file
    const start = performance.now();
    const deadline = start + settings.appendSeconds * 1_000;
    let n = 100;
    while (n < settings.appendMax + 100 && (n % 64 !== 0 || performance.now() < deadline)) await append(n++);
    const seconds = (performance.now() - start) / 1_000;
    return { appends: n - 100, perSecond: (n - 100) / seconds };
  } finally {
    await store.close();
  }
}

async function measureReplay(openSqliteEventStore, dir) {
  const file = join(mkdtempSync(join(dir, 'replay-')), 'events.sqlite');
  const store = openSqliteEventStore({ file, sync: 'normal' });
  try {
    const perAppend = 50;
    const versions = new Array(STREAMS).fill(0);
    for (let i = 0; i * perAppend < settings.replayEvents; i++) {
      const s = i % STREAMS;
      const events = Array.from({ length: perAppend }, (_, k) => ({
        type: 'TaskCreated',
        data: payload(i * perAppend + k),
      }));
      versions[s] = (
        await store.append(`taskProject-${s}`, events, versions[s], { actor: '7', teamId: '1' })
      ).nextExpectedVersion;
    }
    const total = await store.head();
    const runs = [];
    for (let rep = 0; rep < settings.replayReps + 1; rep++) {
      const start = performance.now();
      let position = 0;
      let read = 0;
      for (;;) {
        const batch = await store.readAll(position, REPLAY_BATCH);
        if (batch.length === 0) break;
        read += batch.length;
        position = batch[batch.length - 1].metadata.globalPosition;
      }
      const seconds = (performance.now() - start) / 1_000;
      if (read !== total) throw new Error(`replay read ${read} events of ${total}`);
      if (rep > 0) runs.push(read / seconds); // the first pass only warms the page cache
    }
    return { events: total, perSecond: median(runs), runs };
  } finally {
    await store.close();
  }
}

async function benchEventStore() {
  const { openSqliteEventStore } = await import(join(root, 'infra/dist/index.js'));
  // On the repository's disk (where ./data lives), not /tmp, which may be a tmpfs where fsync costs nothing.
  const base = join(root, '.artifacts');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'bench-eventstore-'));
  try {
    const cases = [
      { name: 'one stream', streams: 1 },
      { name: `${fmt(STREAMS)} streams`, streams: STREAMS },
    ];
    const results = new Map();
    // Interleave the configurations in every repetition so drift (other load, disk cache) hits them alike.
    for (let rep = 0; rep < settings.reps; rep++) {
      for (const c of cases) {
        for (const sync of ['full', 'normal']) {
          const r = await measureAppends(openSqliteEventStore, dir, { sync, streams: c.streams });
          const key = `${c.name}|${sync}`;
          results.set(key, [...(results.get(key) ?? []), r.perSecond]);
          log(`append ${c.name}, sync=${sync}: ${fmt(r.perSecond)}/s (${r.appends} appends)`);
        }
      }
    }
    log('replay: writing the log');
    const replay = await measureReplay(openSqliteEventStore, dir);
    log(`replay: ${fmt(replay.perSecond)} events/s over ${fmt(replay.events)} events`);
    return {
      filesystem: filesystemOf(dir),
      location: relative(root, base),
      appends: cases.map((c) => {
        const full = median(results.get(`${c.name}|full`));
        const normal = median(results.get(`${c.name}|normal`));
        return { name: c.name, full, normal, ratio: normal / full };
      }),
      replay,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Gateway vs bare Fastify
// ---------------------------------------------------------------------------------------------------------
/** Warm-up, then the measured run at CONNECTIONS connections (`extra`: autocannon's options); see lib.mjs `measure`. */
const load = (url, headers, body, serverPid, extra = {}) =>
  measure({
    url,
    headers,
    body,
    pids: serverPid,
    connections: CONNECTIONS,
    warmup: settings.warmup,
    seconds: settings.httpSeconds,
    ...extra,
  });

async function benchGateway() {
  const results = {};

  // The mock section has a baseline of its own (a GET answering the same JSON).
  if (withKnowledge) {
    log('bare Fastify hello-world');
    results.hello = await helloWorld((helloUrl, pid) => load(helloUrl, {}, '{}', pid));
    log(
      `hello-world: ${fmt(results.hello.perSecond)} req/s, p50 ${ms(results.hello.p50)}, p99 ${ms(results.hello.p99)}`,
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  log('embedded app (gateway + services)');
  let app;
  try {
    app = await startChild(
      'embedded app',
      ['gateway/dist/embedded.js'],
      embeddedEnv({
        port,
        dataDir,
        // the mock's per-address rate limit would cut a load test from one address short (README)
        PMBOK_MOCK_RATE_LIMIT: '0',
        // one user asks every question of the AI benchmark
        PMBOK_AI_QUESTIONS_PER_MINUTE: '1000000',
      }),
      `${url}/healthz`,
    );
    const { token } = await registerUser(url, { signIn: true });
    if (!only || only === 'gateway') {
      results.gateway = await load(
        `${url}/pmbok/api/userInfo/getUserInfo`,
        { authorization: token },
        '{}',
        app.child.pid,
      );
      results.gatewayAt50 = await load(
        `${url}/pmbok/api/userInfo/getUserInfo`,
        { authorization: token },
        '{}',
        app.child.pid,
        { connections: 50 },
      );
      results.tasks = await benchTasks(url, token, app.child.pid);
    }
    const tools = { postApi, load, log, fmt, startChild, freePort };
    if (withMock) {
      try {
        results.mock = await benchMock({ url, token, serverPid: app.child.pid, tools, rounds: quick ? 1 : 3 });
      } catch (error) {
        console.error(error);
        results.mockError = error.message;
      }
    }
    if (withFields) {
      try {
        const operations = FIELDS_OPERATIONS;
        results.fields = await benchFieldCompare({ url, token, serverPid: app.child.pid, operations, tools });
      } catch (error) {
        console.error(error);
        results.fieldsError = error.message;
      }
    }
    if (withAi) {
      try {
        results.ai = await benchAiGateway({ url, token, tools, questions: AI_QUESTIONS });
      } catch (error) {
        console.error(error);
        results.aiError = error.message;
      }
    }
    if (withKnowledge)
      try {
        const sizes = { docs: KNOWLEDGE_DOCS, folders: KNOWLEDGE_FOLDERS };
        // The publishing benchmark compares a version saved right after seeding with one saved after the saves.
        const onSeeded = withPublishing
          ? ({ teamId, projectId }) =>
              postApi(url, 'project/saveProjectVersion', { teamId: String(teamId), projectId, name: '基准 A' }, token)
          : undefined;
        results.knowledge = await benchKnowledge({ url, token, serverPid: app.child.pid, ...sizes, tools, onSeeded });
        if (withPublishing) {
          const { teamId, projectId, seeded } = results.knowledge;
          results.versionDiff = await benchVersionDiff({
            url,
            token,
            teamId,
            projectId,
            fromVersionId: seeded.versionId,
            tools,
          });
          const operations = PUBLISHING_OPERATIONS;
          results.gatewayImport = await benchGatewayImport({ url, token, serverPid: app.child.pid, operations, tools });
        }
      } catch (error) {
        console.error(error);
        results.knowledgeError = error.message;
      }
  } finally {
    await app?.stop();
    // The service-side fieldCompare reads the app's log once the app has stopped (one writer per file).
    if (results.fields) {
      try {
        results.fields.service = benchFieldCompareService({ dataDir, ...results.fields.project, tools: { log } });
      } catch (error) {
        console.error(error);
        results.fieldsError = `through the service: ${error.message}`;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (results.gateway) {
    const g = results.gateway;
    log(`getUserInfo: ${fmt(g.perSecond)} req/s, p50 ${ms(g.p50)}, p99 ${ms(g.p99)}`);
  }
  return results;
}

/** task/taskList (a read) and task/moveFlow (a write) with a project of TASKS tasks. */
async function benchTasks(url, token, serverPid) {
  const { teamId } = await postApi(url, 'team/create', { teamName: 'bench' }, token);
  const inTeam = (body) => ({ ...body, teamId: String(teamId) });
  const { taskProjectId: projectId } = await postApi(url, 'task/newProject', inTeam({ name: 'bench' }), token);
  const flows = (await postApi(url, 'task/projectFlows', inTeam({ projectId }), token)).map((f) => f.flowId);
  log(`creating ${fmt(TASKS)} tasks`);
  const createStarted = performance.now();
  const taskIds = [];
  for (let i = 0; i < TASKS; i += 20) {
    const batch = Array.from({ length: Math.min(20, TASKS - i) }, (_, j) =>
      postApi(url, 'task/newTask', inTeam({ projectId, name: `task ${i + j}` }), token),
    );
    for (const { taskId } of await Promise.all(batch)) taskIds.push(taskId);
  }
  const createSeconds = (performance.now() - createStarted) / 1_000;
  // The other services' consumers of the task log catch up on the seeding first: their work is not the calls'.
  const settleSeconds = await untilQuiet(serverPid);
  log(`the app went quiet after ${settleSeconds} s`);

  const listBody = JSON.stringify(inTeam({ projectId, page: 1, pageSize: 20 }));
  const listAt = (extra) =>
    load(`${url}/pmbok/api/task/taskList`, { authorization: token }, listBody, serverPid, extra);
  const setupRequest = moveToNextFlow(taskIds, flows, (move) => inTeam({ projectId, ...move }));
  const moveAt = (extra) =>
    load(`${url}/pmbok/api/task/moveFlow`, { authorization: token }, '{}', serverPid, {
      requests: [{ setupRequest }],
      ...extra,
    });
  const list = await listAt();
  const move = await moveAt();
  log(`taskList: ${fmt(list.perSecond)} req/s; moveFlow: ${fmt(move.perSecond)} req/s`);
  // Issue 24's latency goals are set at 50 connections.
  const at50 = { list: await listAt({ connections: 50 }), move: await moveAt({ connections: 50 }) };
  return { list, move, createSeconds, at50 };
}

// ---------------------------------------------------------------------------------------------------------
// Event bus: embedded vs Kafka
// ---------------------------------------------------------------------------------------------------------
const RELAY_EVENTS = quick ? 2_000 : 20_000;
const LATENCY_SAMPLES = quick ? 50 : 300;

async function benchBus() {
  if (!process.env.KAFKA_BROKERS)
    throw new Error('KAFKA_BROKERS is not set (scripts/engines.sh start DIR; source DIR/env)');
  const infra = await import(join(root, 'infra/dist/index.js'));
  const { Kafka, logLevel } = await import('kafkajs');
  const brokers = process.env.KAFKA_BROKERS.split(',');
  const base = join(root, '.artifacts');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'bench-bus-'));
  const prefix = `bench-${Date.now().toString(36)}`;
  const noCheckpoints = { load: async () => 0, store: async () => {} };
  try {
    // Relay throughput: a log of RELAY_EVENTS events (100 streams) is published by a relay started on it.
    const producer = infra.openSqliteEventStore({ file: join(dir, 'relay.db'), sync: 'normal' });
    for (let i = 0; i < RELAY_EVENTS; i++)
      await producer.append(`s-${i % 100}`, [{ type: 'TaskCreated', data: payload(i) }], 'any');
    const admin = new Kafka({ clientId: 'bench', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const relayStart = performance.now();
    const relayBus = await infra.createKafkaEventBus({
      brokers,
      clientId: 'bench-relay',
      relays: [{ topic: 'relay', store: producer }],
      prefix,
    });
    for (;;) {
      const offsets = await admin.fetchTopicOffsets(`${prefix}.relay.events`);
      if (offsets.reduce((sum, o) => sum + Number(o.high), 0) >= RELAY_EVENTS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const relaySeconds = (performance.now() - relayStart) / 1_000;
    log(`relay: ${fmt(RELAY_EVENTS / relaySeconds)} events/s to Kafka`);
    // The same log read by a consumer group, through Kafka and through the embedded bus (which reads the log file).
    const consume = async (bus) => {
      let seen = 0;
      let done;
      const finished = new Promise((r) => {
        done = r;
      });
      const start = performance.now();
      const sub = await bus.subscribe({
        topic: 'relay',
        group: `reader-${Math.random().toString(36).slice(2)}`,
        handler: async (events) => {
          seen += events.length;
          if (seen >= RELAY_EVENTS) done();
        },
      });
      await finished;
      const seconds = (performance.now() - start) / 1_000;
      await sub.stop();
      return RELAY_EVENTS / seconds;
    };
    const kafkaConsume = await consume(relayBus);
    const embeddedBus = infra.createEmbeddedEventBus({ dataDir: dir, checkpoints: noCheckpoints, sync: 'normal' });
    const embeddedConsume = await consume(embeddedBus);
    log(`consume: Kafka ${fmt(kafkaConsume)} events/s, embedded ${fmt(embeddedConsume)} events/s`);
    await relayBus.close();
    await embeddedBus.close();
    await producer.close();

    // Latency: one append at a time in the producing service (sync=full, as services run), timed until a
    // consumer in another service has handled it.
    const latency = async (kind) => {
      const store = infra.openSqliteEventStore({ file: join(dir, `${kind}.db`), sync: 'full' });
      const bus =
        kind === 'kafka'
          ? await infra.createKafkaEventBus({
              brokers,
              clientId: 'bench-latency',
              relays: [{ topic: kind, store }],
              prefix,
            })
          : infra.createEmbeddedEventBus({ dataDir: dir, checkpoints: noCheckpoints, sync: 'full' });
      const waiting = new Map();
      const sub = await bus.subscribe({
        topic: kind,
        group: 'latency',
        handler: async (events) => {
          for (const event of events) waiting.get(event.metadata.streamId)?.();
        },
      });
      const samples = [];
      for (let i = 0; i < LATENCY_SAMPLES + 10; i++) {
        const stream = `l-${i}`;
        const arrived = new Promise((r) => waiting.set(stream, r));
        const start = performance.now();
        await store.append(stream, [{ type: 'TaskCreated', data: payload(i) }], 0);
        await arrived;
        if (i >= 10) samples.push(performance.now() - start); // the first ones warm up connections
      }
      await sub.stop();
      await bus.close();
      await store.close();
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
    };
    const embeddedLatency = await latency('embedded');
    const kafkaLatency = await latency('kafka');
    log(`latency p50: embedded ${ms(embeddedLatency.p50)}, Kafka ${ms(kafkaLatency.p50)}`);
    await admin.disconnect();
    return {
      relay: RELAY_EVENTS / relaySeconds,
      kafkaConsume,
      embeddedConsume,
      embeddedLatency,
      kafkaLatency,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Sections measured by hand or by other tools (k6 runs, before-and-after studies), kept when the report is written
 * again: each sits between `<!-- kept -->` and `<!-- /kept -->` in the current file and is carried to the end.
 */
function keptSections(file) {
  if (!existsSync(file)) return '';
  const kept = readFileSync(file, 'utf8').match(/<!-- kept -->[\s\S]*?<!-- \/kept -->/g) ?? [];
  return kept.length ? `\n${kept.join('\n\n')}\n` : '';
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------
function report({
  machine: m,
  eventStore,
  gateway,
  profiles,
  interchange,
  runner,
  aiRetrieval,
  messages,
  notify,
  bus,
  failures,
  seconds,
}) {
  const lines = [];
  const push = (...l) => lines.push(...l);
  push(
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (\`scripts/bench.mjs\`) — regenerate rather than edit. One run on the machine`,
    'below; compare runs on other machines by the ratios, which are measured against a baseline in the same run.',
    quick ? '\n> **--quick run**: shortened measurements that only check the script works; do not quote them.' : '',
    '',
    '## Machine',
    '',
    '| | |',
    '| --- | --- |',
    `| CPU | ${m.cpu} |`,
    `| memory | ${m.memory} |`,
    `| Node.js | ${m.node} |`,
    `| OS | ${m.os} |`,
    `| load average (1 min) | ${m.load} (well above 0 at the start: other work shared the CPU; trust the ratios more than the absolute numbers) |`,
    `| date | ${m.date} |`,
    `| command | \`npm run bench\` (\`node scripts/bench.mjs${args.length ? ` ${args.join(' ')}` : ''}\`), ${fmt(seconds)} s |`,
    '',
  );

  if (eventStore) {
    const { appends, replay } = eventStore;
    push(
      '## Embedded event store (SQLite through better-sqlite3, WAL)',
      '',
      `\`openSqliteEventStore\` from \`infra\`, a fresh file per measurement under \`${eventStore.location}/\``,
      `(${eventStore.filesystem}). Each append is one \`TaskCreated\` event (about 200 bytes of JSON) with the`,
      'expected version chained from the previous append and a command id (so the idempotency row is written too),',
      `awaited one after another — the way a service appends one command's events. Each figure is the median of`,
      `${settings.reps} runs of ${settings.appendSeconds} s (at most ${fmt(settings.appendMax)} appends), the configurations interleaved.`,
      '`sync: full` (the default) fsyncs every commit, so an acknowledged append survives a power loss;',
      '`sync: normal` survives a process crash but may lose the last commits on power loss.',
      '',
      '| appends to | sync: full (appends/s) | sync: normal (appends/s) | normal ÷ full |',
      '| --- | ---: | ---: | ---: |',
      ...appends.map((a) => `| ${a.name} | ${fmt(a.full)} | ${fmt(a.normal)} | ${ratio(a.ratio)} |`),
      '',
      `Replay: \`readAll(after, ${fmt(REPLAY_BATCH)})\` from position 0 to the head of a log of ${fmt(replay.events)} events`,
      `(${fmt(STREAMS)} streams, JSON parsed into recorded events), median of ${replay.runs.length} passes after one warm-up pass:`,
      `**${fmt(replay.perSecond)} events/s**, so rebuilding read models from 1 million events would take about`,
      `${fmt(1_000_000 / replay.perSecond, 1)} s of reading before projection work.`,
      '',
    );
  }

  if (gateway?.gateway) {
    const { hello, gateway: g } = gateway;
    push(
      '## Gateway: `userInfo/getUserInfo` vs a bare Fastify hello-world',
      '',
      'The embedded app (`gateway/dist/embedded.js`: the gateway and the six services in one process, the gateway',
      "calling the services it needs over gRPC on loopback: the token check, the profile, the user's teams) started as a",
      'child process with a fresh `DATA_DIR` and `LOG_LEVEL=warn`; one user registered through the API and the',
      'development SMS outbox; then autocannon POSTs `{}` with the `authorization` token. The baseline is a',
      'Fastify server in its own child process answering a POST with a constant `{code, msg, data}` JSON. Both:',
      `${CONNECTIONS} connections, ${settings.warmup} s warm-up, then ${settings.httpSeconds} s measured; autocannon runs in the`,
      'benchmark process on the same machine, so client and server share the CPU alike in both runs. Every answer',
      'is checked to be HTTP 200 with `"code":200`.',
      '',
      '| target | req/s | p50 latency | p99 latency | server CPU per request | server CPU busy | requests | failed |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| Fastify hello-world (baseline) | ${fmt(hello.perSecond)} | ${ms(hello.p50)} | ${ms(hello.p99)} | ${ms(hello.cpuPerRequest)} | ${pct(hello.cpuShare)} | ${fmt(hello.requests)} | ${hello.bad} |`,
      `| \`userInfo/getUserInfo\` through the gateway | ${fmt(g.perSecond)} | ${ms(g.p50)} | ${ms(g.p99)} | ${ms(g.cpuPerRequest)} | ${pct(g.cpuShare)} | ${fmt(g.requests)} | ${g.bad} |`,
      `| **gateway ÷ baseline** | **${ratio(g.perSecond / hello.perSecond)}** | ${ratio(g.p50 / hello.p50)} | ${ratio(g.p99 / hello.p99)} | ${ratio(g.cpuPerRequest / hello.cpuPerRequest)} | | | |`,
      '',
      'A throughput ratio below 1 is the cost of the whole path (token check, TypeBox validation, the gRPC round',
      'trips, read-model queries, the envelope); latency ratios above 1 are how much longer each call waits.',
      'Server CPU (user + system time of the server process during the measured run, from `/proc`) tells whether the',
      'server was the bottleneck: one Node.js process near 100 % of a core is saturated, and CPU per request is',
      'then the number to bring down.',
      '',
    );
  }

  if (gateway?.tasks) {
    const { hello } = gateway;
    const { list, move, createSeconds } = gateway.tasks;
    const row = (name, r) =>
      `| ${name} | ${fmt(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.cpuPerRequest)} | ${fmt(r.requests)} | ${r.bad} | ${ratio(r.perSecond / hello.perSecond)} |`;
    push(
      `## Tasks: \`task/taskList\` and \`task/moveFlow\` with a project of ${fmt(TASKS)} tasks`,
      '',
      `Same app and settings as above; one team and one task project with ${fmt(TASKS)} tasks created through the API`,
      `(20 at a time: ${fmt(createSeconds, 1)} s, ${fmt(TASKS / createSeconds)} tasks/s). \`taskList\` reads the first page of 20;`,
      'each `moveFlow` moves a random task to its next flow, so every request appends an event, updates the read',
      'model and answers after the projection has it. Ratios are against the hello-world baseline of this run.',
      '',
      '| call | req/s | p50 latency | p99 latency | server CPU per request | requests | failed | ÷ baseline |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('`task/taskList` (read)', list),
      row('`task/moveFlow` (write)', move),
      '',
    );
  }

  if (gateway?.tasks && gateway.gatewayAt50) push(...goalsSection(gateway));
  if (profiles) push(...profilesSection(profiles));
  if (gateway?.knowledge) push(...knowledgeSection(gateway.hello, gateway.knowledge));
  if (gateway?.knowledgeError) failures.push(`knowledge: ${gateway.knowledgeError}`);
  if (interchange || gateway?.versionDiff || gateway?.gatewayImport)
    push(...publishingSection({ interchange, gateway, docs: gateway?.knowledge?.docs }, { fmt, ms, ratio }));

  if (gateway?.mock)
    push(...mockSection(gateway.mock, { fmt, ms, ratio, connections: CONNECTIONS, seconds: settings.httpSeconds }));
  if (gateway?.mockError) failures.push(`mock: ${gateway.mockError}`);
  if (gateway?.fields) push(...fieldsSection(gateway.fields, { fmt, ms }));
  if (gateway?.fieldsError) failures.push(`fieldCompare: ${gateway.fieldsError}`);
  if (runner) push(...runnerSection(runner, { fmt, ms, ratio }));
  if (gateway?.ai || aiRetrieval) push(...aiSection(gateway?.ai, aiRetrieval, { fmt, ms }));
  if (gateway?.aiError) failures.push(`ai: ${gateway.aiError}`);
  if (messages) push(...messagesSection(messages, { fmt, ms }));
  if (notify) push(...notifySection(notify, { fmt, ms }));

  if (bus) {
    push(
      '## Event bus: embedded vs Kafka',
      '',
      `Kafka ${'3.9'} in KRaft mode, one broker on this machine (\`scripts/engines.sh\`), topics with 3 partitions. The relay`,
      `is the one services run (\`createKafkaEventBus\` following a SQLite log, idempotent producer, \`acks=-1\`).`,
      `Relay: a log of ${fmt(RELAY_EVENTS)} events (100 streams, ~200 bytes each) already written, timed from starting the`,
      "relay until the topic's offsets hold them all. Consume: a new consumer group reading the same events, through",
      'Kafka and through the embedded bus (which reads the producing log file directly).',
      `Latency: ${LATENCY_SAMPLES} single appends (\`sync: full\`, as services run), each timed until a consumer in another`,
      'service has handled it — the delay before a projection fed from another service can show the change.',
      '',
      '| measure | embedded | Kafka | Kafka ÷ embedded |',
      '| --- | ---: | ---: | ---: |',
      `| relay to the topic (events/s) | – (no relay: consumers read the log) | ${fmt(bus.relay)} | |`,
      `| consume (events/s) | ${fmt(bus.embeddedConsume)} | ${fmt(bus.kafkaConsume)} | ${ratio(bus.kafkaConsume / bus.embeddedConsume)} |`,
      `| append → handled in another service, p50 | ${ms(bus.embeddedLatency.p50)} | ${ms(bus.kafkaLatency.p50)} | ${ratio(bus.kafkaLatency.p50 / bus.embeddedLatency.p50)} |`,
      `| append → handled in another service, p99 | ${ms(bus.embeddedLatency.p99)} | ${ms(bus.kafkaLatency.p99)} | ${ratio(bus.kafkaLatency.p99 / bus.embeddedLatency.p99)} |`,
      '',
      'Both paths poll the producing log (the embedded subscription and the relay) before anything moves, so their',
      'latency floor is the polling interval plus, for Kafka, a produce and a fetch round trip.',
      '',
    );
  }

  if (failures.length) {
    push('## Not measured in this run', '', ...failures.map((f) => `- ${f}`), '');
  }
  return `${lines
    .filter((l, i) => !(l === '' && lines[i - 1] === ''))
    .join('\n')
    .trim()}\n`;
}

/** Issue 24's goals for the request path, from this run's measurements: throughput at 10 connections, p99 at 50. */
function goalsSection(g) {
  const { hello, tasks } = g;
  // `at50`: the run at 50 connections, for the latency goal `p99Goal` (ms); `base`: the run the ratio divides by.
  const rows = [
    { name: '`userInfo/getUserInfo` (read)', run: g.gateway, at50: g.gatewayAt50, goal: 0.25, p99Goal: 20 },
    {
      name: `\`task/taskList\`, ${fmt(TASKS)} tasks, page of 20 (read)`,
      run: tasks.list,
      at50: tasks.at50.list,
      goal: 0.15,
      p99Goal: 20,
    },
    {
      name: '`task/moveFlow` (write, answered after its projection)',
      run: tasks.move,
      at50: tasks.at50.move,
      goal: 0.1,
      p99Goal: 30,
    },
  ];
  const k = g.knowledge;
  if (k?.structure)
    rows.push({ name: '`project/projectStructure`, the whole tree, unchanged (read)', run: k.structure, goal: 0.02 });
  if (k?.detail) rows.push({ name: '`project/docDetail` (read)', run: k.detail, goal: 0.15 });
  if (k?.save) rows.push({ name: '`project/saveDoc` (write)', run: k.save, goal: 0.1 });
  // The mock's own baseline answers the same document's example as a constant (its section below).
  const mock = g.mock?.ours?.fixed && g.mock?.baseline?.fixed;
  if (mock)
    rows.push({
      name: 'mock, an example answer (÷ its Fastify constant)',
      run: g.mock.ours.fixed,
      goal: 0.25,
      base: g.mock.baseline.fixed,
    });
  const met = (ok) => (ok ? 'met' : '**not met**');
  return [
    '## Issue 24: the request path against its goals',
    '',
    'From the measurements above (10 connections, ratio to the hello-world of this run) and one more run of each of the',
    'first three calls at 50 connections for the latency goal (≤ 20 ms for reads, ≤ 30 ms for writes). The embedded app',
    'calls its services in process (docs/adr/0019-in-process-transport.md, with the fixed costs of docs/adr/0021-the-',
    'request-paths-fixed-costs.md). Where each target spends its CPU: the profiled runs in the next section.',
    '',
    '| call | ÷ hello-world | goal | | p99 at 50 connections | goal | |',
    '| --- | ---: | ---: | --- | ---: | ---: | --- |',
    ...rows.map(({ name, run, at50, goal, p99Goal, base = hello }) => {
      const share = run.perSecond / base.perSecond;
      const latency = at50
        ? `| ${ms(at50.p99)} | ≤ ${p99Goal} ms | ${met(at50.p99 <= p99Goal && at50.bad === 0)} |`
        : '| – | – | |';
      return `| ${name} | ${ratio(share)} | ≥ ${goal}× | ${met(share >= goal)} ${latency}`;
    }),
    '',
  ];
}

function knowledgeSection(hello, k) {
  const row = (name, r) =>
    `| ${name} | ${fmt(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.cpuPerRequest)} | ${fmt(r.requests)} | ${r.bad} | ${ratio(r.perSecond / hello.perSecond)} | ${ratio(r.p50 / hello.p50)} | ${ratio(r.p99 / hello.p99)} |`;
  return [
    `## Knowledge: a project of ${fmt(k.docs)} API documents in ${fmt(k.folders)} folders`,
    '',
    `Same app and settings as above; one knowledge project seeded through the API (each document an \`addStructure\``,
    `and a \`saveDoc\` of a realistic API: path and query parameters, a nested JSON request body, two responses;`,
    `20 at a time: ${fmt(k.seedSeconds, 1)} s). \`projectStructure\` answers the whole tree (${fmt(k.docs + k.folders)} nodes);`,
    '`docDetail` reads the documents in turn; each `saveDoc` saves the next document on the version it last saved',
    'with a changed description (an event appended, the read models updated before the answer). Ratios are against',
    'the hello-world baseline of this run (throughput: below 1 is slower; latency: above 1 is slower).',
    '',
    '| call | req/s | p50 | p99 | server CPU per request | requests | failed | req/s ÷ baseline | p50 ÷ baseline | p99 ÷ baseline |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('`project/projectStructure` (the whole tree, unchanged)', k.structure),
    row('`project/docDetail`', k.detail),
    row('`project/saveDoc` (write)', k.save),
    '',
    '`projectStructure` is asked for with `accept-encoding: gzip, deflate, br`, as a browser asks: the gateway keeps the',
    "tree's answer by its version and sends it compressed, brotli first (docs/adr/0023-the-knowledge-paths-kept-answers.md).",
    k.afterChange
      ? `The first read after each change builds the answer again: ${k.afterChange.reads} reads one at a time, each after a folder's rename, took ${ms(k.afterChange.p50)} (median) and ${ms(k.afterChange.p90)} (p90).`
      : '',
    '',
    k.render
      ? `First render in Chromium (headless, 1440×900, the console's bundle cached; median of ${k.render.runs} page loads of \`/project/index/{id}?doc={id}\`): the tree shows its first node after **${ms(k.render.tree)}**, the selected document's request line after **${ms(k.render.doc)}**.`
      : 'First render in Chromium: not measured (no Chromium on this machine).',
    '',
  ];
}

async function main() {
  // --only=distributed (issue 22): the gateway in each mode, started by scripts/bench/distributed.mjs itself, which
  // writes its own kept section (needs the engines' env: scripts/engines.sh start DIR; source DIR/env).
  if (only === 'distributed') {
    const { main: benchDistributedMain } = await import('./bench/distributed.mjs');
    await benchDistributedMain(args);
    return;
  }
  const started = performance.now();
  const failures = [];
  // Issue 24: the console's weight and speed, written in place as its own kept section of the report.
  if (!only || only === 'console') {
    try {
      const command = `node scripts/bench.mjs${args.length ? ` ${args.join(' ')}` : ''}`;
      await runConsoleBench({ tools: { startChild, freePort, postApi, log }, quick, root, out, machine, command });
    } catch (error) {
      console.error(error);
      failures.push(`console: ${error.message}`);
    }
    if (only === 'console') process.exit(failures.length ? 1 : 0);
  }
  let eventStore;
  let gateway;
  if (!only || only === 'eventstore') {
    try {
      eventStore = await benchEventStore();
    } catch (error) {
      console.error(error);
      failures.push(`embedded event store: ${error.message}`);
    }
  }
  let interchange;
  if (withPublishing) {
    try {
      interchange = benchInterchange({ operations: PUBLISHING_OPERATIONS, reps: quick ? 1 : 3, tools: { log, fmt } });
    } catch (error) {
      console.error(error);
      failures.push(`import and export: ${error.message}`);
    }
  }
  if (withKnowledge || withMock || withFields || withAi) {
    try {
      gateway = await benchGateway();
    } catch (error) {
      console.error(error);
      failures.push(`gateway: ${error.message}`);
    }
  }
  let profiles;
  if (!only || only === 'gateway') {
    log('profiled runs of the request-path targets');
    try {
      profiles = await profileTargets(quick ? { seconds: 2, tasks: 500 } : {});
    } catch (error) {
      console.error(error);
      failures.push(`profiles: ${error.message}`);
    }
  }
  let runner;
  if (withRunner) {
    try {
      const sizes = quick ? { requests: 100, rounds: 1, sandboxCalls: 200 } : {};
      runner = await benchRunner({ tools: { startChild, freePort, log, fmt }, ...sizes });
    } catch (error) {
      console.error(error);
      failures.push(`API test runner: ${error.message}`);
    }
  }
  let aiRetrieval;
  if (withAi) {
    try {
      aiRetrieval = await benchAiRetrieval({ quick });
    } catch (error) {
      console.error(error);
      failures.push(`AI retrieval: ${error.message}`);
    }
  }
  let messages;
  let notify;
  if (withMessages) {
    try {
      messages = await benchMessages({ tools: { startChild, freePort, postApi, log, fmt }, quick });
    } catch (error) {
      console.error(error);
      failures.push(`team messages: ${error.message}`);
    }
    try {
      notify = await benchNotify({ tools: { startChild, freePort, postApi, log, fmt }, quick });
    } catch (error) {
      console.error(error);
      failures.push(`notifications: ${error.message}`);
    }
  }
  let bus;
  if (!only || only === 'bus') {
    try {
      bus = await benchBus();
    } catch (error) {
      console.error(error);
      failures.push(`event bus: ${error.message}`);
    }
  }
  const seconds = (performance.now() - started) / 1_000;
  const markdown = report({
    machine: machine(),
    eventStore,
    gateway,
    profiles,
    interchange,
    runner,
    aiRetrieval,
    messages,
    notify,
    bus,
    failures,
    seconds,
  });
  writeFileSync(out, markdown + keptSections(out));
  log(`wrote ${relative(root, out)} in ${fmt(seconds)} s`);
  if (failures.length) process.exit(1);
}

await main();
