import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';

/**
 * A local stand-in for postman-echo.com over HTTPS with a self-signed certificate made by openssl at test time:
 * `/get` echoes the query and headers, `/basic-auth` and `/digest-auth` check postman's credentials. Listens on
 * 127.0.0.1:443 (the collection's URLs keep their port; the CLI's --resolve points the name at it). Answers why it
 * cannot start (no openssl, the port taken or not allowed) instead of throwing.
 */
export async function startEchoServer(dir: string): Promise<{ close: () => Promise<void> } | { unavailable: string }> {
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=postman-echo.com'].concat([
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
  } catch (error) {
    return { unavailable: `openssl 不可用（${(error as Error).message}）` };
  }
  const server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (req, res) => {
      const url = new URL(req.url ?? '/', 'https://postman-echo.com');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      req.resume();
      req.on('end', () => {
        const auth = req.headers.authorization ?? '';
        if (url.pathname === '/get')
          return send(200, { args: Object.fromEntries(url.searchParams), headers: req.headers, url: url.href });
        if (url.pathname === '/basic-auth') {
          const expected = `Basic ${Buffer.from('postman:password').toString('base64')}`;
          return auth === expected ? send(200, { authenticated: true }) : send(401, { authenticated: false });
        }
        if (url.pathname === '/digest-auth') {
          // Only a digest answer to the challenge would pass; the runner does not speak digest.
          if (auth.startsWith('Digest ')) return send(200, { authenticated: true });
          res.setHeader('www-authenticate', 'Digest realm="Users", nonce="n", qop="auth"');
          return send(401, { authenticated: false });
        }
        send(404, { error: 'not found' });
      });
    },
  );
  const listening = await new Promise<string | undefined>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen(443, '127.0.0.1', () => resolve(undefined));
  });
  if (listening) return { unavailable: `无法监听 127.0.0.1:443（${listening}）` };
  return {
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
