import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const API_TYPES = '@pmbok/api-types';

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const named = (specifier: ts.Expression | undefined) =>
  specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text === API_TYPES;

/**
 * The statements of a file that name the gateway's answer types and would survive compilation: only a whole
 * `import type` / `export type` is erased; `import { type X }` leaves `import {} from …` behind, which Vite would
 * try to bundle.
 */
function valueImports(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && named(node.moduleSpecifier) && !node.importClause?.isTypeOnly)
      found.push(node.getText());
    if (ts.isExportDeclaration(node) && named(node.moduleSpecifier) && !node.isTypeOnly) found.push(node.getText());
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && named(node.arguments[0]))
      found.push(node.getText());
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.map((text) => `${relative(SRC, path)}: ${text}`);
}

describe('the gateway answer types', () => {
  it('are imported type-only, so no gateway code reaches the bundle', () => {
    const files = sourceFiles();
    expect(files.some((path) => readFileSync(path, 'utf8').includes(API_TYPES))).toBe(true);
    expect(files.flatMap(valueImports)).toEqual([]);
  });
});
