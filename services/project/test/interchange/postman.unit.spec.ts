import postman from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/domain/doc/content.js';
import { parseImport } from '../../src/interchange/import/index.js';
import { parsePostman } from '../../src/interchange/import/postman.js';
import type { ImportPlan } from '../../src/interchange/model.js';
import { corpusExists, corpusFiles, readCorpus, readCorpusJson } from './collectionsCorpus.js';

type Api = { method: string; path: string; parameters: { in: string; name: string }[]; [key: string]: unknown };
const api = (plan: ImportPlan, name: string) =>
  plan.nodes.find((node) => node.kind === 'api' && node.name === name)?.content as unknown as Api;

/** Every request of a collection, as the SDK counts it. */
function requestCount(json: unknown): number {
  const value = (json as { collection?: unknown }).collection ?? json;
  let count = 0;
  new postman.Collection(value as postman.CollectionDefinition).forEachItem(() => {
    count += 1;
  });
  return count;
}

const collections = corpusFiles('postman-v2.1', /\.postman_collection\.json$/);

describe.skipIf(!corpusExists)('Postman import: every collection of the corpus', () => {
  it('finds the corpus collections', () => {
    expect(collections.length).toBeGreaterThanOrEqual(3);
  });

  it.each(collections)('%s: one api document per request, each passing the content check', async (file) => {
    const plan = await parseImport(readCorpus(file), { fileName: file });
    expect(plan.format).toBe('postman');
    const apis = plan.nodes.filter((node) => node.kind === 'api');
    expect(apis).toHaveLength(requestCount(readCorpusJson(file)));
    for (const node of plan.nodes) {
      if (node.kind !== 'folder') expect(() => checkContent(node.kind, node.content)).not.toThrow();
    }
    expect(plan.problems.filter((p) => p.message.startsWith('未导入'))).toEqual([]);
  });

  it('Conduit: folders, the {{APIURL}} base stripped, {{slug}} as a path parameter, bodies and scripts', async () => {
    const plan = await parseImport(readCorpus('postman-v2.1/realworld-conduit.postman_collection.json'));
    expect(plan.title).toBe('Conduit');
    expect(plan.formatVersion).toBe('v2.1.0');
    expect(new Set(plan.nodes.map((n) => n.folderPath.join('/')))).toEqual(
      new Set(['Auth', 'Articles', 'Articles, Favorite, Comments', 'Profiles', 'Tags']),
    );
    const update = api(plan, 'Update Article');
    expect(update.method).toBe('PUT');
    expect(update.path).toBe('/articles/{slug}');
    expect(update.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'slug', required: true }));
    expect(update.requestBody).toMatchObject({ type: 'json', mediaType: 'application/json' });
    const byAuthor = api(plan, 'Articles by Author');
    expect(byAuthor.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'author', example: 'johnjacob' }),
    );
    expect(api(plan, 'Profile').path).toBe('/profiles/celeb_{USERNAME}');
    const register = api(plan, 'Register') as unknown as { requestBody: { schema: unknown } };
    expect(register.requestBody.schema).toMatchObject({
      type: 'object',
      properties: { user: { type: 'object', properties: { email: { type: 'string' } } } },
    });
    // 31 test events: 30 requests' scripts and the folder's empty one (nothing to keep).
    expect(plan.scripts.filter((s) => s.test)).toHaveLength(30);
    expect(plan.scripts.find((s) => s.name === 'Register')?.test).toContain('tests[');
    expect(plan.problems.map((p) => p.where)).toContain('变量 {{APIURL}}');
  });

  it('crAPI wrapped as {collection}: 49 requests, collection scripts and variables noted', async () => {
    const plan = await parseImport(readCorpus('postman-v2.1/crapi.postman_collection.json'));
    expect(plan.title).toBe('crAPI Accepted');
    expect(api(plan, 'Get vehicle location').path).toBe('/identity/api/v2/vehicle/{vehicle_id}/location');
    expect(plan.scripts.filter((s) => s.prerequest).length).toBeGreaterThanOrEqual(48);
    expect(plan.problems.some((p) => p.where === '集合变量' && p.message.includes('vehicle_id'))).toBe(true);
    // Bearer authorization (the request's own or inherited) is the Authorization header, its token a placeholder.
    expect(api(plan, 'Get Dashboard').parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Authorization', required: true, example: 'Bearer {{token}}' }),
    );
    expect(plan.problems.some((p) => p.message.includes('「bearer」'))).toBe(false);
  });

  it('newman info-less shape: literal hosts and a URL variable become servers', async () => {
    const plan = await parseImport(readCorpus('postman-v2.1/newman-inherited-entities.postman_collection.json'));
    expect(plan.title).toBe('Inherited Entities');
    expect(plan.servers.map((s) => s.url)).toEqual(['https://postman-echo.com']);
    expect(api(plan, 'Variables').path).toBe('/get');
    expect(api(plan, 'Variables').parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'test' }));
    expect(api(plan, 'Environment override').path).toBe('/get');
    // Basic authorization inherited from the collection, its password not published; digest is only named.
    const basic = api(plan, 'Environment override').parameters.find((p) => p.name === 'Authorization');
    expect(basic).toMatchObject({ in: 'header', required: true, example: null });
    expect(JSON.stringify(plan.nodes)).not.toContain('"password"');
    expect(plan.problems.find((p) => p.message.includes('「digest」'))?.where).toContain('Folder level stuff / Auth');
  });
});

