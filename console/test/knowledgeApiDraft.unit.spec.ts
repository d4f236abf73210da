import { describe, expect, it } from 'vitest';
import {
  completeApi,
  exampleValue,
  newParameter,
  pathParamNames,
  syncPathParams,
  validateDraft,
} from '../src/knowledge/editor/apiDraft';

describe('path parameters', () => {
  it('are read from the path in order, once each', () => {
    expect(pathParamNames('/projects/{projectId}/docs/{docId}/{projectId}')).toEqual(['projectId', 'docId']);
    expect(pathParamNames('/plain')).toEqual([]);
  });

  it('follow the path: added when typed, kept with their details, dropped unless described', () => {
    const id = { ...newParameter('path', 'id'), description: '用户 ID' };
    const query = newParameter('query', 'page');
    const params = [query, id, newParameter('path', 'old')];
    const synced = syncPathParams(params, '/users/{id}/orders/{orderId}');
    expect(synced.map((p) => [p.in, p.name, p.required])).toEqual([
      ['query', 'page', false],
      ['path', 'id', true],
      ['path', 'orderId', true],
    ]);
    expect(synced[1]).toBe(id);
    expect(syncPathParams(params, '/users').map((p) => p.name)).toEqual(['page', 'id']);
  });

  it('are derived from the path when a document is opened without them, never twice', () => {
    // The tree's new-API dialog stores only method and path.
    expect(completeApi({ method: 'GET', path: '/users/{id}' }).parameters).toEqual([newParameter('path', 'id')]);
    const id = { ...newParameter('path', 'id'), description: '用户 ID' };
    const query = newParameter('query', 'id');
    const opened = completeApi({ path: '/users/{id}/orders/{orderId}', parameters: [query, id] }).parameters;
    expect(opened.map((p) => [p.in, p.name])).toEqual([
      ['query', 'id'],
      ['path', 'id'],
      ['path', 'orderId'],
    ]);
    expect(opened[1]).toBe(id);
    const stored = [newParameter('query', 'page')];
    expect(completeApi({ path: '/users', parameters: stored }).parameters).toBe(stored);
  });
});

describe('validation before a save', () => {
  const draft = (patch: object) => ({
    name: '查询用户',
    api: { ...completeApi({ path: '/users/{id}' }), parameters: [], ...patch },
  });
  const keys = (patch: object, name?: string) =>
    validateDraft({ ...draft(patch), ...(name !== undefined && { name }) }).map((p) => p.key);

  it('passes a complete document', () => {
    expect(validateDraft(draft({ parameters: [newParameter('path', 'id')] }))).toEqual([]);
  });

  it('names a missing name, a path without a leading slash, spaces and broken braces', () => {
    expect(keys({}, ' ')).toEqual(['name_required']);
    expect(keys({ path: 'users' })).toEqual(['path_slash']);
    expect(keys({ path: '/a b' })).toEqual(['path_space']);
    expect(keys({ path: '/a/{id' })).toEqual(['path_braces']);
  });

  it('refuses empty and repeated parameter names per location, and path parameters not in the path', () => {
    const parameters = [
      newParameter('query', 'page'),
      newParameter('query', 'page'),
      newParameter('header', 'page'),
      newParameter('cookie', ''),
      newParameter('path', 'gone'),
    ];
    expect(validateDraft(draft({ path: '/users', parameters }))).toEqual([
      { at: 'parameters.query', key: 'param_duplicate', args: { location: 'query', name: 'page' } },
      { at: 'parameters.cookie', key: 'param_empty', args: { location: 'cookie' } },
      { at: 'parameters.path', key: 'param_not_in_path', args: { name: 'gone' } },
    ]);
  });

  it('checks form fields, body and response schemas, and response statuses', () => {
    const form = { ...completeApi({}).requestBody, type: 'form-data', fields: [{ name: 'f' }, { name: 'f' }] };
    expect(keys({ path: '/', requestBody: form })).toEqual(['field_duplicate']);
    const json = {
      ...completeApi({}).requestBody,
      type: 'json',
      schema: { type: 'object', properties: { '': { type: 'string' } } },
    };
    const responses = [
      { ...completeApi({}).responses[0], status: '2xx' },
      { ...completeApi({}).responses[0], status: '404', schema: { $ref: '' } },
      { ...completeApi({}).responses[0], status: '404' },
    ];
    expect(keys({ path: '/', requestBody: json, responses })).toEqual([
      'schema_empty',
      'status_duplicate',
      'status_invalid',
      'schema_ref',
    ]);
  });
});

it('reads examples as JSON unless the type is a string', () => {
  expect(exampleValue('12', 'integer')).toBe(12);
  expect(exampleValue('12', 'string')).toBe('12');
  expect(exampleValue('abc', 'integer')).toBe('abc');
});

describe('the draft as merge text', () => {
  it('round-trips through the text, and names what is not a draft', async () => {
    const { draftText, parseDraftText } = await import('../src/knowledge/editor/apiDraft');
    const draft = { name: '下单', api: completeApi({ method: 'POST', path: '/orders', extra: { 'x-a': 1 } }) };
    expect(draftText(draft).split('\n')[1]).toBe('  "name": "下单",');
    expect(parseDraftText(draftText(draft))).toEqual({ draft });
    expect(parseDraftText('[1]')).toEqual({ error: 'not_object' });
    expect(parseDraftText('{"path": "/"}')).toEqual({ error: 'no_name' });
    expect(parseDraftText('{')).toHaveProperty('error');
  });
});
