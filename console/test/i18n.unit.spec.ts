import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';

const src = new URL('../src/', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every complete 'app.…' key written in a component (keys built at run time end with a dot and are skipped). */
const usedKeys = [
  ...new Set(
    sourceFiles(src).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`](app\.[A-Za-z_.]+[A-Za-z_])['"`]/g)].map((match) => match[1]!),
    ),
  ),
].sort();

const lookup = (messages: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('the message sets', () => {
  it('find the keys used in the source', () => {
    expect(usedKeys.length).toBeGreaterThan(100);
  });

  it.each([
    ['zh-CN', zhCN],
    ['en', en],
  ])('%s has a text for every key the components use', (_locale, messages) => {
    expect(usedKeys.filter((key) => typeof lookup(messages, key) !== 'string')).toEqual([]);
  });
});
