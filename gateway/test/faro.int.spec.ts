import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig, SERVICE_NAMES, type ServiceName } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { embeddedOnly } from './harness.js';

/**
 * The real-user monitoring endpoint of the console (issue 23): what Grafana Faro's FetchTransport posts is accepted
 * with 202 and logged, anything malformed, oversized or too frequent is refused, and browser spans go to the OTLP
 * collector the `OTEL_*` variables name. The gateway is the real one (app.ts); no service is needed, so the service
 * addresses lead nowhere.
 */
const nowhere = Object.fromEntries(SERVICE_NAMES.map((name) => [name, '127.0.0.1:9'])) as Record<ServiceName, string>;

async function gateway(env: Record<string, string> = {}) {
  // The route reads its settings from the environment when it is registered (app.ts passes none).
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  const lines: string[] = [];
  try {
    const config = loadGatewayConfig({
      ...process.env,
      ...embeddedOnly,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-faro-')),
      LOG_LEVEL: 'info',
    });
    const app = await buildServer(config, nowhere, undefined, { write: (line: string) => void lines.push(line) });
    await app.ready();
    const faroLines = () =>
      lines.map((line) => JSON.parse(line)).filter((line) => line.component === 'faro') as Record<string, any>[];
    return { app, faroLines };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

const secret = 'tok3n-s3cret';
/** A batch as @grafana/faro-web-sdk 2.x sends it (TransportBody), with fields the schema does not name. */
const batch = () => ({
  meta: {
    sdk: { name: '@grafana/faro-web-sdk', version: '2.12.1', integrations: [] },
    app: { name: 'pmbok-console', version: '0.1.0', environment: 'production' },
    user: { id: '42', email: 'someone@example.com', fullName: 'Some One' },
    session: { id: 'sess-1', attributes: { isSampled: 'true' } },
    page: { id: 'p1', url: `http://localhost/system/#/share?token=${secret}` },
    browser: { name: 'Chrome', version: '130', os: 'Linux', mobile: false, userAgent: 'UA' },
    view: { name: 'default' },
    k6: { isK6Browser: false },
  },
  events: [
    {
      name: 'route_change',
      domain: 'browser',
      timestamp: '2026-11-28T13:00:00.000Z',
      attributes: { toRoute: '/dashboard', fromRoute: '/login' },
    },
  ],
  measurements: [
    { type: 'web-vitals', values: { lcp: 1234, delta: 1234 }, timestamp: '2026-11-28T13:00:00.000Z', context: {} },
  ],
  logs: [{ message: 'hello', level: 'info', timestamp: '2026-11-28T13:00:00.000Z', context: {} }],
  exceptions: [
    {
      type: 'Error',
      value: 'boom',
      timestamp: '2026-11-28T13:00:00.000Z',
      stacktrace: {
        frames: [
          { filename: `http://localhost/system/assets/index.js?v=${secret}`, function: 'f', lineno: 1, colno: 2 },
        ],
      },
    },
  ],
});

const post = (app: Awaited<ReturnType<typeof gateway>>['app'], payload: unknown, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/faro/collect',
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: ip,
  });

describe('POST /faro/collect', () => {
  let g: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => {
    g = await gateway({ PMBOK_FARO_PER_MINUTE: '5', OTEL_EXPORTER_OTLP_ENDPOINT: '' });
  });
  afterAll(() => g.app.close());

  it('accepts a Faro batch signed out with 202 and writes one line per item, exceptions at warn, no secrets', async () => {
    const response = await post(g.app, batch());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ code: 200, msg: 'accepted', data: null });
    const lines = g.faroLines();
    expect(lines.map((line) => line.kind).sort()).toEqual(['event', 'exception', 'log', 'measurement']);
    const event = lines.find((line) => line.kind === 'event')!;
    expect(event).toMatchObject({
      level: 30,
      msg: 'event route_change',
      faro: { app: 'pmbok-console', session: 'sess-1', user: '42' },
    });
    expect(lines.find((line) => line.kind === 'exception')).toMatchObject({ level: 40, msg: 'boom', type: 'Error' });
    const text = JSON.stringify(lines);
    for (const leak of [secret, 'someone@example.com', 'Some One', 'UA']) expect(text).not.toContain(leak);
  });

  it('refuses a malformed body with 400 and says which field, without echoing it', async () => {
    const noMeta = await post(g.app, { logs: [] }, '10.0.0.2');
    expect(noMeta.statusCode).toBe(400);
    expect(noMeta.json().msg).toMatch(/^Faro 数据格式错误：.*meta/);
    const badLevel = batch();
    (badLevel.logs[0] as { level: string }).level = '<script>';
    const refused = await post(g.app, badLevel, '10.0.0.2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('/logs/0/level');
    expect(refused.body).not.toContain('<script>');
    const notJson = await post(g.app, '{"meta":', '10.0.0.2');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().msg).toBe('Faro 数据格式错误：JSON 无法解析');
  });

  it('refuses a body over 64 KB with 413', async () => {
    const big = batch();
    big.logs = Array.from({ length: 20 }, () => ({ ...big.logs[0]!, message: 'x'.repeat(4_000) }));
    const response = await post(g.app, big, '10.0.0.3');
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBe('Faro 数据过大，上限 64 KB');
  });

  it('limits each client address to its rate with 429, others unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(g.app, batch(), '10.0.0.4')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await post(g.app, batch(), '10.0.0.5')).statusCode).toBe(202);
  });
});

