import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

const root = new URL('../../', import.meta.url).pathname;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Starts the built embedded app (`npm start` without the build step) and waits until /healthz answers. */
export async function startApp(dataDir: string, port?: number): Promise<AppProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['gateway/dist/embedded.js'], {
    cwd: root,
    env: {
      ...process.env,
      // The embedded mode under test: engine URLs that CI sets for the contract suites are not for it.
      MONGO_URL: '',
      KAFKA_BROKERS: '',
      NATS_URL: '',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_IP_DAILY_LIMIT: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not become healthy within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function post(url: string, path: string, body: Record<string, string>, token?: string) {
  const response = await fetch(`${url}/pmbok/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams({ teamId: '', version: '1', ...body }),
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

export async function outboxCode(url: string, telephone: string): Promise<string> {
  const response = await fetch(`${url}/pmbok/dev/sms-outbox?telephone=${telephone}`);
  return ((await response.json()) as { data: { code: string } }).data.code;
}

/** A MongoDB connection string naming another database (query options kept), for a test's own. */
export const withDatabase = (url: string, db: string) =>
  url.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]*)(\/[^?]*)?/, `$1/${db}`);

/** Reads again until `done` accepts the answer: what travels between services and processes takes a moment. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
