import { createLogger, redactUrl } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { embeddedOnly, type Harness, startHarness } from './harness.js';
import { connected, openLive } from './liveSocket.js';

describe('redactUrl', () => {
  it('keeps the path and the query names, never a value', () => {
    expect(redactUrl('/pmbok/ws?token=abc&teamId=7')).toBe('/pmbok/ws?token=[redacted]&teamId=[redacted]');
    expect(redactUrl('/a?flag&b=')).toBe('/a?flag&b=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('createLogger', () => {
  it('redacts query values in messages and the authorization header wherever it is logged', () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(line) });
    logger.info('Route GET:/pmbok/ws?token=abc123&teamId=2 not found');
    logger.info({ headers: { authorization: 'abc123' } }, 'headers');
    logger.info({ req: { method: 'GET', url: '/x?code=abc123', headers: { authorization: 'abc123' } } }, 'request');
    expect(lines).toHaveLength(3);
    expect(lines.join('')).toContain('/pmbok/ws?token=[redacted]&teamId=[redacted] not found');
    expect(lines.join('')).not.toContain('abc123');
  });
});

describe('the request log', () => {
  let h: Harness;
  let server: Awaited<ReturnType<typeof buildServer>>;
  const lines: string[] = [];
  beforeAll(async () => {
    h = await startHarness();
    const config = loadGatewayConfig({ ...process.env, ...embeddedOnly, DATA_DIR: h.dataDir, LOG_LEVEL: 'info' });
    server = await buildServer(config, h.addresses, undefined, { write: (line: string) => void lines.push(line) });
    await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
  });

  it('writes neither query values nor the authorization header, for calls and live connections', async () => {
    const token = await h.register('13900000301');
    const secret = 'secret123';
    for (const url of [
      `/pmbok/api/userInfo/getUserInfo?token=${secret}`,
      `/pmbok/nowhere?token=${secret}`,
      `/nowhere/at/all?code=${secret}`,
    ]) {
      await server.inject({ method: 'POST', url, headers: { authorization: token }, payload: {} });
      await server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    }
    const base = `ws://127.0.0.1:${(server.server.address() as { port: number }).port}/pmbok/ws`;
    const refused = openLive(`${base}?token=${secret}&teamId=1`);
    await refused.closed;
    const live = openLive(`${base}?teamId=1`, token);
    await connected(live);
    await live.close();

    const log = lines.join('');
    // The lines are there, with the names of what was asked, so the test is not passing on an empty log.
    expect(log).toContain('/pmbok/ws?token=[redacted]&teamId=[redacted]');
    expect(log).toContain('/pmbok/api/userInfo/getUserInfo?token=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(token);
  });
});
