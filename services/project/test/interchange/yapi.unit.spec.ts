import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/domain/doc/content.js';
import { parseImport } from '../../src/interchange/import/index.js';
import { corpusExists, corpusFiles, readCorpus, readCorpusJson } from './collectionsCorpus.js';

type Doc = Record<string, any>;
const exports = corpusFiles('yapi', /\.json$/);

describe.skipIf(!corpusExists)('YApi import: every export of the corpus', () => {
  it('finds the corpus exports', () => {
    expect(exports.length).toBeGreaterThanOrEqual(1);
  });

  it.each(exports)('%s: categories → folders, one api document per interface, each passing the check', async (file) => {
    const source = readCorpusJson(file) as { name: string; list: unknown[] }[];
    const plan = await parseImport(readCorpus(file), { fileName: file.split('/').pop() });
    expect(plan.format).toBe('yapi');
    for (const category of source) {
      expect(plan.nodes.filter((n) => n.folderPath[0] === category.name)).toHaveLength(category.list.length);
    }
    for (const node of plan.nodes) expect(() => checkContent(node.kind, node.content)).not.toThrow();
    expect(plan.problems).toEqual([]);
  });

  it('the pet API: JSON Schema bodies, path, query and header parameters, form fields', async () => {
    const plan = await parseImport(readCorpus('yapi/apibook-pet-zh.yapi.json'));
    const doc = (name: string) => plan.nodes.find((n) => n.name === name)?.content as unknown as Doc;
    expect(doc('删除宠物信息')).toMatchObject({ method: 'DELETE', path: '/pet/{petId}', tags: ['宠物'] });
    expect(doc('删除宠物信息').parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'petId', required: true, description: 'Pet id to delete' }),
      expect.objectContaining({ in: 'header', name: 'api_key', required: false }),
    ]);
    expect(doc('根据状态查找宠物列表').parameters[0]).toMatchObject({ in: 'query', name: 'status', required: true });
    expect(doc('新建宠物信息').requestBody).toMatchObject({
      type: 'x-www-form-urlencoded',
      fields: [
        { name: 'name', required: true, description: '宠物名' },
        { name: 'status', required: true, description: '宠物销售状态' },
      ],
    });
    // Content-Type is the body's media type, not a header parameter.
    const channel = doc('a');
    expect(channel.requestBody).toMatchObject({ type: 'json', mediaType: 'application/json' });
    expect(channel.parameters.map((p: { name: string }) => p.name)).toEqual(['sign', 'source', 'token']);
    expect(channel.requestBody.schema.properties.product_select_list.items.required).toEqual([
      'product_id',
      'product_type',
      'select_count',
    ]);
    expect(doc('根据状态查找宠物列表').responses[0].schema.items.properties.status.enum).toEqual([
      'available',
      'pending',
      'sold',
    ]);
  });
});

describe('YApi import: draft-04 schemas and Mock.js rules', () => {
  const yapi = (api: object) =>
    JSON.stringify([
      { name: '用户', desc: '', list: [{ method: 'GET', title: '查用户', path: '/users/:id', ...api }] },
    ]);

  it('keeps each Mock.js rule as x-mock and turns draft-04 flags into 2020-12 bounds', async () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: {
        name: { type: 'string', mock: { mock: '@cname' } },
        age: { type: 'integer', minimum: 0, exclusiveMinimum: true, mock: { mock: '@integer(1, 99)' } },
        mock: { type: 'string' },
      },
      required: ['name'],
    };
    const plan = await parseImport(
      yapi({ status: 'done', res_body_type: 'json', res_body_is_json_schema: true, res_body: JSON.stringify(schema) }),
    );
    const doc = plan.nodes[0]?.content as unknown as Doc;
    expect(doc).toMatchObject({ path: '/users/{id}', status: 'released' });
    expect(doc.parameters[0]).toMatchObject({ in: 'path', name: 'id' });
    expect(doc.responses[0].schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', 'x-mock': '@cname' },
        age: { type: 'integer', exclusiveMinimum: 0, 'x-mock': '@integer(1, 99)' },
        mock: { type: 'string' },
      },
      required: ['name'],
    });
    expect(() => checkContent('api', doc)).not.toThrow();
  });

  it('keeps a Mock.js template response as its example, and a broken schema as raw text with a problem', async () => {
    const template = '{"list|1-10": [{"id|+1": 1, "name": "@cname"}]}';
    const plan = await parseImport(
      yapi({
        res_body_type: 'json',
        res_body_is_json_schema: false,
        res_body: template,
        req_body_type: 'json',
        req_body_is_json_schema: true,
        req_body_other: '{"type": "object", "properties": ',
      }),
    );
    const doc = plan.nodes[0]?.content as unknown as Doc;
    expect(doc.responses[0].examples[0].value).toEqual(JSON.parse(template));
    expect(doc.responses[0].extra['x-mock-template']).toEqual(JSON.parse(template));
    expect(doc.requestBody.raw).toBe('{"type": "object", "properties": ');
    expect(plan.problems).toEqual([
      { where: '用户 / 查用户 的请求体', message: 'JSON Schema 不是正确的 JSON，保留为原始文本' },
    ]);
  });

  it('reads a query written into the path', async () => {
    const plan = await parseImport(
      yapi({ path: '/pets?type=cat', query_path: { path: '/pets', params: [{ name: 'type', value: 'cat' }] } }),
    );
    const doc = plan.nodes[0]?.content as unknown as Doc;
    expect(doc.path).toBe('/pets');
    expect(doc.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'type', example: 'cat' })]);
  });

  it('refuses a list that is not YApi categories when YApi is asked for', async () => {
    await expect(parseImport('[{"a": 1}]', { format: 'yapi' })).rejects.toThrow(/不是 YApi/);
  });
});
