import type { MockApi, MockIndex } from '@pmbok/project-service/mock-index';
import { describe, expect, it } from 'vitest';
import {
  chooseExpectation,
  defaultResponse,
  type MockRequest,
  overridesOf,
  responseForStatus,
} from '../../src/mock/server/choose.js';
import { MockIndexCache, type MockIndexSource } from '../../src/mock/server/indexCache.js';
import { compileRouter, editDistance } from '../../src/mock/server/router.js';

const api = (method: string, path: string, extra: Partial<MockApi> = {}): MockApi => ({
  projectStructureId: 1,
  name: `${method} ${path}`,
  method,
  path,
  parameters: [],
  requestBody: { type: 'none', mediaType: '', required: false, schema: null, fields: [] },
  responses: [],
  expectations: [],
  ...extra,
});

describe('mock routing', () => {
  const apis = [
    api('GET', '/pets/{petId}'),
    api('GET', '/pets/mine'),
    api('DELETE', '/pets/{petId}'),
    api('GET', '/files/{name}'),
    api('GET', '/files/{name}.json'),
    api('POST', '/pets'),
    api('GET', '/users/{userId}/orders/{orderId}'),
  ];
  const router = compileRouter(apis);

  it('prefers a literal segment, then a segment with text, then a parameter', () => {
    expect(router.match('GET', '/pets/mine')).toEqual({ kind: 'found', api: 1, params: {} });
    expect(router.match('GET', '/pets/12')).toEqual({ kind: 'found', api: 0, params: { petId: '12' } });
    expect(router.match('GET', '/files/a.json')).toEqual({ kind: 'found', api: 4, params: { name: 'a' } });
    expect(router.match('GET', '/files/a.txt')).toEqual({ kind: 'found', api: 3, params: { name: 'a.txt' } });
    expect(router.match('GET', '/users/7/orders/9')).toMatchObject({ params: { userId: '7', orderId: '9' } });
  });

  it('decodes segments, answers HEAD with GET, and lists the allowed methods of a path', () => {
    expect(router.match('GET', '/pets/%E5%B0%8F%E7%8B%97')).toMatchObject({ params: { petId: '小狗' } });
    expect(router.match('HEAD', '/pets/3')).toMatchObject({ kind: 'found', api: 0 });
    expect(router.match('PUT', '/pets/3')).toEqual({ kind: 'method', allow: ['DELETE', 'GET', 'HEAD', 'OPTIONS'] });
    expect(router.match('GET', '/nothing')).toEqual({ kind: 'none' });
    expect(router.match('GET', '/pets/mine/')).toMatchObject({ kind: 'found', api: 1 });
  });

  it('names the nearest documented paths', () => {
    expect(router.nearest('/pet/1', 2).map((n) => n.path)).toEqual(['/pets', '/pets/mine']);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

const request = (extra: Partial<MockRequest> = {}): MockRequest => ({
  method: 'GET',
  params: {},
  query: {},
  headers: {},
  body: undefined,
  bodyKind: 'none',
  ...extra,
});

describe('mock answer choice', () => {
  const response = (status: string) => ({
    status,
    name: '',
    mediaType: 'application/json',
    schema: null,
    headers: [],
    examples: [],
  });

  it('takes the lowest 2XX, else the first; a status by exact code, its class, or default', () => {
    const a = api('GET', '/', {
      responses: [response('404'), response('201'), response('200'), response('4XX'), response('default')],
    });
    expect(defaultResponse(a)?.status).toBe('200');
    expect(defaultResponse(api('GET', '/', { responses: [response('500'), response('404')] }))?.status).toBe('500');
    expect(responseForStatus(a, '404')?.status).toBe('404');
    expect(responseForStatus(a, '409')?.status).toBe('4XX');
    expect(responseForStatus(a, '503')?.status).toBe('default');
  });

  it('reads the overrides from __ parameters and Prism’s Prefer header', () => {
    expect(overridesOf(request({ query: { __status: '404', __seed: '7' } }))).toEqual({
      status: '404',
      dynamic: false,
      seed: 7,
    });
    expect(overridesOf(request({ headers: { prefer: 'code=201, example="two words", dynamic=true' } }))).toEqual({
      status: '201',
      example: 'two words',
      dynamic: true,
    });
  });

  it('takes the first enabled expectation whose conditions all hold', () => {
    const expectation = (id: string, enabled: boolean, conditions: MockApi['expectations'][number]['conditions']) => ({
      id,
      name: id,
      enabled,
      conditions,
      response: { status: 200, headers: [], bodyType: 'example' as const, body: null, text: '', delayMs: 0 },
    });
    const a = api('POST', '/orders/{id}', {
      expectations: [
        expectation('off', false, []),
        expectation('zero', true, [{ source: 'path', name: 'id', operator: 'equals', value: '0' }]),
        expectation('vip', true, [
          { source: 'body', name: 'user.level', operator: 'greaterThan', value: '3' },
          { source: 'header', name: 'X-Channel', operator: 'in', value: 'app, web' },
        ]),
        expectation('sku', true, [{ source: 'body', name: 'items.0.sku', operator: 'matches', value: '^A\\d+$' }]),
        expectation('any', true, [{ source: 'query', name: 'debug', operator: 'notExists', value: '' }]),
      ],
    });
    const regex = (source: string) => new RegExp(source);
    const choose = (r: Partial<MockRequest>) => chooseExpectation(a, request(r), regex)?.id;
    expect(choose({ params: { id: '0' } })).toBe('zero');
    expect(choose({ params: { id: '1' }, body: { user: { level: 5 } }, headers: { 'x-channel': 'web' } })).toBe('vip');
    expect(choose({ params: { id: '1' }, body: { user: { level: 5 } }, headers: { 'x-channel': 'tv' } })).toBe('any');
    expect(choose({ params: { id: '1' }, body: { items: [{ sku: 'A12' }] }, query: { debug: '1' } })).toBe('sku');
    expect(choose({ params: { id: '1' }, query: { debug: '1' } })).toBeUndefined();
  });
});

describe('mock index cache', () => {
  const index = (revision: string): MockIndex => ({
    projectId: 1,
    revision,
    access: 'public',
    token: '',
    validateRequests: true,
    apis: [],
    models: {},
    fields: [],
  });

  /** A source whose answers the test releases one by one. */
  function slowSource() {
    const calls: { known: string; release: (revision: string | null) => void }[] = [];
    const source: MockIndexSource = {
      fetch: (_projectId, known) =>
        new Promise((resolve) => {
          calls.push({
            known,
            release: (revision) => {
              if (revision === null) return resolve({ found: false });
              if (revision === known) return resolve({ found: true, unchanged: true });
              resolve({ found: true, unchanged: false, index: index(revision) });
            },
          });
        }),
    };
    return { source, calls };
  }

  it('runs one fetch per project for concurrent requests and keeps the answer', async () => {
    const { source, calls } = slowSource();
    let compiled = 0;
    const cache = new MockIndexCache(source, (i) => ({ revision: i.revision, n: ++compiled }));
    const a = cache.get(1);
    const b = cache.get(1);
    expect(calls).toHaveLength(1);
    calls[0]?.release('r1');
    expect(await a).toBe(await b);
    expect(await cache.get(1)).toMatchObject({ revision: 'r1' });
    expect(calls).toHaveLength(1);
  });

  it('asks again with the known revision after a drop, and compiles only a changed index', async () => {
    const { source, calls } = slowSource();
    let compiled = 0;
    const cache = new MockIndexCache(source, (i) => ({ revision: i.revision, n: ++compiled }));
    const first = cache.get(1);
    calls[0]?.release('r1');
    await first;
    cache.drop(1);
    const same = cache.get(1);
    expect(calls[1]?.known).toBe('r1');
    calls[1]?.release('r1');
    expect(await same).toMatchObject({ revision: 'r1', n: 1 });
    cache.drop(1);
    const changed = cache.get(1);
    calls[2]?.release('r2');
    expect(await changed).toMatchObject({ revision: 'r2', n: 2 });
  });

  it('never stores a fetch that started before a drop as fresh', async () => {
    const { source, calls } = slowSource();
    const cache = new MockIndexCache(source, (i) => ({ revision: i.revision }));
    const before = cache.get(1);
    cache.drop(1); // the project changed while the first fetch was on its way
    const after = cache.get(1);
    expect(calls).toHaveLength(2);
    calls[1]?.release('r2');
    calls[0]?.release('r1'); // the stale answer arrives last
    expect(await after).toMatchObject({ revision: 'r2' });
    await before;
    // The later fetch's index stays, fresh: no more calls.
    expect(await cache.get(1)).toMatchObject({ revision: 'r2' });
    expect(calls).toHaveLength(2);
  });

  it('keeps an unknown project as missing for a while, and serves the last index while the service is away', async () => {
    let now = 0;
    let fail = false;
    let fetches = 0;
    const source: MockIndexSource = {
      fetch: async (projectId) => {
        fetches += 1;
        if (fail) throw new Error('unavailable');
        return projectId === 2 ? { found: false } : { found: true, unchanged: false, index: index('r1') };
      },
    };
    const cache = new MockIndexCache(source, (i) => ({ revision: i.revision }), { now: () => now, missingMs: 1_000 });
    expect(await cache.get(2)).toBeNull();
    expect(await cache.get(2)).toBeNull();
    expect(fetches).toBe(1);
    now = 2_000;
    await cache.get(2);
    expect(fetches).toBe(2);
    await cache.get(1);
    fail = true;
    cache.drop(1);
    expect(await cache.get(1)).toMatchObject({ revision: 'r1' });
  });
});

describe('knowledge calls that drop a project’s mock index', () => {
  it('are the writes, never the reads', async () => {
    const { isWriteCall } = await import('../../src/routes/api/project-common.js');
    const writes = [
      'saveDoc',
      'addStructure',
      'structureDropUpdate',
      'updateStructure',
      'deleteStructure',
      'copyStructure',
      'restoreDoc',
      'revertChange',
      'restoreVersion',
      'import',
      'saveMockSettings',
      'saveMockExpectations',
      'saveDataField',
      'saveDataFields',
      'deleteDataField',
      'fieldCompareUpdate',
      'newResponseCode',
    ];
    const reads = [
      'docDetail',
      'projectStructure',
      'mockSettings',
      'mockExpectations',
      'searchDataField',
      'fieldCompare',
      'parseFieldSource',
      'projectVersions',
      'versionDoc',
      'shares',
      'detail',
    ];
    expect(writes.filter((name) => !isWriteCall(name))).toEqual([]);
    expect(reads.filter(isWriteCall)).toEqual([]);
  });
});
