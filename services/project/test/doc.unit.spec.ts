import { DomainError, fold } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { docDecider, docMessages, SaveConflictError } from '../src/domain/doc/businessLogic.js';
import { checkContent, emptyContent } from '../src/domain/doc/content.js';
import type { DocEvent } from '../src/domain/doc/doc.js';

const spec = deciderSpec(docDecider);
const ALICE = 1;
const BOB = 2;
const meta = (actorId = ALICE, now = 1_000) => ({ metadata: { actorId, now } });
const api = emptyContent('api', { method: 'POST', path: '/users' });
const created: DocEvent = {
  type: 'DocCreated',
  data: {
    docId: 9,
    projectId: 5,
    nodeId: 3,
    kind: 'api',
    content: api,
    sourceDocId: 0,
    createdBy: ALICE,
    createdAt: 500,
  },
};
const savedByBob: DocEvent = {
  type: 'DocSaved',
  data: {
    version: 2,
    baseVersion: 1,
    changes: [{ field: 'path', before: '/users', after: '/members' }],
    content: { ...api, path: '/members' },
    savedBy: BOB,
    savedAt: 800,
  },
};
const save = (baseVersion: number, content: unknown, actorId = ALICE) =>
  ({ type: 'SaveDoc', data: { baseVersion, content, models: new Set(['User']) }, ...meta(actorId) }) as const;
const schema = (value: unknown) => ({ ...api, responses: [{ status: '200', schema: value }] });

