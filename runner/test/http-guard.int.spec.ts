import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, HttpFailure } from '../src/http/index.js';
import type { HttpClient, HttpPolicy } from '../src/ports.js';

/** A server on a loopback address that counts the connections and the requests it sees. */
async function countingServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  host = '127.0.0.1',
  port = 0,
) {
  let connections = 0;
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  server.on('connection', () => connections++);
  server.listen(port, host);
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    paths,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const limits = { maxRedirects: 5, responseMaxBytes: 1024 * 1024 };
const clients: HttpClient[] = [];
const clientOf = (policy: HttpPolicy, own: Partial<typeof limits> = {}) => {
  const client = createHttpClient(policy, { ...limits, ...own });
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

describe('the guard of server-side requests', () => {
  let target: Awaited<ReturnType<typeof countingServer>>;
  let base = '';
  beforeAll(async () => {
    target = await countingServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname.endsWith('/to')) response.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
      else if (url.pathname.startsWith('/mock/')) response.end('mock');
      else if (url.pathname === '/to') response.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
      else response.end('inside');
    });
    base = `http://127.0.0.1:${target.port}`;
  });
  afterAll(() => target.close());

  /** Each spelling, and whether it reaches the loopback server when nothing is guarded. */
  const refusedForms = (): [string, boolean][] => [
    [`http://127.0.0.1:${target.port}/`, true],
    [`http://localhost:${target.port}/`, true],
    [`http://[::1]:${target.port}/`, false],
    [`http://0x7f000001:${target.port}/`, true],
    [`http://2130706433:${target.port}/`, true],
    [`http://0177.0.0.1:${target.port}/`, true],
    [`http://127.1:${target.port}/`, true],
    [`http://[::ffff:127.0.0.1]:${target.port}/`, true],
    [`http://[::ffff:7f00:1]:${target.port}/`, true],
    [`http://[::127.0.0.1]:${target.port}/`, false],
    [`http://0.0.0.0:${target.port}/`, true],
    [`http://0:${target.port}/`, true],
    ['http://169.254.169.254/latest/meta-data/', false],
    ['http://100.100.100.200/latest/meta-data/', false],
    ['http://[fd00:ec2::254]/latest/meta-data/', false],
    ['http://10.0.0.1/', false],
    ['http://192.168.1.1/', false],
    ['http://172.16.0.1/', false],
  ];

  it('refuses loopback, private and metadata addresses in every spelling, without opening a connection', async () => {
    const client = clientOf({ allowPrivate: false });
    for (const [url] of refusedForms()) {
      const failure = await failureOf(client.send({ method: 'GET', url, headers: [], timeoutMs: 5_000 }));
      expect(failure, url).toBeInstanceOf(HttpFailure);
      expect(failure?.kind, url).toBe('guard');
      expect(failure?.message, url).toMatch(
        /^不能访问内网、本机或云服务元数据地址：.+（管理员可通过 PMBOK_TEST_ALLOWED_NETWORKS 放行）$/,
      );
    }
    expect(target.connections).toBe(0);
    // The same spellings do reach the server when nothing is guarded: the count above can see a connection.
    const open = clientOf({ allowPrivate: true });
    for (const [url] of refusedForms().filter(([, reaches]) => reaches)) {
      const response = await open.send({ method: 'GET', url, headers: [], timeoutMs: 5_000 });
      expect(response.body, url).toBe('inside');
    }
    expect(target.connections).toBeGreaterThan(0);
  });

  it('refuses a name that resolves to loopback (checked when the connection opens)', async () => {
    const before = target.connections;
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const client = clientOf({ allowPrivate: false, resolve });
    const failure = await failureOf(
      client.send({ method: 'GET', url: `http://api.example.test:${target.port}/`, headers: [], timeoutMs: 5_000 }),
    );
    expect(failure?.kind).toBe('guard');
    expect(failure?.message).toContain('api.example.test → 127.0.0.1');
    expect(lookups).toBe(1);
    expect(target.connections).toBe(before);
    // A name with a public and a private address is refused as a whole.
    const mixed = clientOf({
      allowPrivate: false,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(
      (
        await failureOf(
          mixed.send({ method: 'GET', url: `http://mixed.test:${target.port}/`, headers: [], timeoutMs: 5_000 }),
        )
      )?.kind,
    ).toBe('guard');
    expect(target.connections).toBe(before);
  });

  it('reaches a network the administrator allowed, in any spelling of its addresses', async () => {
    const client = clientOf({ allowPrivate: false, allowedNetworks: ['127.0.0.1/32'] });
    for (const host of ['127.0.0.1', '0x7f000001', '127.1', '[::ffff:127.0.0.1]']) {
      const response = await client.send({
        method: 'GET',
        url: `http://${host}:${target.port}/`,
        headers: [],
        timeoutMs: 5_000,
      });
      expect(response.body, host).toBe('inside');
    }
    const named = clientOf({
      allowPrivate: false,
      allowedNetworks: ['127.0.0.1/32'],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(
      (
        await named.send({
          method: 'GET',
          url: `http://api.example.test:${target.port}/`,
          headers: [],
          timeoutMs: 5_000,
        })
      ).body,
    ).toBe('inside');
    // 127.0.0.2 is loopback too, but not in the allowed /32.
    const other = await failureOf(
      client.send({ method: 'GET', url: `http://127.0.0.2:${target.port}/`, headers: [], timeoutMs: 5_000 }),
    );
    expect(other?.kind).toBe('guard');
  });

  it("reaches the instance's own mock under its prefix, and nothing else of the same server", async () => {
    const client = clientOf({ allowPrivate: false, alwaysAllowed: [`${base}/mock/`] });
    const send = (url: string) => client.send({ method: 'GET', url, headers: [], timeoutMs: 5_000 });
    expect((await send(`${base}/mock/1/pets`)).body).toBe('mock');
    const before = target.paths.length;
    for (const url of [
      `${base}/pmbok/api/teams`,
      `${base}/mock/../pmbok/api/teams`,
      `${base}/mock/%2e%2e/pmbok/api/teams`,
      `${base}/mock/..%2fpmbok/api/teams`,
      `${base}/mock`,
      `${base}/mockery/`,
      `http://localhost:${target.port}/mock/1/pets`,
      `http://0x7f000001:${target.port}/mock/..\\pmbok/api`,
      `${base}/mock/1/../../to?url=${encodeURIComponent(`${base}/mock/1/pets`)}`,
    ]) {
      expect((await failureOf(send(url)))?.kind, url).toBe('guard');
    }
    expect(target.paths.slice(before)).toEqual([]);
    // The mock answering a redirect into the API is refused at the hop.
    const hop = `${base}/mock/1/to?url=${encodeURIComponent(`${base}/pmbok/api/teams`)}`;
    expect((await failureOf(send(hop)))?.kind).toBe('guard');
    expect(target.paths.slice(before)).toEqual([hop.slice(base.length)]);
  });

  it('checks every redirect: an allowed place sending the client inside is refused at the hop', async () => {
    const client = clientOf({ allowPrivate: false, allowedNetworks: ['127.0.0.1/32'] });
    for (const inside of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      `http://127.0.0.2:${target.port}/`,
    ]) {
      const failure = await failureOf(
        client.send({
          method: 'GET',
          url: `${base}/to?url=${encodeURIComponent(inside)}`,
          headers: [],
          timeoutMs: 5_000,
        }),
      );
      expect(failure?.kind, inside).toBe('guard');
    }
    const named = clientOf({
      allowPrivate: false,
      alwaysAllowed: [`${base}/mock/`],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const before = target.connections;
    const failure = await failureOf(
      named.send({
        method: 'GET',
        url: `${base}/to?url=${encodeURIComponent(`http://evil.test:${target.port}/`)}`,
        headers: [],
        timeoutMs: 5_000,
      }),
    );
    // The first hop is not under the mock prefix either.
    expect(failure?.kind).toBe('guard');
    expect(target.connections).toBe(before);
  });
});

describe('DNS rebinding', () => {
  it('checks the address of every new connection: a name that turns private is refused on the connection that would reach it', async () => {
    // "Public" stand-in: 127.0.0.2, which the policy allows; the private target: 127.0.0.1 on the same port.
    const outside = await countingServer(
      (_, response) => response.writeHead(200, { connection: 'close' }).end('outside'),
      '127.0.0.2',
    );
    const inside = await countingServer((_, response) => response.end('inside'), '127.0.0.1', outside.port).catch(
      () => undefined,
    );
    if (!inside) {
      await outside.close();
      console.warn('skipped: port taken on 127.0.0.1');
      return;
    }
    try {
      const answers = ['127.0.0.2', '127.0.0.1'];
      let lookups = 0;
      const client = clientOf({
        allowPrivate: false,
        allowedNetworks: ['127.0.0.2/32'],
        resolve: async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }],
      });
      const url = `http://rebind.test:${outside.port}/`;
      expect((await client.send({ method: 'GET', url, headers: [], timeoutMs: 5_000 })).body).toBe('outside');
      // The first connection closed after its answer: the next request opens a new one, and looks the name up again.
      const failure = await failureOf(client.send({ method: 'GET', url, headers: [], timeoutMs: 5_000 }));
      expect(failure?.kind).toBe('guard');
      expect(failure?.message).toContain('rebind.test → 127.0.0.1');
      expect(lookups).toBe(2);
      expect(inside.connections).toBe(0);
      expect(outside.connections).toBe(1);
    } finally {
      await Promise.all([outside.close(), inside.close()]);
    }
  });
});
