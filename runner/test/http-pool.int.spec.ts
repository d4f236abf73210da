import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, HttpFailure } from '../src/http/index.js';
import type { HttpClient, PreparedRequest } from '../src/ports.js';

/**
 * A raw HTTP/1.1 server that sees the bytes the client writes. With `dropSecond`, a connection's second request is
 * met by closing the connection without an answer: what a client sees when it reuses a pooled connection the
 * server had just closed as idle.
 */
async function rawServer(dropSecond: boolean) {
  const requests: string[] = [];
  let connections = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((socket: Socket) => {
    connections++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    let seen = 0;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        requests.push(buffered.slice(0, end + 4 + length));
        buffered = buffered.slice(end + 4 + length);
        if (dropSecond && ++seen === 2) {
          socket.destroy();
          return;
        }
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\nok');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const clients: HttpClient[] = [];
const clientOf = () => {
  const client = createHttpClient({ allowPrivate: true }, { maxRedirects: 5, responseMaxBytes: 1 << 20 });
  clients.push(client);
  return client;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
const request = (url: string, more: Partial<PreparedRequest> = {}): PreparedRequest => ({
  method: 'GET',
  url,
  headers: [],
  timeoutMs: 5_000,
  ...more,
});

describe('the connection pool', () => {
  it('sends an idempotent request again on a new connection when its pooled one was closed, a POST not', async () => {
    const server = await rawServer(true);
    try {
      const client = clientOf();
      expect((await client.send(request(`${server.base}/a`))).body).toBe('ok');
      // The pooled connection is closed on the second request: a GET goes again on a new one.
      expect((await client.send(request(`${server.base}/b`))).body).toBe('ok');
      expect(server.connections).toBe(2);
      expect(server.requests.map((text) => text.split(' ')[1])).toEqual(['/a', '/b', '/b']);
      // A POST may have been acted on: its failure is reported, not repeated.
      const failure = await client.send(request(`${server.base}/c`, { method: 'POST', body: 'x' })).then(
        () => undefined,
        (error: unknown) => error as HttpFailure,
      );
      expect(failure).toBeInstanceOf(HttpFailure);
      expect(failure?.message).toBe('请求失败：连接被对方关闭，未收到完整响应');
      expect(server.requests.filter((text) => text.startsWith('POST'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("writes Host and the body length itself, and keeps the caller's Host and header order", async () => {
    const server = await rawServer(false);
    try {
      const client = clientOf();
      await client.send(request(`${server.base}/json`, { method: 'post', body: '{"名":1}', headers: [['X-B', '2']] }));
      await client.send(request(`${server.base}/empty`, { method: 'PUT' }));
      await client.send(
        request(`${server.base}/host`, {
          headers: [
            ['X-A', '1'],
            ['Host', 'api.example.test'],
            ['x-a', '2'],
          ],
        }),
      );
      const [json, empty, host] = server.requests;
      expect(json).toMatch(/^POST \/json HTTP\/1\.1\r\n/);
      expect(json).toContain(`\r\nhost: 127.0.0.1:${server.port}\r\n`);
      expect(json).toContain('\r\ncontent-length: 9\r\n');
      expect(json).not.toMatch(/transfer-encoding/i);
      expect(empty).toContain('\r\ncontent-length: 0\r\n');
      expect(host).toMatch(/\r\nX-A: 1\r\nHost: api\.example\.test\r\nx-a: 2\r\n/);
      expect(host?.match(/\r\nhost:/gi)).toHaveLength(1);
      expect(server.connections).toBe(1);
    } finally {
      await server.close();
    }
  });
});
