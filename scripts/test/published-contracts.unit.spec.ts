import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ADR 9: a service publishes its events as a types-only contract (`services/<name>/src/published.d.ts`, exported as
 * `@pmbok/<name>-service/events`); other services and the console import it with `import type` and nothing else of
 * another service, so no service's runtime code crosses into another or into the console bundle.
 */
const root = new URL('../../', import.meta.url).pathname;
const services = readdirSync(join(root, 'services'));
const contracts = services
  .map((name) => join(root, 'services', name, 'src/published.d.ts'))
  .filter((file) => statSync(file, { throwIfNoEntry: false }));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every import or re-export of a service package: its specifier and whether it is types only. */
function serviceImports(file: string) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) return [];
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !/^@pmbok\/[a-z]+-service/.test(specifier.text)) return [];
    const typeOnly = isImport ? statement.importClause?.isTypeOnly === true : statement.isTypeOnly;
    return [{ specifier: specifier.text, typeOnly }];
  });
}

describe('published event contracts', () => {
  it('exist for the services other services consume, and type-check on their own', () => {
    expect(contracts.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['services/auth/src/published.d.ts', 'services/team/src/published.d.ts']),
    );
    // The workspaces skip checking declaration files; a contract is checked here, alone, with nothing to lean on.
    const program = ts.createProgram(contracts, {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
      lib: ['lib.es5.d.ts'],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    for (const file of contracts) expect(serviceImports(file), relative(root, file)).toEqual([]);
  });

  it('are the only part of a service that another service or the console imports, and as types only', () => {
    const offending = [...services.map((name) => join(root, 'services', name, 'src')), join(root, 'console/src')]
      .flatMap(sources)
      .flatMap((file) =>
        serviceImports(file)
          .filter(({ specifier, typeOnly }) => !(typeOnly && specifier.endsWith('-service/events')))
          .map(({ specifier }) => `${relative(root, file)}: ${specifier}`),
      );
    expect(offending).toEqual([]);
  });
});
