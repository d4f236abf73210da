import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressed } from '../build/precompressed';

describe('the bundle’s compressed copies (console/build/precompressed.ts)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside each text file worth it, and none beside images or small files', () => {
    const root = mkdtempSync(join(tmpdir(), 'pmbok-precompressed-'));
    dirs.push(root);
    const out = join(root, 'dist');
    mkdirSync(join(out, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('看板'.repeat(2_000))});`;
    writeFileSync(join(out, 'assets/board.js'), script);
    writeFileSync(join(out, 'index.html'), '<!doctype html>');
    writeFileSync(join(out, 'assets/logo.png'), Buffer.alloc(4_096, 7));
    const plugin = precompressed() as unknown as {
      configResolved(config: { root: string; build: { outDir: string } }): void;
      closeBundle(): void;
    };
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    plugin.closeBundle();

    const board = join(out, 'assets/board.js');
    expect(brotliDecompressSync(readFileSync(`${board}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${board}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${board}.br`).length).toBeLessThan(Buffer.byteLength(script) / 10);
    for (const left of ['index.html.br', 'index.html.gz', 'assets/logo.png.br', 'assets/logo.png.gz'])
      expect(existsSync(join(out, left)), left).toBe(false);
  });
});