describe('POST /faro/collect with an OTLP collector', () => {
  let collector: Server;
  let g: Awaited<ReturnType<typeof gateway>>;
  const received: { url?: string; type?: string; body: any }[] = [];
  let arrived: (() => void) | undefined;

  beforeAll(async () => {
    collector = createServer((request: IncomingMessage, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        received.push({ url: request.url, type: request.headers['content-type'], body: JSON.parse(text) });
        response.writeHead(200).end('{}');
        arrived?.();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as { port: number };
    g = await gateway({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` });
  });
  afterEach(() => {
    arrived = undefined;
  });
  afterAll(async () => {
    await g.app.close();
    await new Promise((resolve) => collector.close(resolve));
  });

  it('posts the batch’s spans as OTLP/JSON to <endpoint>/v1/traces after answering', async () => {
    const span = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), name: 'HTTP GET', kind: 3 };
    const traces = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'pmbok-console' } }] },
          scopeSpans: [{ scope: { name: '@opentelemetry/instrumentation-fetch' }, spans: [span] }],
        },
      ],
    };
    const delivered = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const response = await post(g.app, { ...batch(), traces });
    expect(response.statusCode).toBe(202);
    await delivered;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/v1/traces', type: 'application/json', body: traces });
  });

  it('attributes forwarded spans to the console, whatever service the browser names', async () => {
    const delivered = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const spoofed = {
      resourceSpans: [
        {
          resource: {
            attributes: [
              { key: 'service.name', value: { stringValue: 'pmbok-gateway' } },
              { key: 'browser.name', value: { stringValue: 'Chrome' } },
            ],
          },
          scopeSpans: [{ spans: [{ traceId: 'e'.repeat(32), spanId: 'f'.repeat(16), name: 'x' }] }],
        },
      ],
    };
    expect((await post(g.app, { ...batch(), traces: spoofed }, '10.0.1.2')).statusCode).toBe(202);
    await delivered;
    expect(received.at(-1)?.body.resourceSpans[0].resource.attributes).toEqual([
      { key: 'browser.name', value: { stringValue: 'Chrome' } },
      { key: 'service.name', value: { stringValue: 'pmbok-console' } },
    ]);
  });

  it('answers 202 when the collector is unreachable, and sends nothing without spans', async () => {
    const count = received.length;
    expect((await post(g.app, batch(), '10.0.1.1')).statusCode).toBe(202);
    const unreachable = await gateway({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    const traces = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'c', spanId: 'd', name: 'x' }] }] }] };
    expect((await post(unreachable.app, { ...batch(), traces })).statusCode).toBe(202);
    await unreachable.app.close();
    expect(received.length).toBe(count);
  });
});
