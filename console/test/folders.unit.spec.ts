import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Every .ts and .tsx file under console/src, as paths relative to it. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/**
 * The top folder under src of a file or of an import's target (`layout/header/X.tsx` belongs to `layout`, an import
 * of `../feedback` to `feedback`); files at the root are the app itself.
 */
function folderOf(path: string): string {
  const top = path.split(sep)[0] as string;
  return existsSync(join(SRC, top)) && statSync(join(SRC, top)).isDirectory() ? top : '(root)';
}

/**
 * Folder → folder → the files that make the arrow ("a.ts -> b"). TypeScript's own scanner reads the specifiers, so
 * static imports, re-exports, `import type` and `import()` all count: a lazy page import ties folders as much as an
 * eager one.
 */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(SRC, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue; // a package
      const target = relative(SRC, resolve(dirname(join(SRC, file)), fileName));
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${file} -> ${fileName}`]);
    }
  }
  return graph;
}

describe('the console folders', () => {
  const graph = folderGraph();

  it('are read: the graph sees the app and its folders', () => {
    expect(graph.get('(root)')?.has('auth')).toBe(true);
    expect(graph.size).toBeGreaterThan(10);
  });

  // A folder is a layer: pages may lean on navigation, the route table leans on pages, never both ways round, so
  // each folder can be read (and split off) knowing only what it imports.
  it('never import each other', () => {
    const mutual: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, files] of edges) {
        const back = graph.get(to)?.get(from);
        if (back && from < to) mutual.push(`${from} <-> ${to}:\n    ${[...files, ...back].join('\n    ')}`);
      }
    }
    expect(mutual, `folders that import each other:\n  ${mutual.join('\n  ')}`).toEqual([]);
  });
});