describe('Postman import: shapes and refusals', () => {
  const collection = (item: unknown[]) => ({
    info: { name: 'C', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item,
  });

  it('maps :id, form bodies and saved examples (one response per status, the examples kept)', () => {
    const plan = parsePostman(
      collection([
        {
          name: 'Upload',
          request: {
            method: 'POST',
            url: {
              raw: 'https://api.example.com/v1/users/:id/avatar',
              host: ['api', 'example', 'com'],
              path: ['v1', 'users', ':id', 'avatar'],
              variable: [{ key: 'id', value: '7', description: '用户' }],
              protocol: 'https',
            },
            body: {
              mode: 'formdata',
              formdata: [
                { key: 'file', type: 'file', src: '/tmp/a.png' },
                { key: 'note', value: 'hi' },
              ],
            },
          },
          response: [
            {
              name: 'ok',
              code: 201,
              status: 'Created',
              header: [{ key: 'Content-Type', value: 'application/json' }],
              body: '{"id":7}',
            },
            {
              name: 'ok again',
              code: 201,
              status: 'Created',
              header: [{ key: 'Content-Type', value: 'application/json' }],
              body: '{"id":8,"big":true}',
            },
            { name: 'bad', code: 400, status: 'Bad Request', body: 'nope' },
          ],
        },
      ]),
    );
    const doc = plan.nodes[0]?.content as unknown as Record<string, any>;
    expect(doc.path).toBe('/v1/users/{id}/avatar');
    expect(doc.parameters[0]).toMatchObject({ in: 'path', name: 'id', example: '7', description: '用户' });
    expect(doc.requestBody.type).toBe('form-data');
    expect(doc.requestBody.fields).toEqual([
      expect.objectContaining({ name: 'file', type: 'file', example: null }),
      expect.objectContaining({ name: 'note', type: 'string', example: 'hi' }),
    ]);
    expect(doc.responses.map((r: { status: string }) => r.status)).toEqual(['201', '400']);
    expect(doc.responses[0].examples.map((e: { name: string }) => e.name)).toEqual(['ok', 'ok again']);
    expect(doc.responses[0].schema.properties).toEqual({ id: { type: 'integer' }, big: { type: 'boolean' } });
    expect(doc.responses[1]).toMatchObject({ mediaType: 'text/plain', examples: [{ value: 'nope' }] });
    expect(plan.servers).toEqual([{ name: 'api.example.com', url: 'https://api.example.com' }]);
    expect(() => checkContent('api', doc)).not.toThrow();
  });

  it('keeps an empty folder', () => {
    const plan = parsePostman(collection([{ name: 'Empty', item: [] }]));
    expect(plan.nodes).toEqual([{ kind: 'folder', name: 'Empty', folderPath: [] }]);
  });

  it('refuses a v1 collection and an environment file with a message saying what to do', async () => {
    const v1 = {
      id: 'x',
      name: 'Old',
      order: ['a'],
      folders: [],
      requests: [{ id: 'a', url: 'http://x/y', method: 'GET' }],
    };
    await expect(parseImport(JSON.stringify(v1))).rejects.toThrow(/不支持 Postman Collection v1.*v2\.1/);
    const environment = {
      name: 'env',
      values: [{ key: 'url', value: 'http://x' }],
      _postman_variable_scope: 'environment',
    };
    await expect(parseImport(JSON.stringify(environment))).rejects.toThrow(/环境文件/);
  });
});
