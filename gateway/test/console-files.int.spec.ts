import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleRoutes from '../src/routes/console.js';

describe("the console's files", () => {
  let dir: string;
  let app: FastifyInstance;
  const script = `export const screens = [${Array.from({ length: 400 }, (_, i) => `'页面${i}'`).join(',')}];\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-console-files-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets/app.js'), script);
    // As the build writes them (console/build/precompressed.ts).
    writeFileSync(join(dir, 'assets/app.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'assets/app.js.br'), brotliCompressSync(script));
    app = Fastify();
    await app.register(consoleRoutes, { consoleDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/system/assets/app.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the compressed copy the browser accepts, brotli first, and the file itself otherwise', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers['content-type'])).toMatch(/javascript/);
  });

  it('sends a file without compressed copies as it is', async () => {
    const page = await app.inject({ method: 'GET', url: '/system/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain('<div id="root">');
  });
});
