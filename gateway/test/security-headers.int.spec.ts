import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadGatewayConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { embeddedOnly, type Harness, startHarness } from './harness.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The policy as directive name → sources. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectProtected(response: LightMyRequestResponse) {
  const csp = policy(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(csp.get('connect-src')?.[0]).toBe("'self'");
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(response.headers).toMatchObject({
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  });
}

/** An API answer: loads nothing, framed by nobody, never sniffed, read by its own origin only, never cached. */
function expectApiProtected(response: LightMyRequestResponse) {
  const csp = policy(response);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers).toMatchObject({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  });
}

describe('browser protection headers', () => {
  let h: Harness;
  /** A second gateway over the same services: behind a TLS proxy (TRUST_PROXY=true), with a console bundle. */
  let proxied: Awaited<ReturnType<typeof buildServer>>;
  let consoleDir: string;

  beforeAll(async () => {
    h = await startHarness();
    consoleDir = mkdtempSync(join(tmpdir(), 'pmbok-console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const config = loadGatewayConfig({ ...process.env, ...embeddedOnly, LOG_LEVEL: 'silent' });
    proxied = await buildServer({ ...config, trustProxy: true, consoleDir }, h.addresses);
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied?.close();
    await h?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('protects an API answer, an error answer and an unknown path', async () => {
    const api = await h.app.inject({ method: 'POST', url: '/pmbok/api/userInfo/getUserInfo', payload: {} });
    expect(api.json()).toMatchObject({ code: 402 });
    expectApiProtected(api);
    const unknown = await h.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expectProtected(unknown);
    expectApiProtected(await h.app.inject({ method: 'GET', url: '/pmbok/api/no/such' }));
  });

  it('protects the console page', async () => {
    const page = await proxied.inject({ method: 'GET', url: '/system/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectProtected(page);
  });

  it('names the live connection origin for the host asked, and nothing a forged host smuggles in', async () => {
    const page = await proxied.inject({ method: 'GET', url: '/system/', headers: { host: 'pm.example.cn:8443' } });
    expect(policy(page).get('connect-src')).toEqual(["'self'", 'ws://pm.example.cn:8443', 'wss://pm.example.cn:8443']);
    const forged = await proxied.inject({
      method: 'GET',
      url: '/system/',
      headers: { host: "x; script-src 'unsafe-inline'" },
    });
    expect(forged.statusCode).toBe(200);
    expect(policy(forged).get('script-src')).toEqual(["'self'"]);
    expect(policy(forged).get('connect-src')).toEqual(["'self'", "'self'"]);
  });

  it('serves an uploaded image with the headers, and a missing one as 404 with them', async () => {
    const token = await h.register('13600000001');
    const boundary = '----pmbok-headers';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const upload = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/img/upload',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    const { url } = upload.json().data as { url: string };
    const file = await h.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expectProtected(file);
    const missing = await h.app.inject({ method: 'GET', url: '/pmbok/files/none.png' });
    expect(missing.statusCode).toBe(404);
    expectProtected(missing);
  });

  it('sends Strict-Transport-Security only for a request that came over TLS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const hsts = (response: LightMyRequestResponse) => response.headers['strict-transport-security'];
    expect(hsts(await h.app.inject({ method: 'GET', url: '/healthz' }))).toBeUndefined();
    // without TRUST_PROXY the header is anyone's to send, so it proves nothing
    expect(hsts(await h.app.inject({ method: 'GET', url: '/healthz', headers: https }))).toBeUndefined();
    expect(hsts(await proxied.inject({ method: 'GET', url: '/system/' }))).toBeUndefined();
    expect(hsts(await proxied.inject({ method: 'GET', url: '/system/', headers: https }))).toMatch(/^max-age=\d{7,}/);
    expect(hsts(await proxied.inject({ method: 'GET', url: '/nope', headers: https }))).toMatch(/^max-age=/);
    const api = { method: 'POST' as const, url: '/pmbok/api/userInfo/getUserInfo', payload: {} };
    expect(hsts(await proxied.inject({ ...api, headers: https }))).toMatch(/^max-age=/);
    expect(hsts(await proxied.inject(api))).toBeUndefined();
  });

  it('still upgrades the live connection', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/pmbok/ws`);
    const upgraded = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    socket.terminate();
    expect(upgraded).toBe(true);
  });
});
