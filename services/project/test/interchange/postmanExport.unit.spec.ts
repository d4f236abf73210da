import postman from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { exportProject } from '../../src/interchange/export/index.js';
import { sourceFromPlan } from '../../src/interchange/export/source.js';
import { parseImport } from '../../src/interchange/import/index.js';
import type { ExportSource, ImportPlan } from '../../src/interchange/model.js';
import { corpusExists, readCorpus } from './collectionsCorpus.js';
import { corpusSource, importableFiles } from './collectionsExportCorpus.js';

type Doc = Record<string, any>;
const apis = (source: ExportSource) => source.nodes.filter((n) => n.kind === 'api');

/** What a request says about the api it came from, as Postman reads it back. */
function requestsOf(text: string) {
  const collection = new postman.Collection(JSON.parse(text));
  const requests: { name: string; method: string; path: string }[] = [];
  collection.forEachItem((item) => {
    requests.push({
      name: item.name,
      method: item.request.method,
      path: `/${(item.request.url.path ?? []).join('/')}`
        .replace(/\/:([^/]+)/g, '/{$1}')
        .replace(/\{\{([^{}]+)\}\}/g, '{$1}'),
    });
  });
  return requests;
}

describe.skipIf(!corpusExists)('Postman export of every corpus file', () => {
  it.each(importableFiles)('%s: loads with postman-collection and has every request', async (file) => {
    const source = await corpusSource(file);
    const exported = exportProject(source, 'postman');
    expect(exported.fileName).toMatch(/\.postman_collection\.json$/);
    expect(JSON.parse(exported.text).info.schema).toContain('v2.1.0');
    const requests = requestsOf(exported.text);
    expect(requests).toHaveLength(apis(source).length);
    const expected = apis(source).map((n) => ({ name: n.name, method: n.content?.method, path: n.content?.path }));
    expect(requests.map((r) => JSON.stringify(r)).sort()).toEqual(expected.map((e) => JSON.stringify(e)).sort());
  });
});

/** What survives Postman and back: the tree, methods, paths, parameters, body types and response statuses. */
const shape = (plan: ImportPlan) =>
  plan.nodes.map((node) => {
    const doc = (node.content ?? {}) as Doc;
    return {
      kind: node.kind,
      name: node.name,
      folderPath: node.folderPath,
      method: doc.method,
      path: doc.path,
      parameters: (doc.parameters ?? []).map((p: Doc) => `${p.in}:${p.name}=${JSON.stringify([p.example, p.extra])}`),
      auth: doc.extra?.postmanAuth,
      body: [doc.requestBody?.type, doc.requestBody?.mediaType, doc.requestBody?.raw],
      responses: (doc.responses ?? []).map((r: Doc) => [r.status, r.examples.map((e: Doc) => e.value)]),
    };
  });

describe.skipIf(!corpusExists)('Postman round trip: import → export → import', () => {
  it.each([
    'postman-v2.1/realworld-conduit.postman_collection.json',
    'postman-v2.1/crapi.postman_collection.json',
    'postman-v2.1/newman-inherited-entities.postman_collection.json',
  ])('%s keeps folders, requests, parameters, bodies and responses', async (file) => {
    const first = await parseImport(readCorpus(file));
    const exported = exportProject(sourceFromPlan(first), 'postman');
    const second = await parseImport(exported.text);
    expect(second.format).toBe('postman');
    expect(shape(second)).toEqual(shape(first));
  });
});

describe('Postman export: what it writes', () => {
  const source: ExportSource = {
    project: { name: '商城', description: '商城接口', servers: [{ name: '测试', url: 'https://test.example.com' }] },
    nodes: [
      { nodeId: 1, parentId: 0, kind: 'folder', name: '订单', sort: 0 },
      { nodeId: 2, parentId: 1, kind: 'page', name: '说明', sort: 0, content: { markdown: '下单前先登录' } },
      {
        nodeId: 3,
        parentId: 1,
        kind: 'api',
        name: '下单',
        sort: 1,
        content: {
          method: 'POST',
          path: '/orders/{shopId}',
          parameters: [{ in: 'path', name: 'shopId', example: 9 }],
          requestBody: { type: 'json', mediaType: 'application/json', schema: { $ref: '#/components/schemas/Order' } },
          responses: [{ status: '201', name: '已创建', mediaType: 'application/json', examples: [] }],
          extra: { postmanScripts: { prerequest: '', test: 'pm.test("ok", () => {});' } },
        },
      },
      {
        nodeId: 4,
        parentId: 0,
        kind: 'schema',
        name: 'Order',
        sort: 1,
        content: {
          schema: {
            type: 'object',
            properties: { sku: { type: 'string', examples: ['A-1'] }, count: { type: 'integer', minimum: 1 } },
          },
        },
      },
    ],
  };

  it('puts the server in {{baseUrl}}, a sample of the model in the body, pages in the folder, scripts as events', () => {
    const collection = JSON.parse(exportProject(source, 'postman').text);
    expect(collection.variable[0]).toEqual({ key: 'baseUrl', value: 'https://test.example.com', type: 'string' });
    const [folder] = collection.item;
    expect(folder.name).toBe('订单');
    expect(folder.description).toContain('下单前先登录');
    const [order] = folder.item;
    expect(order.request.url).toMatchObject({
      raw: '{{baseUrl}}/orders/:shopId',
      path: ['orders', ':shopId'],
      variable: [{ key: 'shopId', value: '9' }],
    });
    expect(JSON.parse(order.request.body.raw)).toEqual({ sku: 'A-1', count: 1 });
    expect(order.request.header).toContainEqual(
      expect.objectContaining({ key: 'Content-Type', value: 'application/json' }),
    );
    expect(order.response).toEqual([expect.objectContaining({ name: '已创建', code: 201, body: '' })]);
    expect(order.event).toEqual([
      { listen: 'test', script: { type: 'text/javascript', exec: ['pm.test("ok", () => {});'] } },
    ]);
  });
});
