// Distributed mode on one machine: every service and the gateway as separate processes, exchanging events
// over Kafka (KAFKA_BROKERS) and pushes over NATS (NATS_URL). Each service keeps its own log in
// DATA_DIR/<service>/, as it would in its own container, or with MONGO_URL its log, read models and uploads in
// MongoDB (every process gets the variables of this one). A process that dies is started again (its
// projections resume from their checkpoints); SIGTERM or SIGINT stops them all.
//
//   KAFKA_BROKERS=127.0.0.1:9092 NATS_URL=nats://127.0.0.1:4222 [MONGO_URL=mongodb://127.0.0.1:27017/] \
//     npm run start:distributed
// (`scripts/engines.sh start DIR` starts the three engines and writes these variables to DIR/env.)
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SERVICES = { auth: 50051, team: 50052, project: 50053, task: 50054, messaging: 50055, ai: 50056 };

if (!process.env.KAFKA_BROKERS) {
  console.error('start:distributed needs KAFKA_BROKERS (and NATS_URL); scripts/engines.sh start DIR starts both.');
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR ?? './data-distributed');
const runDir = join(dataDir, 'run');
mkdirSync(runDir, { recursive: true });

const addressOf = (name) => process.env[`${name.toUpperCase()}_GRPC_ADDRESS`] ?? `127.0.0.1:${SERVICES[name]}`;
const addresses = Object.fromEntries(
  Object.keys(SERVICES).map((name) => [`${name.toUpperCase()}_GRPC_ADDRESS`, addressOf(name)]),
);

const processes = [
  ...Object.keys(SERVICES).map((name) => {
    const [host, port] = addressOf(name).split(':');
    return {
      name,
      script: `services/${name}/dist/main.js`,
      env: { DATA_DIR: join(dataDir, name), GRPC_HOST: host, GRPC_PORT: port },
    };
  }),
  { name: 'gateway', script: 'gateway/dist/server.js', env: { DATA_DIR: join(dataDir, 'gateway'), ...addresses } },
];

let stopping = false;
const running = new Map();

function start(proc, attempt = 0) {
  const child = spawn(process.execPath, [proc.script], {
    cwd: root,
    env: { ...process.env, ...proc.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.set(proc.name, child);
  writeFileSync(join(runDir, `${proc.name}.pid`), String(child.pid));
  console.log(`[distributed] ${proc.name} started (pid ${child.pid})`);
  const startedAt = Date.now();
  child.once('exit', (code, signal) => {
    running.delete(proc.name);
    rmSync(join(runDir, `${proc.name}.pid`), { force: true });
    if (stopping) return;
    // A process that keeps dying right after start is retried with growing pauses, up to 10 s.
    const next = Date.now() - startedAt > 30_000 ? 0 : attempt + 1;
    const delay = Math.min(10_000, 250 * 2 ** next);
    console.error(`[distributed] ${proc.name} exited (${signal ?? code}); starting it again in ${delay} ms`);
    setTimeout(() => !stopping && start(proc, next), delay);
  });
}

for (const proc of processes) start(proc);

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[distributed] ${signal}: stopping every process`);
  // The gateway first, so that no request reaches a service that is going away.
  const gateway = running.get('gateway');
  const rest = () => {
    for (const child of running.values()) child.kill('SIGTERM');
  };
  if (gateway) {
    gateway.once('exit', rest);
    gateway.kill('SIGTERM');
  } else rest();
  const waitAll = setInterval(() => {
    if (running.size === 0) {
      clearInterval(waitAll);
      process.exit(0);
    }
  }, 100);
}
process.once('SIGTERM', () => stopAll('SIGTERM'));
process.once('SIGINT', () => stopAll('SIGINT'));
