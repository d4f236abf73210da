import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const FILES = [
  'zh/apibook-pet-zh.openapi-3.0.1.json',
  'openapi-3.0/swagger-petstore3-openapi.yaml',
  'openapi-3.0/realworld-conduit-swagger.json',
  'swagger-2.0/oai-uber.json',
  'openapi-3.0/crapi-openapi-spec.json',
  'swagger-2.0/docker-engine-api-swagger.yaml',
];
const present = existsSync(corpus);
if (!present) console.warn(`skipped: the document corpus is not at ${corpus}`);

/** A concrete path for a template: each parameter as its example, or a value of its type. */
function concrete(
  template: string,
  parameters: { in: string; name: string; schema: { type?: string }; example: unknown }[],
) {
  return template.replace(/\{([^{}]+)\}/g, (_m, name: string) => {
    const p = parameters.find((q) => q.in === 'path' && q.name === name);
    if (p?.example !== null && p?.example !== undefined) return encodeURIComponent(String(p.example));
    return p?.schema?.type === 'integer' || p?.schema?.type === 'number' ? '1' : 'a';
  });
}

/** Every route of real documents answered through the gateway: no server error, generated data fits its schema. */
describe.skipIf(!present)('the mock server on real documents (corpus)', () => {
  let h: Harness;
  let owner: string;
  let teamId: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register('13730000092');
    teamId = String((await h.call('team/create', { teamName: '语料组' }, owner)).data.teamId);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(FILES)('%s', { timeout: 120_000 }, async (file) => {
    const content = readFileSync(path.join(corpus, file), 'utf8');
    const as = (call: string, body: Record<string, string>) => h.call(`project/${call}`, { teamId, ...body }, owner);
    const imported = await as('import', { projectId: '0', content, fileName: path.basename(file), name: file });
    expect(imported.code, imported.msg).toBe(200);
    const projectId = String(imported.data.projectId);
    // Public and unchecked: every route is asked as it is documented, without crafting valid bodies.
    const settings = await as('saveMockSettings', { projectId, access: 'public', validateRequests: '0' });
    expect(settings.data).toMatchObject({ access: 'public', validateRequests: false });

    const { callerMetadata, connectService } = await import('@pmbok/infra');
    const { projectv1 } = await import('@pmbok/proto');
    const service = connectService(projectv1.ProjectServiceDefinition, h.addresses.project);
    const reply = await service.client.getMockIndex(
      { projectId: Number(projectId), knownRevision: '' },
      { metadata: callerMetadata({ correlationId: 'corpus' }) },
    );
    service.close();
    const index = JSON.parse(reply.indexJson);
    expect(index.apis.length).toBeGreaterThan(0);

    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats.default(ajv);
    const outcomes: Record<string, number> = {};
    for (const api of index.apis) {
      const url = `/mock/${projectId}${concrete(api.path, api.parameters)}?__dynamic=true&__seed=7`;
      const answer = await h.app.inject({ method: api.method, url });
      const kind = String(answer.headers['x-pmbok-mock'] ?? answer.headers['x-pmbok-mock-error']);
      outcomes[kind] = (outcomes[kind] ?? 0) + 1;
      expect(answer.statusCode, `${api.method} ${api.path}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      if (answer.headers['x-pmbok-mock-error']) {
        // Only a document asking for too much may refuse, naming where.
        expect(answer.headers['x-pmbok-mock-error'], answer.body).toBe('document');
        continue;
      }
      const response = api.responses.find((r: { status: string }) => r.status === String(answer.statusCode));
      const schema = response?.schema;
      if (!schema || Object.keys(schema).length === 0 || !/json/.test(String(answer.headers['content-type']))) continue;
      let validate: ReturnType<typeof ajv.compile>;
      try {
        validate = ajv.compile({ ...schema, components: { schemas: index.models } });
      } catch {
        // A schema ajv refuses (OpenAPI's `nullable` without a `type`): the answer cannot be checked here.
        continue;
      }
      expect(validate(answer.json()), `${api.method} ${api.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(outcomes.generated ?? 0).toBeGreaterThan(0);
  });
});
