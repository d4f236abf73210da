import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from '@scalar/openapi-parser';
import { describe, expect, it } from 'vitest';
import { checkContent, emptyContent } from '../../src/domain/doc/content.js';
import { checkName } from '../../src/domain/tree/rules.js';
import { exportProject } from '../../src/interchange/export/index.js';
import { walkTree } from '../../src/interchange/export/openapiTree.js';
import { sourceFromPlan } from '../../src/interchange/export/source.js';
import { parseImport } from '../../src/interchange/import/index.js';
import type { ExportSource, ImportPlan } from '../../src/interchange/model.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`corpus not found at ${corpus}: the OpenAPI corpus mapping tests are skipped`);
const read = (file: string) => readFileSync(path.join(corpus, file), 'utf8');
const files = present
  ? ['openapi-3.0', 'openapi-3.1', 'swagger-2.0', 'zh'].flatMap((dir) =>
      readdirSync(path.join(corpus, dir))
        .filter((name) => /\.(json|ya?ml)$/.test(name) && !name.includes('yapi'))
        .map((name) => `${dir}/${name}`),
    )
  : [];

const modelsOf = (plan: ImportPlan) => new Set(plan.nodes.filter((n) => n.kind === 'schema').map((n) => n.name));
type Api = {
  method: string;
  path: string;
  parameters: Record<string, unknown>[];
  requestBody: Record<string, unknown>;
};
const api = (plan: ImportPlan, method: string, route: string) => {
  const node = plan.nodes.find((n) => n.kind === 'api' && n.content?.method === method && n.content?.path === route);
  if (!node) throw new Error(`${method} ${route} not imported`);
  return { node, doc: node.content as unknown as Api };
};

