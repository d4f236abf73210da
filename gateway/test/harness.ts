import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAiService } from '@pmbok/ai-service';
import { startAuthService } from '@pmbok/auth-service';
import { createLogger, loadRuntimeConfig, type RunningService } from '@pmbok/infra';
import { startMessagingService } from '@pmbok/messaging-service';
import { startProjectService } from '@pmbok/project-service';
import { startTaskService } from '@pmbok/task-service';
import { startTeamService } from '@pmbok/team-service';
import { loadGatewayConfig, type ServiceName } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { guardResponses } from './responseGuard.js';

/** The embedded mode under test: engine URLs that CI sets for the contract suites are not for it. */
export const embeddedOnly = { MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '' };

export interface Harness {
  app: Awaited<ReturnType<typeof buildServer>>;
  dataDir: string;
  /** The services' gRPC addresses, for a second gateway in front of the same services. */
  addresses: Record<ServiceName, string>;
  /** POST a call with a form body; returns the parsed envelope. */
  call(
    path: string,
    body?: Record<string, string>,
    token?: string,
    ip?: string,
  ): Promise<{ code: number; msg: string; data: any }>;
  smsCode(telephone: string): Promise<string>;
  /** Registers a new account and returns its token. */
  register(telephone: string, password?: string): Promise<string>;
  /** Moves the services' clock forward (SMS resend limits, expiries). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** The six services on loopback gRPC ports 0 and the gateway app, for `app.inject` tests. */
export async function startHarness(
  dataDir = mkdtempSync(join(tmpdir(), 'pmbok-gw-')),
  extra: {
    wechatFetch?: typeof fetch;
    /** The messaging service's `ADMIN_TELEPHONES`; none by default (the first account registered administers). */
    adminTelephones?: string[];
    /** Variables over the process environment (e.g. PMBOK_DEV_MODE: '' for a deployment without dev mode). */
    env?: Record<string, string>;
  } = {},
): Promise<Harness> {
  const env = {
    ...process.env,
    ...embeddedOnly,
    DATA_DIR: dataDir,
    EVENT_STORE_SYNC: 'normal',
    LOG_LEVEL: 'silent',
    ...extra.env,
  };
  const config = loadGatewayConfig(env);
  let offset = 0;
  const clock = () => Date.now() + offset;
  const options = {
    ...extra,
    clock,
    captchaText: () => 'AbCd5',
    config: loadRuntimeConfig(env),
    logger: createLogger('test', 'silent'),
    host: '127.0.0.1',
    port: 0,
  };
  const services: RunningService[] = [];
  for (const start of [
    startAuthService,
    startTeamService,
    startProjectService,
    startTaskService,
    startMessagingService,
    startAiService,
  ]) {
    services.push(await start(options));
  }
  const addresses = Object.fromEntries(services.map((s) => [s.name, s.address])) as Record<ServiceName, string>;
  const app = await buildServer(config, addresses);
  const responses = guardResponses(app);
  await app.ready();

  const call: Harness['call'] = async (path, body = {}, token, ip = '127.0.0.1') => {
    const response = await app.inject({
      method: 'POST',
      url: `/pmbok/api/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
      payload: new URLSearchParams({ teamId: '', version: '1', ...body }).toString(),
      remoteAddress: ip,
    });
    responses.check();
    // A streamed answer (ai/chat/ask): the first line's envelope, with every line's `data` as the answer's frames.
    if (String(response.headers['content-type']).startsWith('application/x-ndjson')) {
      const lines = response.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      return { ...lines[0], data: lines.map((line) => line.data) };
    }
    return response.json();
  };
  const smsCode = async (telephone: string) => {
    const response = await app.inject({ method: 'GET', url: `/pmbok/dev/sms-outbox?telephone=${telephone}` });
    return response.json().data.code as string;
  };
  return {
    app,
    dataDir,
    addresses,
    call,
    smsCode,
    async register(telephone, password = 'Passw0rd!') {
      const sent = await call('user/sendRegisterCode', { username: telephone, smsType: '2' });
      if (sent.code !== 200) throw new Error(`sendRegisterCode: ${sent.msg}`);
      const answer = await call('user/register', {
        telephone,
        password,
        repeatPassword: password,
        code: await smsCode(telephone),
      });
      if (answer.code !== 200) throw new Error(`register: ${answer.msg}`);
      return answer.data.token as string;
    },
    advanceClock(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      for (const service of services.reverse()) await service.stop();
      // Answers of tests that inject themselves rather than through `call`.
      responses.check();
    },
  };
}
