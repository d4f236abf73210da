import { describe, expect, it } from 'vitest';
import {
  applyDocFixes,
  compareFields,
  type FieldUse,
  fieldUsesOf,
  issueIdOf,
  type LibraryField,
  majorityConvention,
  optionsOfReportHash,
  spell,
  type WalkedDoc,
  wordsOf,
} from '../src/domain/fieldCompare/index.js';

const field = (name: string, type: string, extra: Partial<LibraryField> = {}): LibraryField => ({
  dataFieldId: name.length,
  name,
  aliases: [],
  type,
  format: '',
  description: '',
  ...extra,
});

/** A users api: a path and a query parameter, a JSON body, a paged list answer. */
const usersApi = (nodeId = 1, overrides: Record<string, unknown> = {}): WalkedDoc => ({
  projectStructureId: nodeId,
  docName: `用户 ${nodeId}`,
  kind: 'api',
  content: {
    method: 'POST',
    path: '/teams/{teamId}/users',
    parameters: [
      { in: 'path', name: 'teamId', required: true, description: '团队', schema: { type: 'integer' } },
      { in: 'query', name: 'page_size', description: '', schema: { type: 'integer' } },
      { in: 'header', name: 'X-Request-Id', description: '', schema: { type: 'string' } },
    ],
    requestBody: {
      type: 'json',
      schema: {
        type: 'object',
        required: ['userName'],
        properties: { userName: { type: 'string', description: '用户名' }, mobile: { type: 'string' } },
      },
      fields: [],
    },
    responses: [
      {
        status: '200',
        schema: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                list: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      userId: { type: ['string', 'null'], description: '用户编号' },
                      createTime: { type: 'string', format: 'date-time', description: '创建时间' },
                      owner: { $ref: '#/components/schemas/User' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
    ...overrides,
  },
});

describe('walking a document for its field names', () => {
  it('finds parameters and every property of the request and response schemas, with readable places', () => {
    const uses = fieldUsesOf(usersApi());
    const byName = Object.fromEntries(uses.map((use) => [use.name, use])) as Record<string, FieldUse>;
    expect(Object.keys(byName)).toEqual([
      'teamId',
      'page_size',
      'X-Request-Id',
      'userName',
      'mobile',
      'data',
      'list',
      'userId',
      'createTime',
      'owner',
    ]);
    expect(byName.userId).toMatchObject({
      location: '响应 200 › data › list[] › userId',
      pointer: '/responses/0/schema/properties/data/properties/list/items/properties/userId',
      type: 'string',
      description: '用户编号',
      holder: 'property',
    });
    expect(byName.page_size).toMatchObject({ location: '请求参数 query › page_size', pointer: '/parameters/1' });
    expect(byName['X-Request-Id']?.header).toBe(true);
    // A reference to a model says nothing of the type here: the model's document is checked itself.
    expect(byName.owner?.type).toBe('');
  });

  it('walks a data model once and through combinators; a pointer escapes / and ~', () => {
    const model: WalkedDoc = {
      projectStructureId: 9,
      docName: 'User',
      kind: 'schema',
      content: {
        schema: {
          allOf: [
            { properties: { 'a/b': { type: 'string' } } },
            { properties: { tags: { items: { type: 'string' } } } },
          ],
        },
      },
    };
    const uses = fieldUsesOf(model);
    expect(uses.map((use) => [use.name, use.pointer, use.type])).toEqual([
      ['a/b', '/schema/allOf/0/properties/a~1b', 'string'],
      ['tags', '/schema/allOf/1/properties/tags', 'array'],
    ]);
  });
});

describe('naming conventions', () => {
  it('splits and spells names', () => {
    expect(wordsOf('userID')).toEqual(['user', 'id']);
    expect(wordsOf('HTTPServer2')).toEqual(['http', 'server2']);
    expect(spell('user_name', 'camelCase')).toBe('userName');
    expect(spell('createTimeMs', 'snake_case')).toBe('create_time_ms');
    expect(spell('UserId', 'camelCase')).toBe('userId');
  });

  it('tells the majority by distinctive names only (one-word names fit both)', () => {
    expect(majorityConvention(['id', 'name', 'userName', 'createTime', 'page_size'])).toBe('camelCase');
    expect(majorityConvention(['id', 'user_name', 'create_time', 'pageSize'])).toBe('snake_case');
    expect(majorityConvention(['id', 'name', 'x-token'])).toBe('none');
  });
});

describe('comparing documents with the library', () => {
  const library = [
    field('userId', 'integer', { format: 'int64', description: '用户编号' }),
    field('phone', 'string', { aliases: ['mobile'], description: '手机号' }),
    field('createTime', 'string', { format: 'date-time', description: '创建时间' }),
    field('userName', 'string', { description: '用户的登录名' }),
  ];

  it('reports type, description and naming findings with stable ids and fixes', () => {
    const report = compareFields([usersApi()], library, { convention: 'auto', minUses: 3 });
    expect(report.convention).toBe('camelCase');
    const kinds = report.issues.map((issue) => [issue.kind, issue.fieldName]);
    expect(kinds).toEqual([
      ['type', 'userId'],
      ['naming', 'page_size'],
      ['descriptionMissing', 'mobile'],
      ['descriptionDiffers', 'userName'],
    ]);
    const typeIssue = report.issues[0]!;
    expect(typeIssue.message).toBe('字段 userId 在字段库中是 integer，这里是 string');
    expect(typeIssue.fixes).toEqual(['useLibrary']);
    expect(typeIssue.issueId).toBe(issueIdOf('type', 1, typeIssue.uses[0]!.pointer, 'userId'));
    expect(report.issues[1]?.expected?.name).toBe('pageSize');
    // `mobile` is the alias of phone: the library's description applies.
    expect(report.issues[2]?.expected?.name).toBe('phone');
    expect(report.counts).toMatchObject({ type: 1, naming: 1, descriptionMissing: 1, descriptionDiffers: 1 });
    // The same documents and library give the same hash; a changed library field another.
    const again = compareFields([usersApi()], library, { convention: 'auto', minUses: 3 });
    expect(again.reportHash).toBe(report.reportHash);
    const changed = compareFields([usersApi()], [...library.slice(0, 3), field('userName', 'string')], {
      convention: 'auto',
      minUses: 3,
    });
    expect(changed.reportHash).not.toBe(report.reportHash);
    // The hash carries the options the report was made with.
    expect(optionsOfReportHash(report.reportHash)).toEqual({ convention: 'camelCase', minUses: 3 });
    expect(optionsOfReportHash('nope')).toBeNull();
  });

  it('matches a name spelt by another convention (user_id is userId) and checks formats', () => {
    const doc = usersApi(2, {
      parameters: [{ in: 'query', name: 'user_id', description: '用户编号', schema: { type: 'integer' } }],
      requestBody: { type: 'none', fields: [] },
      responses: [],
    });
    const report = compareFields([doc], library, { convention: 'none', minUses: 3 });
    expect(report.issues.map((issue) => [issue.kind, issue.message])).toEqual([
      ['format', '字段 user_id 在字段库中的格式是 int64，这里是 空'],
    ]);
    // A leading underscore makes another name: MongoDB's `_id` is not the library's `id`.
    const mongo = usersApi(3, {
      parameters: [{ in: 'query', name: '_id', schema: { type: 'string' } }],
      responses: [],
    });
    const withId = [...library, field('id', 'integer')];
    expect(compareFields([mongo], withId, { convention: 'none', minUses: 3 }).counts.type).toBe(0);
  });

  it('reports a name the library lacks once it is used in minUses documents, with the most used type', () => {
    const docs = [1, 2, 3].map((id) =>
      usersApi(id, {
        parameters: [],
        requestBody: { type: 'none', fields: [] },
        responses: [
          {
            status: '200',
            schema: { properties: { orderNo: { type: id === 3 ? 'integer' : 'string', description: '订单号' } } },
          },
        ],
      }),
    );
    const report = compareFields(docs, library, { convention: 'camelCase', minUses: 3 });
    const missing = report.issues.find((issue) => issue.kind === 'missing');
    expect(missing).toMatchObject({
      fieldName: 'orderNo',
      useCount: 3,
      actual: { name: 'orderNo', type: 'string', description: '订单号' },
      expected: null,
      fixes: ['addToLibrary'],
    });
    expect(missing?.uses).toHaveLength(3);
    expect(compareFields(docs, library, { convention: 'camelCase', minUses: 4 }).counts.missing).toBe(0);
  });
});

describe('applying fixes to a document', () => {
  const library = [
    field('userId', 'integer', { format: 'int64', description: '用户编号' }),
    field('phone', 'string', { aliases: ['mobile'], description: '手机号' }),
  ];

  it('takes the library type (keeping null), fills descriptions, renames keys, required and path parameters', () => {
    const doc = usersApi(1, {
      requestBody: {
        type: 'json',
        schema: {
          type: 'object',
          required: ['user_info'],
          properties: {
            user_info: { type: 'object', properties: { nick_name: { type: 'string' }, mobile: { type: 'string' } } },
          },
        },
        fields: [],
      },
      path: '/teams/{team_id}/users',
      parameters: [{ in: 'path', name: 'team_id', required: true, schema: { type: 'integer' } }],
    });
    const report = compareFields([doc], library, { convention: 'camelCase', minUses: 3 });
    const fixes = report.issues
      .filter((issue) => issue.kind !== 'missing')
      .map((issue) => ({ issue, action: issue.fixes[0] as 'useLibrary' | 'rename' }));
    const result = applyDocFixes(doc.content, fixes);
    expect(result.skipped).toEqual([]);
    expect(result.applied).toHaveLength(fixes.length);
    const content = result.content as Record<string, any>;
    expect(content.path).toBe('/teams/{teamId}/users');
    expect(content.parameters[0].name).toBe('teamId');
    const body = content.requestBody.schema;
    expect(body.required).toEqual(['userInfo']);
    expect(Object.keys(body.properties.userInfo.properties)).toEqual(['nickName', 'mobile']);
    expect(body.properties.userInfo.properties.mobile.description).toBe('手机号');
    const item = content.responses[0].schema.properties.data.properties.list.items.properties;
    expect(item.userId).toEqual({ type: ['integer', 'null'], format: 'int64', description: '用户编号' });
    // The input is not touched.
    expect((doc.content.parameters as { name: string }[])[0]?.name).toBe('team_id');
    // Fixed, the document has no such findings left.
    const after = compareFields([{ ...doc, content: result.content }], library, {
      convention: 'camelCase',
      minUses: 3,
    });
    expect(after.issues.filter((issue) => issue.kind !== 'missing')).toEqual([]);
  });

  it('fixes form fields (type, description, name) and a data model, and offers no type fix a form cannot take', () => {
    const form = usersApi(7, {
      parameters: [],
      requestBody: {
        type: 'form-data',
        fields: [
          { name: 'user_id', type: 'string', description: '' },
          { name: 'avatar', type: 'file', description: '头像' },
          { name: 'profile', type: 'string', description: '资料' },
        ],
      },
      responses: [],
    });
    const model: WalkedDoc = {
      projectStructureId: 8,
      docName: 'User',
      kind: 'schema',
      content: { schema: { type: 'object', properties: { userId: { type: 'string' } } } },
    };
    const withObject = [...library, field('profile', 'object')];
    const report = compareFields([form, model], withObject, { convention: 'camelCase', minUses: 3 });
    const at = (node: number) => report.issues.filter((issue) => issue.uses[0]?.projectStructureId === node);
    expect(at(7).map((issue) => [issue.kind, issue.fieldName, issue.fixes])).toEqual([
      ['type', 'user_id', ['useLibrary']],
      ['type', 'profile', []],
      ['naming', 'user_id', ['rename']],
      ['descriptionMissing', 'user_id', ['useLibrary']],
    ]);
    // A file field has no type to compare.
    expect(at(7).some((issue) => issue.fieldName === 'avatar')).toBe(false);
    const fixes = at(7)
      .filter((issue) => issue.fixes.length > 0)
      .map((issue) => ({ issue, action: issue.fixes[0] as 'useLibrary' | 'rename' }));
    const fixed = applyDocFixes(form.content, fixes).content as { requestBody: { fields: unknown[] } };
    expect(fixed.requestBody.fields[0]).toEqual({
      name: 'userId',
      type: 'integer',
      description: '用户编号',
      schema: { format: 'int64' },
    });
    const modelFix = at(8).map((issue) => ({ issue, action: 'useLibrary' as const }));
    expect(modelFix.map(({ issue }) => [issue.kind, issue.uses[0]?.location])).toEqual([
      ['type', '数据模型 › userId'],
      ['descriptionMissing', '数据模型 › userId'],
    ]);
    expect(applyDocFixes(model.content, modelFix).content).toEqual({
      schema: { type: 'object', properties: { userId: { type: 'integer', format: 'int64', description: '用户编号' } } },
    });
  });

  it('skips a rename onto a name the object already has', () => {
    const doc: WalkedDoc = {
      projectStructureId: 5,
      docName: 'M',
      kind: 'schema',
      content: { schema: { properties: { user_name: { type: 'string' }, userName: { type: 'string' } } } },
    };
    const report = compareFields([doc], [], { convention: 'camelCase', minUses: 3 });
    const naming = report.issues.filter((issue) => issue.kind === 'naming');
    const result = applyDocFixes(doc.content, [{ issue: naming[0]!, action: 'rename' }]);
    expect(result.skipped).toEqual([{ issueId: naming[0]?.issueId, msg: '已有同名字段 userName' }]);
  });
});
