import type { ApiDoc, DataField, MockExpectation } from '@pmbok/api-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowsToSchema, schemaToRows } from '../src/knowledge/editor/schemaRows';
import { draftProblems, fromDrafts, move, newDraft, sameDrafts, toDraft } from '../src/knowledge/mock/expectationDraft';
import { paramLinePatch, schemaRowPatch, withLibraryKeywords } from '../src/knowledge/mock/fieldSuggest';
import { mockTokenHeader, prettyBody, rankSuggestions, sendMock } from '../src/knowledge/mock/mockApi';
import { MOCK_ENVIRONMENT_ID, mockEnvironment } from '../src/knowledge/mock/mockEnvironment';
import { parseHeaderLines, tryRequest } from '../src/knowledge/mock/TryPanel';
import { renderSnippet, snippetRequest } from '../src/knowledge/workspace/snippets';

const expectation = (extra: Partial<MockExpectation> = {}): MockExpectation => ({
  id: 'x1',
  name: 'id 为 0 时 404',
  enabled: true,
  conditions: [{ source: 'query', name: 'id', operator: 'equals', value: '0' }],
  response: {
    status: 404,
    headers: [{ name: 'X-Reason', value: 'gone' }],
    bodyType: 'example',
    body: { code: 404, msg: '宠物不存在' },
    text: '',
    delayMs: 0,
  },
  ...extra,
});

const field = (extra: Partial<DataField> = {}): DataField => ({
  dataFieldId: 1,
  scope: 'project',
  projectId: 7,
  teamId: 1,
  name: 'mobile',
  aliases: ['phone'],
  type: 'string',
  format: '',
  description: '手机号',
  example: '13800138000',
  enum: [],
  mockRule: '@phone',
  inherited: false,
  uses: 3,
  updatedBy: 1,
  updatedByName: '张三',
  createTime: 0,
  updateTime: 0,
  ...extra,
});

describe('expectation drafts', () => {
  it('round-trips a saved expectation unchanged', () => {
    const saved = [
      expectation(),
      expectation({
        id: 'x2',
        name: '模板',
        response: { ...expectation().response, bodyType: 'template', body: { 'list|1-3': [{ 'id|+1': 1 }] } },
      }),
    ];
    expect(fromDrafts(saved.map(toDraft))).toEqual(saved);
  });

  it('keeps a schema body as the schema and a text body as the text, and clears the value of exists', () => {
    const draft = {
      ...newDraft('新'),
      bodyType: 'schema' as const,
      schema: { type: 'object', properties: { id: { type: 'integer' } } },
      conditions: [{ source: 'header' as const, name: 'X-Debug', operator: 'exists' as const, value: 'leftover' }],
    };
    const [out] = fromDrafts([draft]);
    expect(out?.response.body).toEqual(draft.schema);
    expect(out?.conditions[0]?.value).toBe('');
    const [text] = fromDrafts([{ ...draft, bodyType: 'text', text: 'pong' }]);
    expect(text?.response).toMatchObject({ body: null, text: 'pong' });
  });

  it('finds every problem the service would refuse, naming the field', () => {
    const draft = {
      ...newDraft(''),
      status: '700',
      delayMs: '20000',
      bodyText: '{"a":',
      conditions: [
        { source: 'query' as const, name: '', operator: 'equals' as const, value: '' },
        { source: 'query' as const, name: 'q', operator: 'matches' as const, value: '([a-z' },
        { source: 'query' as const, name: 'n', operator: 'greaterThan' as const, value: 'ten' },
        { source: 'query' as const, name: 'r', operator: 'matches' as const, value: 'a'.repeat(201) },
      ],
      headers: [{ name: '', value: 'orphan' }],
    };
    const problems = draftProblems([draft]).map((p) => `${p.field}:${p.key}`);
    expect(problems).toEqual([
      'name:name_empty',
      'status:status',
      'delayMs:delay',
      'conditions.0.name:condition_name',
      'conditions.1.value:regex',
      'conditions.2.value:number',
      'conditions.3.value:regex_long',
      'headers.0.name:header_name',
      'body:body_json',
    ]);
    expect(draftProblems([toDraft(expectation())])).toEqual([]);
    expect(draftProblems(Array.from({ length: 51 }, () => toDraft(expectation())))[0]?.key).toBe('too_many');
  });

  it('moves an item up and down and ignores a move past either end', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    const list = ['a', 'b'];
    expect(move(list, 0, -1)).toBe(list);
    expect(move(list, 1, 1)).toBe(list);
  });

  it('compares drafts without the editor keys', () => {
    const a = [toDraft(expectation())];
    const b = [toDraft(expectation())];
    expect(a[0]?.key).not.toBe(b[0]?.key);
    expect(sameDrafts(a, b)).toBe(true);
    expect(sameDrafts(a, [{ ...b[0]!, enabled: false }])).toBe(false);
  });
});

