import { describe, expect, it } from 'vitest';
import { isHttpUrl, sizeLabel, topmostTicked } from '../src/knowledge/publishing/io/ioModel';

describe('the export of ticked nodes', () => {
  // 1 folder ⊃ 2 folder ⊃ 3 api; 4 api at the root
  const parentOf = new Map([
    [1, 0],
    [2, 1],
    [3, 2],
    [4, 0],
  ]);

  it('sends a ticked folder alone: the server takes what is under it', () => {
    expect(topmostTicked(new Set([3, 1, 2]), parentOf)).toEqual([1]);
    expect(topmostTicked(new Set([3, 4]), parentOf)).toEqual([3, 4]);
    expect(topmostTicked(new Set([2, 3]), parentOf)).toEqual([2]);
    expect(topmostTicked(new Set(), parentOf)).toEqual([]);
  });

  it('stops at a loop in the parents instead of spinning', () => {
    const loop = new Map([
      [5, 6],
      [6, 5],
    ]);
    expect(topmostTicked(new Set([5]), loop)).toEqual([5]);
  });
});

describe('the import source', () => {
  it('sends only http and https addresses to the server', () => {
    expect(isHttpUrl('https://petstore3.swagger.io/api/v3/openapi.json')).toBe(true);
    expect(isHttpUrl('  http://example.com  ')).toBe(true);
    expect(isHttpUrl('ftp://example.com/a.json')).toBe(false);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('example.com/openapi.json')).toBe(false);
  });

  it('names a file size the way a reader expects', () => {
    expect(sizeLabel(165)).toBe('165 B');
    expect(sizeLabel(23_182)).toBe('22.6 KB');
    expect(sizeLabel(20 * 1024 * 1024)).toBe('20.0 MB');
  });
});