describe.skipIf(!present)('OpenAPI import over the corpus', () => {
  for (const file of files) {
    it(`${file}: every planned content passes checkContent with the plan's models, every name fits the tree`, async () => {
      const plan = await parseImport(read(file), { fileName: file });
      expect(plan.nodes.length).toBeGreaterThan(0);
      const models = modelsOf(plan);
      for (const node of plan.nodes) {
        expect(checkName(node.name)).toBe(node.name);
        for (const folder of node.folderPath) expect(checkName(folder)).toBe(folder);
        if (node.kind !== 'folder') expect(checkContent(node.kind, node.content, models)).toEqual(node.content);
      }
    });
  }

  it('counts match the source: Docker Engine (Swagger 2.0) has 108 operations and 160 definitions', async () => {
    const plan = await parseImport(read('swagger-2.0/docker-engine-api-swagger.yaml'));
    expect(plan.format).toBe('swagger');
    expect(plan.formatVersion).toBe('2.0');
    expect(plan.nodes.filter((n) => n.kind === 'api')).toHaveLength(108);
    expect(plan.nodes.filter((n) => n.kind === 'schema')).toHaveLength(160);
    expect(plan.servers).toEqual([{ name: '/v1.56', url: '/v1.56' }]);
  });

  it('Swagger 2.0: folders from the first tag, body parameters as a JSON body, models in 数据模型 with refs kept', async () => {
    const plan = await parseImport(read('swagger-2.0/oai-petstore-expanded.json'));
    expect(plan.title).toBe('Swagger Petstore');
    expect(plan.servers).toEqual([{ name: 'http://petstore.swagger.io/api', url: 'http://petstore.swagger.io/api' }]);
    const { node, doc } = api(plan, 'POST', '/pets');
    expect(node.folderPath).toEqual(['默认分组']);
    expect(doc.requestBody).toMatchObject({
      type: 'json',
      mediaType: 'application/json',
      required: true,
      schema: { $ref: '#/components/schemas/NewPet' },
    });
    const model = plan.nodes.find((n) => n.kind === 'schema' && n.name === 'NewPet');
    expect(model?.folderPath).toEqual(['数据模型']);
    const petstore = await parseImport(read('swagger-2.0/oai-petstore.json'));
    expect(api(petstore, 'GET', '/pets').node.folderPath).toEqual(['pets']);
  });

  it('Chinese summaries name the documents; tags name the folders', async () => {
    const plan = await parseImport(read('zh/apibook-pet-zh.openapi-3.0.1.json'));
    expect(plan.title).toBe('个人项目');
    const { node } = api(plan, 'GET', '/pet/{petId}');
    expect(node.name).toMatch(/[\u4e00-\u9fa5]/);
    expect(node.folderPath[0]).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('unmapped constructs are listed as problems with where: callbacks, links, webhooks, security schemes', async () => {
    const where = async (file: string) => (await parseImport(read(file))).problems.map((p) => p.where);
    expect(await where('openapi-3.0/oai-callback-example.json')).toContain('#/paths/~1streams/post/callbacks');
    expect(await where('openapi-3.0/oai-link-example.json')).toContain(
      '#/paths/~12.0~1users~1{username}/get/responses/200/links',
    );
    expect(await where('openapi-3.1/oai-webhook-example.json')).toContain('#/webhooks');
    expect(await where('openapi-3.1/oai-non-oauth-scopes.json')).toContain('#/components/securitySchemes');
  });
});

describe('OpenAPI mapping of a hand-written document', () => {
  it('reads versions written unquoted in YAML, and a .yaml file opening with a flow mapping', async () => {
    const swagger = await parseImport(
      'swagger: 2.0\ninfo: {title: t, version: 1}\npaths: {/a: {get: {responses: {200: {description: ok}}}}}\n',
    );
    expect([swagger.format, swagger.formatVersion, swagger.nodes.length]).toEqual(['swagger', '2.0', 1]);
    const openapi = await parseImport('openapi: 3.0\ninfo: {title: t, version: 1}\npaths: {}\n');
    expect([openapi.format, openapi.formatVersion]).toEqual(['openapi', '3.0.0']);
    const flow = '{openapi: 3.1.0, info: {title: 流式, version: "1"}, paths: {}}';
    expect((await parseImport(flow, { fileName: 'api.yaml' })).title).toBe('流式');
  });

  it('x-pmbok-folder wins over tags, no tag gives 默认分组; shared parameters and bodies are inlined; forms give fields', async () => {
    const plan = await parseImport(
      [
        'openapi: 3.0.3',
        'info: {title: 示例, version: "1"}',
        'servers: [{url: "https://{host}/v1", variables: {host: {default: api.example.com}}}]',
        'paths:',
        '  /users/{id}:',
        '    parameters: [{$ref: "#/components/parameters/Id"}]',
        '    get: {tags: [用户], summary: 查看用户, x-pmbok-folder: [系统, 用户], responses: {"200": {description: 成功}}}',
        '    put:',
        '      operationId: updateUser',
        '      requestBody: {$ref: "#/components/requestBodies/Avatar"}',
        '      responses: {"2xx": {description: ok}}',
        '  /ping: {get: {responses: {default: {description: pong}}, x-pmbok-status: testing, x-pmbok-owner-id: 7}}',
        'components:',
        '  parameters: {Id: {name: id, in: path, required: true, schema: {type: integer}}}',
        '  requestBodies:',
        '    Avatar:',
        '      content:',
        '        multipart/form-data:',
        '          schema:',
        '            type: object',
        '            required: [file]',
        '            properties: {file: {type: string, format: binary}, note: {type: string, description: 备注}}',
      ].join('\n'),
    );
    expect(plan.servers).toEqual([{ name: 'https://api.example.com/v1', url: 'https://api.example.com/v1' }]);
    const get = api(plan, 'GET', '/users/{id}');
    expect(get.node.folderPath).toEqual(['系统', '用户']);
    expect(get.node.name).toBe('查看用户');
    expect(get.doc.parameters).toMatchObject([{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }]);
    const put = api(plan, 'PUT', '/users/{id}');
    expect(put.node.folderPath).toEqual(['默认分组']);
    expect(put.node.name).toBe('updateUser');
    expect(put.doc.requestBody).toMatchObject({
      type: 'form-data',
      mediaType: 'multipart/form-data',
      fields: [
        { name: 'file', type: 'file', required: true },
        { name: 'note', type: 'string', required: false, description: '备注' },
      ],
    });
    expect((put.doc as unknown as { responses: { status: string }[] }).responses[0]?.status).toBe('2XX');
    const ping = api(plan, 'GET', '/ping');
    expect(ping.node.content).toMatchObject({ status: 'testing', ownerId: 7 });
  });
});

/** A small project as the service would hand it to an exporter: Chinese names, pages, an empty folder, extras. */
function project(): ExportSource {
  const models = new Set(['用户', 'Error']);
  const user = checkContent('schema', {
    schema: { type: 'object', properties: { id: { type: 'integer' }, 名字: { type: 'string' } } },
    description: '一个用户',
  });
  const error = checkContent('schema', { schema: { type: 'object', properties: { message: { type: 'string' } } } });
  const getUser = checkContent(
    'api',
    {
      method: 'GET',
      path: '/users/{id}',
      status: 'developing',
      ownerId: 42,
      tags: ['用户'],
      description: '按编号查看用户',
      // No path parameter: an older document; the export must still declare {id}.
      responses: [
        { status: '200', name: '成功', mediaType: 'application/json', schema: { $ref: '#/components/schemas/用户' } },
        { status: '404', name: '', description: '没有这个用户', schema: { $ref: '#/components/schemas/Error' } },
      ],
      extra: { postmanScripts: { test: 'pm.test()' } },
    },
    models,
  );
  return {
    project: {
      name: '用户中心',
      description: '说明',
      servers: [{ name: '测试环境', url: 'https://test.example.com/api' }],
    },
    nodes: [
      { nodeId: 1, parentId: 0, kind: 'folder', name: '接口', sort: 0 },
      { nodeId: 2, parentId: 1, kind: 'api', name: '查看用户', sort: 0, content: getUser },
      { nodeId: 3, parentId: 1, kind: 'api', name: '新接口', sort: 1, content: emptyContent('api', { path: '/new' }) },
      { nodeId: 4, parentId: 0, kind: 'folder', name: '模型', sort: 1 },
      { nodeId: 5, parentId: 4, kind: 'schema', name: '用户', sort: 0, content: user },
      { nodeId: 6, parentId: 0, kind: 'schema', name: 'Error', sort: 2, content: error },
      { nodeId: 7, parentId: 0, kind: 'page', name: '说明文档', sort: 3, content: { markdown: '# 你好\n' } },
      { nodeId: 8, parentId: 0, kind: 'folder', name: '空目录', sort: 4 },
    ],
  };
}

describe('OpenAPI and Swagger export of a project', () => {
  for (const format of ['openapi-json', 'openapi-yaml', 'swagger-json', 'swagger-yaml'] as const) {
    it(`${format} validates and keeps Chinese model names, folders, status, owner, pages, empty folders`, async () => {
      const file = exportProject(project(), format);
      expect(file.fileName).toMatch(format.endsWith('json') ? /\.json$/ : /\.yaml$/);
      const result = await validate(file.text);
      expect(result.errors ?? []).toEqual([]);
      const plan = await parseImport(file.text);
      expect(plan.title).toBe('用户中心');
      expect(plan.servers[0]).toMatchObject({ url: 'https://test.example.com/api' });
      const byName = new Map(plan.nodes.map((n) => [n.name, n]));
      expect(byName.get('用户')).toMatchObject({ kind: 'schema', folderPath: ['模型'] });
      expect(byName.get('用户')?.content?.schema).toMatchObject({ properties: { 名字: { type: 'string' } } });
      expect(byName.get('Error')).toMatchObject({ kind: 'schema', folderPath: [] });
      expect(byName.get('说明文档')).toMatchObject({ kind: 'page', folderPath: [], content: { markdown: '# 你好\n' } });
      expect(byName.get('空目录')).toMatchObject({ kind: 'folder', folderPath: [] });
      const get = byName.get('查看用户');
      expect(get?.folderPath).toEqual(['接口']);
      expect(get?.content).toMatchObject({
        method: 'GET',
        path: '/users/{id}',
        status: 'developing',
        ownerId: 42,
        parameters: [{ in: 'path', name: 'id', required: true }],
        responses: [
          { status: '200', name: '成功', schema: { $ref: '#/components/schemas/用户' } },
          { status: '404', name: '', description: '没有这个用户', schema: { $ref: '#/components/schemas/Error' } },
        ],
      });
      if (format.startsWith('openapi')) {
        expect(get?.content?.extra).toEqual({ postmanScripts: { test: 'pm.test()' } });
        expect(plan.nodes).toHaveLength(6);
      }
      const models = modelsOf(plan);
      for (const node of plan.nodes) if (node.kind !== 'folder') checkContent(node.kind, node.content, models);
    });
  }

  it('odd documents still export valid files: stray path parameter, status ranges, raw and form bodies, a duplicate', async () => {
    const docs = [
      { method: 'GET', path: '/users', parameters: [{ in: 'path', name: 'x' }], operationId: 'same' },
      {
        method: 'POST',
        path: '/users',
        operationId: 'same',
        requestBody: { type: 'json', schema: { type: 'object' } },
      },
      { method: 'GET', path: '/users', description: '同一方法和路径的第二个文档' },
      {
        method: 'PUT',
        path: '/f',
        requestBody: {
          type: 'form-data',
          fields: [
            { name: 'a', type: 'file', required: true },
            { name: 'b', type: 'array' },
          ],
        },
      },
      {
        method: 'PATCH',
        path: '/r',
        requestBody: { type: 'raw', raw: 'hello' },
        responses: [{ status: '4XX', mediaType: 'text/plain', schema: true }],
      },
    ];
    const source: ExportSource = {
      project: { name: '', description: '', servers: [{ name: '', url: 'not a url' }] },
      nodes: docs.map((doc, i) => ({
        nodeId: i + 1,
        parentId: 0,
        kind: 'api',
        name: `n${i}`,
        sort: i,
        content: checkContent('api', doc),
      })),
    };
    for (const format of ['openapi-json', 'openapi-yaml', 'swagger-json', 'swagger-yaml'] as const) {
      const text = exportProject(source, format).text;
      const result = await validate(text);
      expect(result.errors ?? [], format).toEqual([]);
      const plan = await parseImport(text);
      expect(plan.nodes.map((n) => n.name).sort(), format).toEqual(['n0', 'n1', 'n3', 'n4']);
      const form = api(plan, 'PUT', '/f').doc.requestBody;
      expect(form).toMatchObject({
        type: 'form-data',
        fields: [
          { name: 'a', type: 'file', required: true },
          { name: 'b', type: 'array' },
        ],
      });
      expect(api(plan, 'PATCH', '/r').doc.requestBody).toMatchObject({ type: 'raw', examples: [{ value: 'hello' }] });
    }
  });

  it('sourceFromPlan makes the folders of the folder paths once, in the plan order; empty folders survive an export', async () => {
    const plan: ImportPlan = {
      format: 'openapi',
      formatVersion: '3.1.0',
      title: 't',
      description: '',
      servers: [],
      problems: [],
      scripts: [],
      nodes: [
        { kind: 'page', name: '首页', folderPath: ['文档', '指南'], content: { markdown: 'a' } },
        { kind: 'page', name: '第二页', folderPath: ['文档', '指南'], content: { markdown: 'b' } },
        { kind: 'folder', name: '空的', folderPath: ['文档'] },
        { kind: 'page', name: '根页', folderPath: [], content: { markdown: 'c' } },
      ],
    };
    const source = sourceFromPlan(plan);
    expect(source.nodes.map((n) => [n.nodeId, n.parentId, n.kind, n.name, n.sort])).toEqual([
      [1, 0, 'folder', '文档', 0],
      [2, 1, 'folder', '指南', 0],
      [3, 2, 'page', '首页', 0],
      [4, 2, 'page', '第二页', 1],
      [5, 1, 'folder', '空的', 1],
      [6, 0, 'page', '根页', 1],
    ]);
    const back = await parseImport(exportProject(source, 'openapi-yaml').text);
    // The same tree (the plan lists empty folders last, which makes the same siblings in the same order).
    const tree = (from: ExportSource) => walkTree(from).map(({ nodeId: _, ...node }) => node);
    expect(tree(sourceFromPlan(back))).toEqual(tree(source));
  });

  it('an unknown format is refused', () => {
    expect(() => exportProject(project(), 'pdf' as never)).toThrow('不支持的导出格式：pdf');
  });
});