describe('the mock as a snippet environment', () => {
  const api: ApiDoc = {
    method: 'GET',
    path: '/pets/{id}',
    status: 'released',
    tags: [],
    ownerId: 1,
    description: '',
    operationId: '',
    deprecated: false,
    parameters: [
      {
        in: 'path',
        name: 'id',
        required: true,
        description: '',
        schema: { type: 'integer' },
        example: 0,
        deprecated: false,
        extra: {},
      },
    ],
    requestBody: {
      type: 'none',
      mediaType: '',
      required: false,
      description: '',
      schema: {},
      fields: [],
      raw: '',
      examples: [],
      extra: {},
    },
    responses: [],
    extra: {},
  };

  it('calls the mock base URL with the token header when the mock wants one', () => {
    const env = mockEnvironment(
      7,
      { access: 'token', token: 'tok_abc', basePath: '/mock/7' },
      'https://pm.example.com',
    );
    expect(env.projectConfigId).toBe(MOCK_ENVIRONMENT_ID);
    const request = snippetRequest(api, env);
    expect(request.url).toBe('https://pm.example.com/mock/7/pets/0');
    expect(request.headers).toEqual([['X-Mock-Token', 'tok_abc']]);
    expect(renderSnippet('curl', request)).toContain("--header 'X-Mock-Token: tok_abc'");
  });

  it('sends no token to a public mock, nor for a reader who was given none', () => {
    expect(mockTokenHeader({ access: 'public', token: 'tok_abc' })).toEqual([]);
    expect(mockTokenHeader({ access: 'token', token: '' })).toEqual([]);
    const env = mockEnvironment(7, { access: 'public', token: '', basePath: '' }, 'http://localhost:3000');
    expect(env.baseUrl).toBe('http://localhost:3000/mock/7');
    expect(env.headers).toEqual([]);
  });
});

describe('the try panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads header lines, a line without a colon being a header with no value', () => {
    expect(parseHeaderLines('X-Mock-Token: a:b\n\n  Accept :application/json \nX-Empty')).toEqual([
      ['X-Mock-Token', 'a:b'],
      ['Accept', 'application/json'],
      ['X-Empty', ''],
    ]);
  });

  it('offers a form body as URL-encoded text without the files, and other bodies as they are', () => {
    const form = tryRequest({
      method: 'POST',
      url: 'http://x/mock/7/upload',
      headers: [['X-Mock-Token', 't']],
      body: null,
      form: [
        { name: 'title', value: '头像 1', file: false },
        { name: 'file', value: 'file', file: true },
      ],
      formKind: 'multipart',
    });
    expect(form).toEqual({
      headers: [
        ['X-Mock-Token', 't'],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
      body: 'title=%E5%A4%B4%E5%83%8F+1',
    });
    const json = { method: 'POST', url: 'u', headers: [], body: '{"a":1}', form: null, formKind: null } as const;
    expect(tryRequest({ ...json, headers: [['Content-Type', 'application/json']] })).toEqual({
      headers: [['Content-Type', 'application/json']],
      body: '{"a":1}',
    });
  });

  it('shows what the mock answered: status, headers, where the body came from, time and the body re-indented', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('{"id":1,"name":"张伟"}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-pmbok-mock': 'generated' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    let clock = 100;
    const reply = await sendMock(
      {
        method: 'get',
        url: 'http://x/mock/7/pets/1',
        headers: [
          ['X-Mock-Token', 't'],
          [' ', 'ignored'],
        ],
        body: '{}',
      },
      () => (clock += 12),
    );
    expect(fetch).toHaveBeenCalledWith('http://x/mock/7/pets/1', {
      method: 'GET',
      headers: [['X-Mock-Token', 't']],
      body: undefined,
      credentials: 'omit',
    });
    expect(reply).toMatchObject({ status: 200, source: 'generated', error: '', ms: 12 });
    expect(reply.pretty).toBe('{\n  "id": 1,\n  "name": "张伟"\n}');
    expect(reply.headers).toContainEqual(['content-type', 'application/json']);
  });

  it('answers a network failure as status 0 with the reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const reply = await sendMock({ method: 'POST', url: 'http://x', headers: [], body: 'a' });
    expect(reply).toMatchObject({ status: 0, error: 'network', body: 'Failed to fetch' });
    expect(prettyBody('not json')).toBe('not json');
  });
});

describe('field suggestions', () => {
  it('ranks the exact name, then prefixes, then aliases, then the rest as found', () => {
    const fields = [
      field({ dataFieldId: 1, name: 'userMobile', aliases: [] }),
      field({ dataFieldId: 2, name: 'telephone', aliases: ['mobilePhone'] }),
      field({ dataFieldId: 3, name: 'mobileArea', aliases: [] }),
      field({ dataFieldId: 4, name: 'mobile', aliases: [] }),
    ];
    expect(rankSuggestions(fields, 'Mobile').map((f) => f.dataFieldId)).toEqual([4, 3, 2, 1]);
  });

  it('fills a schema row with the type, format, description, enum and the x-mock rule', () => {
    const root = schemaToRows({ type: 'object', properties: { mob: { type: 'integer', minLength: 1 } } });
    const row = root.children[0]!;
    const picked = field({ type: 'string', format: 'phone', enum: ['13800138000', '13900139000'] });
    const patched = { ...root, children: [{ ...row, ...schemaRowPatch(picked, row.source) }] };
    expect(rowsToSchema(patched)).toEqual({
      type: 'object',
      properties: {
        mobile: {
          type: 'string',
          minLength: 1,
          format: 'phone',
          description: '手机号',
          enum: ['13800138000', '13900139000'],
          'x-mock': '@phone',
        },
      },
    });
  });

  it('fills a parameter line, keeping a type the table does not offer, and writes format and rule into the schema', () => {
    const patch = paramLinePatch(field({ type: 'object' }), ['string', 'integer']);
    expect(patch).not.toHaveProperty('type');
    expect(paramLinePatch(field(), ['string'])).toMatchObject({ name: 'mobile', type: 'string', mockRule: '@phone' });
    expect(withLibraryKeywords({ type: 'string' }, { format: 'email', mockRule: '@email' })).toEqual({
      type: 'string',
      format: 'email',
      'x-mock': '@email',
    });
    expect(withLibraryKeywords({ type: 'string', format: 'uri' }, {})).toEqual({ type: 'string', format: 'uri' });
  });
});
