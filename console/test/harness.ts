import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

const root = new URL('../../', import.meta.url).pathname;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface RunningApp {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The built embedded app (gateway + services + console bundle) on a free port with a fresh data directory. `env`
 * adds settings for this app only (an AI provider, allowed networks), over the harness's own.
 */
export async function startApp(options: { env?: Record<string, string> } = {}): Promise<RunningApp> {
  // The port is free when chosen but the app binds it a moment later, after its services have opened (and dialled)
  // ports of their own: one of those can take it (EADDRINUSE, the app exits). A start that exits early is tried again
  // on another port; a real start failure exits three times and is reported.
  for (let attempt = 1; ; attempt += 1) {
    const started = await startAppOnce(options);
    if (started !== 'exited') return started;
    if (attempt === 3) throw new Error('the app exited before it became healthy, three times');
  }
}

async function startAppOnce(options: { env?: Record<string, string> }): Promise<RunningApp | 'exited'> {
  for (const built of ['gateway/dist/embedded.js', 'console/dist/index.html']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-console-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['gateway/dist/embedded.js'], {
    cwd: root,
    env: {
      ...process.env,
      // The embedded mode under test: engine URLs that CI sets for the contract suites are not for it.
      MONGO_URL: '',
      KAFKA_BROKERS: '',
      NATS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_IP_DAILY_LIMIT: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      return 'exited';
    }
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('the app did not become healthy within 60 s');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The code the development SMS outbox holds for a telephone. */
export async function outboxCode(url: string, telephone: string): Promise<string> {
  const response = await fetch(`${url}/pmbok/dev/sms-outbox?telephone=${telephone}`);
  const answer = (await response.json()) as { code: number; data: { code: string } };
  return answer.data.code;
}

/** A promise and the function that resolves it (Promise.withResolvers, which Node 20 lacks): holds a request. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
