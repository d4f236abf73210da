import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, HttpFailure } from '../src/http/index.js';
import type { HttpClient, HttpPolicy, PreparedRequest } from '../src/ports.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** 64 MB of zeros, about 64 KB gzipped. */
const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function handle(request: IncomingMessage, response: ServerResponse, body: string) {
  const url = new URL(request.url ?? '/', 'http://x');
  const param = (name: string) => url.searchParams.get(name) ?? '';
  switch (url.pathname) {
    case '/echo':
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ method: request.method, headers: request.headers, body, url: request.url }));
    case '/status':
      return response.writeHead(Number(param('code')), { location: param('location') }).end();
    case '/hops': {
      const left = Number(param('n'));
      return response.writeHead(302, { location: left > 0 ? `/hops?n=${left - 1}` : '/echo' }).end();
    }
    case '/slow':
      response.write('{');
      return; // never ends
    case '/silent':
      return; // never answers
    case '/big':
      response.write('x'.repeat(3000));
      return response.end('x'.repeat(3000));
    case '/declared':
      return response.writeHead(200, { 'content-length': String(1 << 30) }).write('x');
    case '/bomb':
      return response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' }).end(BOMB);
    case '/gzip':
      return response
        .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' })
        .end(gzipSync('{"ok":true}'));
    case '/br':
      return response
        .writeHead(200, { 'content-encoding': 'br', 'content-type': 'text/plain' })
        .end(brotliCompressSync('压缩'));
    case '/png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    case '/gbk':
      return response.writeHead(200, { 'content-type': 'text/plain; charset=gbk' }).end(Buffer.from('c4e3bac3', 'hex')); // 你好
    case '/cookies':
      response.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
      response.setHeader('X-Custom', 'yes');
      return response.end('ok');
    default:
      return response.writeHead(404).end();
  }
}

