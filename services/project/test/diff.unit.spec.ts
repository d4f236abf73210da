import { describe, expect, it } from 'vitest';
import { diffDocs, type FieldDiff } from '../src/domain/diff/index.js';
import { type Content, checkContent, emptyContent } from '../src/domain/doc/content.js';

const api = (overrides: Record<string, unknown> = {}) =>
  checkContent(
    'api',
    { ...emptyContent('api', { method: 'GET', path: '/pets' }), ...overrides },
    new Set(['Pet', 'Dog']),
  );
const query = (name: string, more: Record<string, unknown> = {}) => ({ in: 'query', name, ...more });
const ok = (schema: unknown, status = '200') => ({ status, schema });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

/** The entry at `path`, which must be there. */
function at(fields: FieldDiff[], path: string): FieldDiff {
  const found = fields.find((field) => field.path === path);
  if (!found) throw new Error(`no entry ${path} in ${JSON.stringify(fields.map((f) => f.path))}`);
  return found;
}
const diff = (before: Content, after: Content) => diffDocs('api', before, after);

describe('diffDocs: api documents', () => {
  it('finds nothing between equal documents, and lists no field for an added or removed document', () => {
    expect(diff(api(), api())).toEqual([]);
    expect(diffDocs('api', undefined, api())).toEqual([]);
    expect(diffDocs('api', api(), undefined)).toEqual([]);
  });

  it('flags a changed path or method as breaking, a status or description as not', () => {
    const written = api({ operationId: 'listPets' });
    const fields = diff(
      written,
      api({ operationId: 'listPets', method: 'POST', path: '/animals', status: 'released', description: '新说明' }),
    );
    expect(at(fields, 'method')).toMatchObject({ before: 'GET', after: 'POST', breaking: true });
    expect(at(fields, 'path')).toMatchObject({ before: '/pets', after: '/animals', breaking: true });
    expect(at(fields, 'status')).toMatchObject({ breaking: false, message: '状态由 设计中 改为 已发布' });
    expect(at(fields, 'description')).toMatchObject({
      change: 'changed',
      before: '',
      after: '新说明',
      breaking: false,
    });
  });

  it('a first content written over the blank document a new node starts with breaks nobody', () => {
    const first = api({ path: '/animals', parameters: [query('limit', { required: true })] });
    const fields = diff(api(), first);
    expect(at(fields, 'path')).toMatchObject({ before: '/pets', after: '/animals', breaking: false });
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.every((field) => !field.breaking)).toBe(true);
    // once written, the same change is breaking
    expect(at(diff(first, api({ parameters: [query('limit', { required: true })] })), 'path').breaking).toBe(true);
  });

  it('keys parameters by location and name: a required one added, one made required, one removed break clients', () => {
    const before = api({ parameters: [query('limit'), query('sort'), { in: 'header', name: 'X-Trace' }] });
    const after = api({
      parameters: [
        query('limit', { required: true }),
        query('page'),
        query('token', { required: true }),
        query('sort', { in: 'path' }),
      ],
    });
    const fields = diff(before, after);
    expect(at(fields, 'parameters.query.limit.required')).toMatchObject({
      before: false,
      after: true,
      breaking: true,
      message: '查询参数 limit 改为必填',
    });
    expect(at(fields, 'parameters.query.page')).toMatchObject({ change: 'added', breaking: false });
    expect(at(fields, 'parameters.query.token')).toMatchObject({
      change: 'added',
      breaking: true,
      message: '新增必填查询参数 token',
    });
    expect(at(fields, 'parameters.header.X-Trace')).toMatchObject({ change: 'removed', breaking: true, after: null });
    // Moved from the query to the path: a different parameter to clients.
    expect(at(fields, 'parameters.query.sort').change).toBe('removed');
    expect(at(fields, 'parameters.path.sort').change).toBe('added');
  });

  it('an optional parameter made optional again, or given a description, does not break', () => {
    const fields = diff(
      api({ parameters: [query('q', { required: true })] }),
      api({ parameters: [query('q', { description: '关键词' })] }),
    );
    expect(at(fields, 'parameters.query.q.required')).toMatchObject({
      breaking: false,
      message: '查询参数 q 改为选填',
    });
    expect(at(fields, 'parameters.query.q.description').breaking).toBe(false);
  });

  it('walks a parameter schema: a type changed, an enum value removed from a request break; a value added does not', () => {
    const before = api({
      parameters: [query('kind', { schema: { type: 'string', enum: ['cat', 'dog'] } }), query('n')],
    });
    const after = api({
      parameters: [
        query('kind', { schema: { type: 'string', enum: ['cat', 'bird'] } }),
        query('n', { schema: { type: 'integer' } }),
      ],
    });
    const fields = diff(before, after);
    expect(at(fields, 'parameters.query.kind.schema.enum')).toMatchObject({ breaking: true });
    expect(at(fields, 'parameters.query.kind.schema.enum').message).toContain('删除了枚举值 dog');
    expect(at(fields, 'parameters.query.n.schema.type')).toMatchObject({
      before: 'string',
      after: 'integer',
      breaking: true,
    });
    const widened = diff(
      after,
      api({ parameters: [query('kind', { schema: { type: 'string', enum: ['cat', 'bird', 'fish'] } })] }),
    );
    expect(at(widened, 'parameters.query.kind.schema.enum')).toMatchObject({
      breaking: false,
      message: '查询参数 kind 新增了枚举值 fish',
    });
  });

  it('keys responses by status: a status removed breaks, one added does not', () => {
    const fields = diff(api({ responses: [ok({}), ok({}, '404')] }), api({ responses: [ok({}), ok({}, '201')] }));
    expect(at(fields, 'responses.404')).toMatchObject({ change: 'removed', breaking: true, message: '删除了响应 404' });
    expect(at(fields, 'responses.201')).toMatchObject({ change: 'added', breaking: false });
  });

  it('walks response schemas: a field removed or retyped breaks, a field added does not, nested and in arrays', () => {
    const pet = (props: Record<string, unknown>) => ok(object({ data: { type: 'array', items: object(props) } }));
    const before = api({
      responses: [pet({ id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string' } })],
    });
    const after = api({
      responses: [
        pet({ id: { type: 'string' }, name: { type: 'string', description: '名字' }, age: { type: 'integer' } }),
      ],
    });
    const fields = diff(before, after);
    const id = at(fields, 'responses.200.schema.properties.data.items.properties.id.type');
    expect(id).toMatchObject({ before: 'integer', after: 'string', breaking: true });
    expect(id.message).toBe('响应 200 的字段 data[].id 的类型由 integer 改为 string');
    expect(at(fields, 'responses.200.schema.properties.data.items.properties.tag')).toMatchObject({
      change: 'removed',
      breaking: true,
    });
    expect(at(fields, 'responses.200.schema.properties.data.items.properties.age')).toMatchObject({
      change: 'added',
      breaking: false,
    });
    expect(at(fields, 'responses.200.schema.properties.data.items.properties.name.description').breaking).toBe(false);
  });

  it('by direction: a new enum value in a response breaks readers; a request field removed does not break senders', () => {
    const before = api({
      requestBody: {
        type: 'json',
        mediaType: 'application/json',
        schema: object({ a: { type: 'string' }, b: { type: 'string' } }),
      },
      responses: [ok(object({ state: { type: 'string', enum: ['on', 'off'] } }))],
    });
    const after = api({
      requestBody: { type: 'json', mediaType: 'application/json', schema: object({ a: { type: 'string' } }) },
      responses: [ok(object({ state: { type: 'string', enum: ['on', 'off', 'paused'] } }))],
    });
    const fields = diff(before, after);
    expect(at(fields, 'requestBody.schema.properties.b')).toMatchObject({ change: 'removed', breaking: false });
    expect(at(fields, 'responses.200.schema.properties.state.enum')).toMatchObject({ breaking: true });
  });

  it('a request body field made required, a new required field, a changed body type break; a response field made optional breaks', () => {
    const body = (schema: unknown, type = 'json') => ({ type, mediaType: 'application/json', schema });
    const before = api({
      requestBody: body(object({ a: { type: 'string' } })),
      responses: [ok(object({ id: { type: 'integer' } }, ['id']))],
    });
    const after = api({
      requestBody: body(object({ a: { type: 'string' }, b: { type: 'string' } }, ['a', 'b'])),
      responses: [ok(object({ id: { type: 'integer' } }))],
    });
    const fields = diff(before, after);
    expect(at(fields, 'requestBody.schema.properties.a.required')).toMatchObject({
      before: false,
      after: true,
      breaking: true,
    });
    expect(at(fields, 'requestBody.schema.properties.b')).toMatchObject({ change: 'added', breaking: true });
    expect(at(fields, 'responses.200.schema.properties.id.required')).toMatchObject({ breaking: true });
    const retyped = diff(before, api({ requestBody: body(object({ a: { type: 'string' } }), 'xml') }));
    expect(at(retyped, 'requestBody.type')).toMatchObject({ before: 'json', after: 'xml', breaking: true });
  });

  it('form fields by name, model references, response headers and extras', () => {
    const form = (fields: unknown[]) => ({ type: 'form-data', fields });
    const before = api({
      requestBody: form([{ name: 'file', type: 'file' }]),
      responses: [{ ...ok({ $ref: '#/components/schemas/Pet' }), headers: [{ name: 'X-Rate', required: true }] }],
      extra: { 'x-owner': 'a' },
    });
    const after = api({
      requestBody: form([
        { name: 'file', type: 'string' },
        { name: 'note', type: 'string', required: true },
      ]),
      responses: [ok({ $ref: '#/components/schemas/Dog' })],
      extra: { 'x-owner': 'b' },
    });
    const fields = diff(before, after);
    expect(at(fields, 'requestBody.fields.file.type')).toMatchObject({ breaking: true });
    expect(at(fields, 'requestBody.fields.note')).toMatchObject({ change: 'added', breaking: true });
    expect(at(fields, 'responses.200.schema.$ref')).toMatchObject({
      breaking: true,
      message: '响应 200 引用的模型由 Pet 改为 Dog',
    });
    expect(at(fields, 'responses.200.headers.X-Rate')).toMatchObject({ change: 'removed', breaking: true });
    expect(at(fields, 'extra.x-owner')).toMatchObject({ before: 'a', after: 'b', breaking: false });
  });

  it('every other api field is found: tags, owner, operationId, deprecated, examples, raw body', () => {
    const before = api();
    const after = api({
      tags: ['宠物'],
      ownerId: 7,
      operationId: 'listPets',
      deprecated: true,
      requestBody: { type: 'raw', raw: 'hello', examples: [{ name: 'a', value: 1 }] },
      responses: [
        {
          ...ok({ type: 'object', properties: {} }),
          name: '好',
          description: 'd',
          examples: [{ name: 'x', value: 2 }],
        },
      ],
    });
    const paths = diff(before, after).map((field) => field.path);
    for (const path of [
      'tags',
      'ownerId',
      'operationId',
      'deprecated',
      'requestBody.type',
      'requestBody.raw',
      'requestBody.examples',
      'responses.200.name',
      'responses.200.description',
      'responses.200.examples',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('diffDocs: pages and data models', () => {
  it('a page compares its markdown as a whole', () => {
    expect(diffDocs('page', { markdown: '# 一' }, { markdown: '# 二' })).toEqual([
      {
        path: 'markdown',
        change: 'changed',
        before: '# 一',
        after: '# 二',
        breaking: false,
        message: '修改了文档内容',
      },
    ]);
  });

  it('a data model is read both ways: a field removed, made required or retyped breaks, a field added does not', () => {
    const before = {
      schema: object({ id: { type: 'integer' }, name: { type: 'string' }, old: { type: 'string' } }),
      description: '',
    };
    const after = {
      schema: object({ id: { type: 'integer', format: 'int64' }, name: { type: 'string' }, nick: { type: 'string' } }, [
        'name',
      ]),
      description: '宠物',
    };
    const fields = diffDocs('schema', before as Content, after as Content);
    expect(at(fields, 'schema.properties.old')).toMatchObject({ change: 'removed', breaking: true });
    expect(at(fields, 'schema.properties.nick')).toMatchObject({ change: 'added', breaking: false });
    expect(at(fields, 'schema.properties.name.required')).toMatchObject({
      breaking: true,
      message: '数据模型的字段 name 改为必填',
    });
    expect(at(fields, 'schema.properties.id.format')).toMatchObject({ breaking: true });
    expect(at(fields, 'description')).toMatchObject({ breaking: false });
  });

  it('constraints: narrowing a request breaks, widening it does not', () => {
    const param = (schema: unknown) => api({ parameters: [query('n', { schema })] });
    const narrower = diff(param({ type: 'integer', maximum: 100 }), param({ type: 'integer', maximum: 10 }));
    expect(at(narrower, 'parameters.query.n.schema.maximum')).toMatchObject({ before: 100, after: 10, breaking: true });
    const wider = diff(param({ type: 'integer', maximum: 10 }), param({ type: 'integer', maximum: 100 }));
    expect(at(wider, 'parameters.query.n.schema.maximum').breaking).toBe(false);
  });
});