describe('a document', () => {
  it('saves on its version, naming the top-level fields it changed', () => {
    spec
      .given([created])
      .when(save(1, { ...api, path: '/users/{id}', status: 'developing' }))
      .then([
        {
          type: 'DocSaved',
          data: {
            version: 2,
            baseVersion: 1,
            changes: [
              { field: 'path', before: '/users', after: '/users/{id}' },
              { field: 'status', before: 'designing', after: 'developing' },
            ],
            content: { ...api, path: '/users/{id}', status: 'developing' },
            savedBy: ALICE,
            savedAt: 1_000,
          },
        },
      ]);
  });

  it('refuses a save based on an older version, carrying the newer document and who saved it', () => {
    const run = () =>
      docDecider.decide(save(1, { ...api, description: 'mine' }), fold(docDecider, [created, savedByBob]));
    expect(run).toThrow(SaveConflictError);
    try {
      run();
    } catch (error) {
      const { current } = error as SaveConflictError;
      expect(current).toMatchObject({ version: 2, updatedBy: BOB, updatedAt: 800, content: { path: '/members' } });
    }
  });

  it('accepts a save of what is already there whatever its base, appending nothing', () => {
    spec
      .given([created, savedByBob])
      .when(save(1, { ...api, path: '/members' }))
      .then([]);
  });

  it('is gone once deleted', () => {
    spec
      .given([created, { type: 'DocDeleted', data: { deletedBy: ALICE, deletedAt: 900 } }])
      .when(save(1, api))
      .thenThrows(DomainError, docMessages.notFound);
  });

  it('links a task once and unlinks it', () => {
    const link = { taskProjectId: 70, taskId: 71 };
    const linked: DocEvent = { type: 'DocTaskLinked', data: { ...link, linkedBy: ALICE } };
    spec
      .given([created])
      .when({ type: 'LinkTask', data: link, ...meta() })
      .then([linked]);
    spec
      .given([created, linked])
      .when({ type: 'LinkTask', data: link, ...meta() })
      .then([]);
    spec
      .given([created, linked])
      .when({ type: 'UnlinkTask', data: link, ...meta(BOB) })
      .then([{ type: 'DocTaskUnlinked', data: { ...link, unlinkedBy: BOB } }]);
    expect(fold(docDecider, [created, linked])).toMatchObject({ links: [link] });
  });

  it.each([
    ['a method that is not an HTTP method', { ...api, method: 'FETCH' }, /请求方法只能是/],
    ['a lower-case method', { ...api, method: 'get' }, /请求方法只能是/],
    ['a path without a leading slash', { ...api, path: 'users' }, /必须以 \/ 开头/],
    ['a path with a space', { ...api, path: '/a b' }, /接口路径不正确/],
    ['an unclosed path parameter', { ...api, path: '/users/{id' }, /接口路径不正确/],
    ['an empty path parameter', { ...api, path: '/users/{}' }, /接口路径不正确/],
    ['a nested path parameter', { ...api, path: '/users/{{id}}' }, /接口路径不正确/],
    ['an unknown status', { ...api, status: 'done' }, /状态只能是/],
    ['a schema with a wrong type', schema({ type: 'strin' }), /JSON Schema 不正确/],
    ['a schema that is not an object', schema([1]), /JSON Schema 不正确/],
    ['a schema with a bad pattern', schema({ type: 'string', pattern: '([' }), /不是正则表达式/],
    ['a local $ref to nothing', schema({ $ref: '#/$defs/nothing' }), /不存在/],
    ['a $ref to an unknown model', schema({ $ref: '#/components/schemas/Ghost' }), /数据模型「Ghost」不存在/],
    ['a response status that is not one', { ...api, responses: [{ status: '99' }] }, /状态码/],
    ['a parameter without a name', { ...api, parameters: [{ in: 'query', name: ' ' }] }, /没有名称/],
    ['a parameter in the body', { ...api, parameters: [{ in: 'body', name: 'x' }] }, /参数位置/],
    ['tags that are not a list', { ...api, tags: 'a' }, /tags 必须是列表/],
    ['a document that is not an object', 'text', /必须是一个对象/],
  ])('refuses %s with a message', (_what, content, message) => {
    expect(() => checkContent('api', content, new Set(['User']))).toThrow(message);
    spec.given([created]).when(save(1, content)).thenThrows(DomainError);
  });

  it('accepts nested JSON Schemas with model references, keeping OpenAPI keywords', () => {
    const body = {
      type: 'object',
      required: ['user'],
      properties: {
        user: { $ref: '#/components/schemas/User' },
        tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } },
        meta: { $ref: '#/$defs/meta' },
      },
      $defs: { meta: { type: 'object', additionalProperties: { type: 'integer', format: 'int64' } } },
      example: { user: {} },
    };
    const content = checkContent(
      'api',
      { ...api, path: '/users/{userId}/posts/{post_id}', requestBody: { type: 'json', schema: body } },
      new Set(['User']),
    );
    expect(content.requestBody).toMatchObject({ type: 'json', schema: body, fields: [], raw: '' });
  });

  it('bounds a document at 5 MB: a page just over is refused, just under kept', () => {
    const limit = 5 * 1024 * 1024;
    expect(() => checkContent('page', { markdown: 'a'.repeat(limit + 1) })).toThrow(/5 MB/);
    expect(() => checkContent('page', { markdown: '中'.repeat(Math.ceil(limit / 3) + 1) })).toThrow(/5 MB/);
    expect(checkContent('page', { markdown: 'a'.repeat(limit - 100) }).markdown).toHaveLength(limit - 100);
    expect(() => checkContent('api', { ...api, description: 'a'.repeat(limit) })).toThrow(/5 MB/);
  });

  it('fills absent fields, so a partial document is still whole, and refuses unknown ones', () => {
    expect(() => checkContent('schema', { description: '用户', junk: 1 })).toThrow('数据模型没有这些字段：junk');
    expect(() => checkContent('api', { markdown: '# 页面' })).toThrow('接口文档没有这些字段：markdown');
    const content = checkContent('schema', { description: '用户' });
    expect(content).toEqual({ schema: { type: 'object', properties: {} }, description: '用户' });
    expect(checkContent('api', { method: 'DELETE', path: '/x' })).toMatchObject({
      status: 'designing',
      parameters: [],
    });
  });
});
