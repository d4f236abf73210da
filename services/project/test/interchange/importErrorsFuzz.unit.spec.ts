import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkContent } from '../../src/domain/doc/content.js';
import { parseImport } from '../../src/interchange/import/index.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`corpus not found at ${corpus}: the damaged-document import tests are skipped`);

const FILES = [
  'openapi-3.0/swagger-petstore3-openapi.yaml',
  'openapi-3.1/realworld-conduit-openapi.yml',
  'swagger-2.0/oai-petstore-expanded.json',
  'zh/apibook-pet-zh.swagger-2.0.json',
  'openapi-3.0/oai-link-example.json',
];
const JUNK = [
  null,
  1,
  'x',
  [],
  {},
  true,
  { $ref: '#/nope' },
  { $ref: '#/components/schemas' },
  [1, 'a'],
  { type: 'wat' },
];

/** A fixed pseudo-random sequence, so a failure reproduces. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** The document with three of its values (anywhere) replaced by junk of another shape. */
function damage(value: unknown, next: () => number) {
  const places: [Record<string, unknown>, string][] = [];
  const walk = (at: unknown) => {
    if (!at || typeof at !== 'object') return;
    for (const key of Object.keys(at)) {
      places.push([at as Record<string, unknown>, key]);
      walk((at as Record<string, unknown>)[key]);
    }
  };
  walk(value);
  for (let i = 0; i < 3; i += 1) {
    const [holder, key] = places[Math.floor(next() * places.length)]!;
    holder[key] = structuredClone(JUNK[Math.floor(next() * JUNK.length)]);
  }
  return value;
}

describe.skipIf(!present)('damaged documents never crash the OpenAPI import', () => {
  for (const file of FILES) {
    it(`${file}: 30 damaged copies import with valid contents or are refused as invalid, by our checks`, async () => {
      const text = readFileSync(path.join(corpus, file), 'utf8');
      const next = random(file.length);
      for (let i = 0; i < 30; i += 1) {
        const damaged = JSON.stringify(damage(parse(text), next));
        try {
          const plan = await parseImport(damaged);
          const models = new Set(plan.nodes.filter((n) => n.kind === 'schema').map((n) => n.name));
          for (const node of plan.nodes) if (node.kind !== 'folder') checkContent(node.kind, node.content, models);
        } catch (error) {
          expect(error, damaged).toBeInstanceOf(DomainError);
          expect((error as DomainError).kind).toBe('invalid');
          // The catch-all of parseImport is for libraries' surprises; the mapper itself must not need it.
          expect((error as Error).message, damaged).not.toMatch(/^无法读取导入内容/);
        }
      }
    });
  }
});