async function startServer(tls?: { key: Buffer; cert: Buffer }) {
  const seen: Seen[] = [];
  let connections = 0;
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handle(request, response, body);
    });
  };
  const server: Server = tls ? createTlsServer(tls, listener) : createServer(listener);
  server.on(tls ? 'secureConnection' : 'connection', () => connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    port,
    base: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const clients: HttpClient[] = [];
const clientOf = (policy: Partial<HttpPolicy> = {}, limits = { maxRedirects: 5, responseMaxBytes: 1024 * 1024 }) => {
  const client = createHttpClient({ allowPrivate: true, ...policy }, limits);
  clients.push(client);
  return client;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error as HttpFailure,
  );
const get = (url: string, more: Partial<PreparedRequest> = {}): PreparedRequest => ({
  method: 'GET',
  url,
  headers: [],
  timeoutMs: 5_000,
  ...more,
});

describe('the HTTP client', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('keeps one connection alive for many requests, and reports timings', async () => {
    const client = clientOf();
    const before = server.connections;
    for (let i = 0; i < 50; i++) {
      const response = await client.send(get(`${server.base}/echo`));
      expect(response.status).toBe(200);
      expect(response.timings.firstByteMs).toBeLessThanOrEqual(response.timings.totalMs);
    }
    // Undici may open a second connection while the first is being released; never one per request.
    expect(server.connections - before).toBeLessThanOrEqual(2);
  });

  it('ends an exchange at its deadline, whether the body or the headers are late', async () => {
    const client = clientOf();
    for (const path of ['/slow', '/silent']) {
      const failure = await failureOf(client.send(get(`${server.base}${path}`, { timeoutMs: 200 })));
      expect(failure, path).toBeInstanceOf(HttpFailure);
      expect(failure?.kind).toBe('timeout');
      expect(failure?.message).toBe('请求超过 200 ms 未完成');
    }
  });

  it('stops reading past the size limit, declared or not, and after decompression too (a gzip bomb)', async () => {
    const client = clientOf({}, { maxRedirects: 5, responseMaxBytes: 5000 });
    for (const path of ['/big', '/declared', '/bomb']) {
      const failure = await failureOf(client.send(get(`${server.base}${path}`)));
      expect(failure?.kind, path).toBe('tooLarge');
      expect(failure?.message).toBe('响应超过 4.9 KB');
    }
    const mb = clientOf({}, { maxRedirects: 5, responseMaxBytes: 10 * 1024 * 1024 });
    expect((await failureOf(mb.send(get(`${server.base}/bomb`))))?.message).toBe('响应超过 10 MB');
  });

  it('decodes gzip and brotli, and charsets a text answer declares', async () => {
    const client = clientOf();
    const gzip = await client.send(get(`${server.base}/gzip`));
    expect(gzip.body).toBe('{"ok":true}');
    expect(gzip.size).toBe(11);
    expect(gzip.headers).toContainEqual(['content-encoding', 'gzip']);
    expect((await client.send(get(`${server.base}/br`))).body).toBe('压缩');
    expect((await client.send(get(`${server.base}/gbk`))).body).toBe('你好');
    const sent = JSON.parse((await client.send(get(`${server.base}/echo`))).body);
    expect(sent.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('keeps a binary body as base64 and the raw bytes', async () => {
    const response = await clientOf().send(get(`${server.base}/png`));
    expect(response.bodyEncoding).toBe('base64');
    expect(response.body).toBe(PNG.toString('base64'));
    expect(Buffer.from(response.raw).equals(PNG)).toBe(true);
  });

  it('keeps repeated response headers as separate pairs, names as sent', async () => {
    const response = await clientOf().send(get(`${server.base}/cookies`));
    expect(response.headers.filter(([name]) => name.toLowerCase() === 'set-cookie')).toEqual([
      ['Set-Cookie', 'a=1; Path=/'],
      ['Set-Cookie', 'b=2; Path=/'],
    ]);
    expect(response.headers).toContainEqual(['X-Custom', 'yes']);
  });

  it('follows redirects up to the limit, and not at all with a limit of 0', async () => {
    const client = clientOf({}, { maxRedirects: 3, responseMaxBytes: 1 << 20 });
    const followed = await client.send(get(`${server.base}/hops?n=2`));
    expect(followed.url).toBe(`${server.base}/echo`);
    const failure = await failureOf(client.send(get(`${server.base}/hops?n=3`)));
    expect(failure?.message).toBe('重定向超过 3 次');
    const none = clientOf({}, { maxRedirects: 0, responseMaxBytes: 1 << 20 });
    expect((await none.send(get(`${server.base}/hops?n=0`))).status).toBe(302);
  });

  it('turns 301, 302 and 303 into a GET without body, and keeps method and body through 307 and 308', async () => {
    const client = clientOf();
    const post = (code: number, method = 'POST') =>
      client.send({
        method,
        url: `${server.base}/status?code=${code}&location=/echo`,
        headers: [['Content-Type', 'application/json']],
        body: '{"a":1}',
        timeoutMs: 5_000,
      });
    for (const code of [301, 302, 303]) {
      const echoed = JSON.parse((await post(code)).body);
      expect([echoed.method, echoed.body, echoed.headers['content-type']], String(code)).toEqual([
        'GET',
        '',
        undefined,
      ]);
    }
    expect(JSON.parse((await post(303, 'PUT')).body).method).toBe('GET');
    expect(JSON.parse((await post(303, 'head')).body || '{}')).toEqual({});
    expect(JSON.parse((await post(307, 'patch')).body).method).toBe('PATCH');
    for (const code of [307, 308]) {
      const echoed = JSON.parse((await post(code, 'PUT')).body);
      expect([echoed.method, echoed.body, echoed.headers['content-type']], String(code)).toEqual([
        'PUT',
        '{"a":1}',
        'application/json',
      ]);
    }
  });

  it('sends URL credentials as basic auth, and drops credentials when a redirect leaves the origin', async () => {
    const client = clientOf({ resolveOverrides: { [`other.test:${server.port}`]: '127.0.0.1' } });
    const echoed = JSON.parse((await client.send(get(`http://ann:p%40ss@127.0.0.1:${server.port}/echo`))).body);
    expect(echoed.headers.authorization).toBe(`Basic ${Buffer.from('ann:p@ss').toString('base64')}`);
    const away = `http://other.test:${server.port}/echo`;
    const redirected = await client.send(
      get(`${server.base}/status?code=302&location=${encodeURIComponent(away)}`, {
        headers: [
          ['Authorization', 'Bearer secret'],
          ['Cookie', 'sid=1'],
          ['X-Trace', 't'],
        ],
      }),
    );
    const seen = JSON.parse(redirected.body);
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-trace']).toBe('t');
    // resolveOverrides changed where the socket went, not the Host the server saw.
    expect(seen.headers.host).toBe(`other.test:${server.port}`);
  });

  it('refuses malformed addresses and schemes with messages a report can show', async () => {
    const client = clientOf();
    expect((await failureOf(client.send(get('http://exa mple.com/'))))?.message).toBe(
      '地址格式不正确：http://exa mple.com/',
    );
    expect((await failureOf(client.send(get('file:///etc/passwd'))))?.message).toBe('只支持 http 和 https 地址');
    const header = await failureOf(
      client.send(get(`${server.base}/echo`, { headers: [['X-Bad', 'a\r\nInjected: 1']] })),
    );
    expect([header?.kind, header?.message]).toEqual(['invalid', '请求头不合法：X-Bad']);
    const refused = await failureOf(client.send(get('http://127.0.0.1:1/')));
    expect([refused?.kind, refused?.message]).toEqual(['network', '无法连接 127.0.0.1:1（连接被拒绝）']);
  });
});

describe('TLS', () => {
  let dir = '';
  let tls: { key: Buffer; cert: Buffer } | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
    } catch {
      console.warn('skipped: openssl is not available to make a self-signed certificate');
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a self-signed certificate unless told to accept any', async () => {
    if (!tls) return;
    const server = await startServer(tls);
    try {
      const failure = await failureOf(clientOf().send(get(`${server.base}/echo`)));
      expect(failure?.kind).toBe('network');
      expect(failure?.message).toMatch(/^TLS 证书校验失败：/);
      const response = await clientOf({ insecure: true }).send(get(`${server.base}/echo`));
      expect(response.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
