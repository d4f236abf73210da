import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the benchmark's helper is plain JavaScript (scripts/bench/console.mjs), without types
import { entryClosure } from '../../scripts/bench/console.mjs';
import { zhCN } from '../src/i18n/zh-CN';
import { zhCNCore } from '../src/i18n/zhCore';

// Issue 24: the login page's first script, read from the built bundle (`node scripts/build.mjs` before e2e runs).
const dist = new URL('../dist', import.meta.url).pathname;
const built = existsSync(join(dist, 'index.html'));
type Closure = { files: string[]; bytes: number; gzip: number };

/** Every text of a message tree. */
const texts = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(texts) : [];

describe.skipIf(!built)('the console bundle', () => {
  const closure = (built ? entryClosure(dist) : { files: [], bytes: 0, gzip: 0 }) as Closure;
  const code = closure.files.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');

  // 347 KB before the split, 285 KB with react-admin's login route, 140 KB with the login page's own entry (issue
  // 24's goal is 150): the budget catches react-admin, a screen or a library pulled back into the first script.
  it('loads the login page with at most 150 KB of gzipped script before any import()', () => {
    expect(closure.files.length).toBeGreaterThan(0);
    expect(closure.gzip / 1024).toBeLessThan(150);
  });

  it('draws the login page without react-admin: none of its own texts is in the first script', () => {
    const raTexts = texts(zhCNCore.ra).filter((text) => text.length > 6);
    expect(raTexts.length).toBeGreaterThan(20);
    expect(raTexts.filter((text) => code.includes(text))).toEqual([]);
  });

  it("leaves the screens' messages and the editors' libraries to their own chunks", () => {
    const core = new Set(texts(zhCNCore));
    // long texts only: short ones (保存, 取消) are shared with the core set under other keys
    const screensOnly = texts(zhCN.app).filter((text) => text.length > 24 && !core.has(text));
    expect(screensOnly.length).toBeGreaterThan(50);
    expect(screensOnly.filter((text) => code.includes(text))).toEqual([]);
    expect(code).not.toContain('cm-editor'); // CodeMirror
    expect(code).not.toContain('hljs'); // highlight.js
  });
});
