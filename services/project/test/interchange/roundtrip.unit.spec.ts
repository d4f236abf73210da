import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from '@scalar/openapi-parser';
import { describe, expect, it } from 'vitest';
import { exportProject } from '../../src/interchange/export/index.js';
import { sourceFromPlan } from '../../src/interchange/export/source.js';
import { parseImport } from '../../src/interchange/import/index.js';
import type { ExportFormat, ImportPlan } from '../../src/interchange/model.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`corpus not found at ${corpus}: the OpenAPI round-trip tests are skipped`);

/** Every OpenAPI and Swagger file of the corpus (the zh folder holds one of each beside a YApi pair). */
const files = present
  ? ['openapi-3.0', 'openapi-3.1', 'swagger-2.0', 'zh'].flatMap((dir) =>
      readdirSync(path.join(corpus, dir))
        .filter((name) => /\.(json|ya?ml)$/.test(name) && !name.includes('yapi'))
        .map((name) => `${dir}/${name}`),
    )
  : [];

/** The documents of a plan in a stable order: what a round trip must keep (kinds, names, folder paths, contents). */
const documents = (plan: ImportPlan) =>
  plan.nodes
    .map((node) => ({ kind: node.kind, name: node.name, folderPath: node.folderPath, content: node.content ?? null }))
    .sort((a, b) =>
      JSON.stringify([a.kind, a.folderPath, a.name, a.content]).localeCompare(
        JSON.stringify([b.kind, b.folderPath, b.name, b.content]),
      ),
    );

async function roundTrip(file: string, format: ExportFormat) {
  const first = await parseImport(readFileSync(path.join(corpus, file), 'utf8'), { fileName: file });
  const exported = exportProject(sourceFromPlan(first), format);
  const second = await parseImport(exported.text, { fileName: exported.fileName });
  return { first, exported, second };
}

describe.skipIf(!present)('OpenAPI and Swagger round trip over the corpus', () => {
  it('finds the corpus files', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
  });

  for (const file of files) {
    for (const format of ['openapi-json', 'openapi-yaml'] as const) {
      it(`${file} → ${format} → import gives the same documents, and the export validates`, async () => {
        const { first, exported, second } = await roundTrip(file, format);
        expect(first.nodes.length).toBeGreaterThan(0);
        expect(documents(second)).toEqual(documents(first));
        const result = await validate(exported.text);
        expect(result.errors ?? []).toEqual([]);
        expect(result.valid).toBe(true);
      });
    }
  }

  for (const file of files.filter((name) => name.startsWith('swagger-2.0/') || name.includes('swagger-2.0'))) {
    for (const format of ['swagger-json', 'swagger-yaml'] as const) {
      it(`${file} → ${format} → import gives the same documents, and the export validates`, async () => {
        const { first, exported, second } = await roundTrip(file, format);
        expect(documents(second)).toEqual(documents(first));
        const result = await validate(exported.text);
        expect(result.errors ?? []).toEqual([]);
        expect(result.valid).toBe(true);
      });
    }
  }

  for (const file of files.filter((name) => !name.includes('swagger-2.0'))) {
    it(`${file} → swagger-json validates as Swagger 2.0 and keeps every document (2.0 holds less of each)`, async () => {
      const { first, exported, second } = await roundTrip(file, 'swagger-json');
      expect(JSON.parse(exported.text).swagger).toBe('2.0');
      const result = await validate(exported.text);
      expect(result.errors ?? []).toEqual([]);
      const identity = (plan: ImportPlan) =>
        plan.nodes
          .map((n) =>
            [n.kind, n.folderPath.join('/'), n.name, n.content?.method ?? '', n.content?.path ?? ''].join(' '),
          )
          .sort();
      expect(identity(second)).toEqual(identity(first));
    });
  }
});
