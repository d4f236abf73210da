import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedNetworksOf,
  fetchImportSource,
  fetchMessages,
  isFetchableAddress,
} from '../src/interchange/fetchGuard.js';

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'fetched',
    (error: Error) => error.message,
  );

describe('the URL fetch guard of imports', () => {
  it('refuses loopback, private, link-local, CGNAT, ULA and metadata addresses; allows public unicast', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '2002:7f00:1::1',
      '64:ff9b::a00:1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isFetchableAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946']) {
      expect(isFetchableAddress(address), address).toBe(true);
    }
    expect(isFetchableAddress('10.1.2.3', allowedNetworksOf('10.0.0.0/8, nonsense'))).toBe(true);
    expect(isFetchableAddress('10.1.2.3', allowedNetworksOf('192.168.0.0/16'))).toBe(false);
  });

  it('refuses bad URLs before connecting', async () => {
    expect(await refusal(fetchImportSource('not a url'))).toBe(fetchMessages.badUrl);
    expect(await refusal(fetchImportSource('file:///etc/passwd'))).toBe(fetchMessages.badScheme);
    expect(await refusal(fetchImportSource('ftp://example.com/a.json'))).toBe(fetchMessages.badScheme);
    expect(await refusal(fetchImportSource('http://user:pw@example.com/a.json'))).toBe(fetchMessages.credentials);
    expect(await refusal(fetchImportSource('http://127.0.0.1/a.json'))).toBe(fetchMessages.notPublic('127.0.0.1'));
    expect(await refusal(fetchImportSource('http://[::1]/a.json'))).toBe(fetchMessages.notPublic('[::1]'));
    expect(await refusal(fetchImportSource('http://169.254.169.254/latest/meta-data/'))).toBe(
      fetchMessages.notPublic('169.254.169.254'),
    );
    // A name resolving to a private address (or to both kinds: a rebinding resolver) is refused too.
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await refusal(fetchImportSource('http://rebind.example/a.json', { resolve }))).toBe(
      fetchMessages.notPublic('rebind.example'),
    );
  });

  describe('against a local server the operator allowed', () => {
    let server: Server;
    let base = '';
    const allowed = { allowedNetworks: ['127.0.0.0/8'] };
    beforeAll(async () => {
      server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://x');
        if (url.pathname === '/spec.json') {
          response.setHeader('content-type', 'application/json');
          response.end('{"openapi":"3.1.0"}');
        } else if (url.pathname.startsWith('/hop')) {
          const n = Number(url.pathname.slice(4));
          response.writeHead(302, { location: n > 0 ? `/hop${n - 1}` : '/spec.json' }).end();
        } else if (url.pathname === '/to-metadata') {
          response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        } else if (url.pathname === '/big') {
          response.write('x'.repeat(2048));
          response.end('x'.repeat(2048));
        } else if (url.pathname === '/slow') {
          response.write('{');
          // Never ends: the deadline must.
        } else {
          response.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('reads a file, following up to 3 redirects', async () => {
      const fetched = await fetchImportSource(`${base}/hop2`, allowed);
      expect(fetched.text).toBe('{"openapi":"3.1.0"}');
      expect(fetched.url).toBe(`${base}/spec.json`);
      expect(await refusal(fetchImportSource(`${base}/hop3`, allowed))).toBe(fetchMessages.tooManyRedirects);
    });

    it('connects to the address it checked, whatever the name resolves to later (no DNS rebinding)', async () => {
      const port = new URL(base).port;
      // The name resolves once, to the allowed address, and the socket goes there: the real DNS never answers it.
      const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
      const fetched = await fetchImportSource(`http://api.pmbok.invalid:${port}/spec.json`, { ...allowed, resolve });
      expect(fetched.text).toBe('{"openapi":"3.1.0"}');
    });

    it('checks every redirect, and refuses errors, oversized bodies and slow servers', async () => {
      expect(await refusal(fetchImportSource(`${base}/to-metadata`, allowed))).toBe(
        fetchMessages.notPublic('169.254.169.254'),
      );
      expect(await refusal(fetchImportSource(`${base}/missing`, allowed))).toBe(fetchMessages.status(404));
      expect(await refusal(fetchImportSource(`${base}/big`, { ...allowed, maxBytes: 3000 }))).toBe(
        fetchMessages.tooLarge,
      );
      expect(await refusal(fetchImportSource(`${base}/slow`, { ...allowed, timeoutMs: 300 }))).toBe(
        fetchMessages.timeout,
      );
      // Without the operator's allowance the same server is out of reach.
      expect(await refusal(fetchImportSource(`${base}/spec.json`))).toBe(fetchMessages.notPublic('127.0.0.1'));
    });
  });
});
