import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parseImport } from '../../../services/project/src/interchange/import/index.js';
import { compileSchema, type GenerateScope, type Json } from '../../src/mock/generate/index.js';

const repoRoot = resolve(__dirname, '../../..');
const corpus = resolve(repoRoot, '../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`corpus not found at ${corpus}: the generation-against-corpus test is skipped`);

/** Real documents of several formats; imported as the project stores them (2020-12 schemas, models by name). */
const FILES = [
  'openapi-3.0/swagger-petstore3-openapi.yaml',
  'openapi-3.1/realworld-conduit-openapi.yml',
  'openapi-3.0/crapi-openapi-spec.json',
  'openapi-3.0/oai-uspto.json',
  'swagger-2.0/oai-petstore-expanded.json',
  'swagger-2.0/oai-uber.json',
  'swagger-2.0/docker-engine-api-swagger.yaml',
  'zh/apibook-pet-zh.openapi-3.0.1.json',
  'yapi/apibook-pet-zh.yapi.json',
];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Content {
  responses: { status: string; schema: Json }[];
}

describe.skipIf(!present)('generated data validates against every response schema of real documents', () => {
  it.each(FILES)('%s', async (file) => {
    const plan = await parseImport(readFileSync(resolve(corpus, file), 'utf8'), { fileName: file });
    const models: Record<string, Json> = {};
    for (const node of plan.nodes) {
      if (node.kind === 'schema') models[node.name] = (node.content as unknown as { schema: Json }).schema;
    }
    const scope: GenerateScope = { models, fields: [] };
    const cases: { where: string; schema: Json }[] = [];
    for (const node of plan.nodes) {
      if (node.kind !== 'api') continue;
      for (const response of (node.content as unknown as Content).responses) {
        const schema = response.schema;
        if (!schema || typeof schema !== 'object' || Object.keys(schema).length === 0) continue;
        cases.push({ where: `${node.name} › 响应 ${response.status}`, schema });
      }
    }
    // One document holding the models and every response schema: ajv compiles each model once, not per response.
    const ajv = addFormats(new Ajv2020({ strict: false, logger: false }));
    const id = 'https://pmbok.test/corpus';
    const $defs = Object.fromEntries(cases.map((c, i) => [`r${i}`, c.schema]));
    ajv.addSchema({ $id: id, components: { schemas: models }, $defs });
    let checked = 0;
    const invalid: string[] = [];
    cases.forEach(({ where, schema }, i) => {
      let validate: ReturnType<Ajv2020['compile']> | undefined;
      try {
        validate = ajv.getSchema(`${id}#/$defs/r${i}`);
      } catch {
        // A schema ajv itself refuses (Docker's `nullable` without `type`) has nothing to check against.
      }
      if (!validate) return;
      const generate = compileSchema(schema, scope, where);
      for (let seed = 0; seed < 3; seed += 1) {
        const value = generate({ seed, deadline: Date.now() + 5_000 });
        checked += 1;
        if (!validate(value)) invalid.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value)}`);
      }
    });
    console.info(`${file}: ${checked} answers of ${cases.length} response schemas validated`);
    expect(checked).toBeGreaterThan(0);
    expect(invalid.slice(0, 5)).toEqual([]);
  });
});
