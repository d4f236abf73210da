import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PlanCase, RunPlan, Step } from '../src/model.js';
import { PostmanFormatError, postmanToPlan } from '../src/postman/index.js';

const corpus = fileURLToPath(new URL('../../../shared/corpus/postman-v2.1/', import.meta.url));
const hasCorpus = existsSync(corpus);
if (!hasCorpus) console.warn(`postman corpus tests skipped: ${corpus} is absent`);
const readJson = (name: string) => JSON.parse(readFileSync(`${corpus}${name}`, 'utf8'));

const caseSteps = (plan: RunPlan): Step[] => {
  const entry = plan.entry as { scenarioKey: string };
  return plan.scenarios[entry.scenarioKey]!.steps;
};
const casesInOrder = (plan: RunPlan): PlanCase[] =>
  caseSteps(plan).map((step) => plan.cases[(step as { caseKey: string }).caseKey]!);

describe('the corpus collections', () => {
  it.skipIf(!hasCorpus)('crAPI (wrapped as the Postman API exports it): 49 requests with the environment', async () => {
    const { plan, warnings } = await postmanToPlan({
      collection: readJson('crapi.postman_collection.json'),
      environment: readJson('crapi.postman_environment.json'),
    });
    expect(plan.name).toBe('crAPI Accepted');
    const cases = casesInOrder(plan);
    expect(cases).toHaveLength(49);
    expect(new Set(cases.map((c) => c.key)).size).toBe(49);
    expect(plan.environment).toMatchObject({
      name: 'Crapi',
      variables: [
        { name: 'url', value: 'http://127.0.0.1:8888' },
        { name: 'url_mail', value: 'http://127.0.0.1:8025' },
      ],
    });
    expect(plan.variables?.map((v) => v.name)).toContain('X-Forwarded-For');
    const signup = cases[0]!;
    expect(signup.request).toMatchObject({ method: 'POST', url: '{{url}}/identity/api/auth/signup' });
    expect(signup.request.body?.raw).toContain('{{email}}');
    // The collection's prerequest runs first, then the item's own.
    expect(signup.preScripts?.map((s) => s.name)).toEqual(['集合 crAPI Accepted', 'Signup example.com']);
    expect(signup.request.auth).toBeUndefined(); // noauth
    const bearer = cases.find((c) => c.name === 'Get Dashboard')!;
    expect(bearer.request.auth).toEqual({ type: 'bearer', token: '{{token}}' });
    expect(warnings).toEqual([]);
  });

  it.skipIf(!hasCorpus)(
    'Conduit: 32 requests in folder order, 31 test events carrying 381 tests[...] assertions',
    async () => {
      const { plan } = await postmanToPlan({ collection: readJson('realworld-conduit.postman_collection.json') });
      const cases = casesInOrder(plan);
      expect(cases).toHaveLength(32);
      expect(cases.map((c) => c.source?.folder?.[0])).toEqual([
        ...Array(5).fill('Auth'),
        ...Array(4).fill('Articles'),
        ...Array(18).fill('Articles, Favorite, Comments'),
        ...Array(4).fill('Profiles'),
        'Tags',
      ]);
      const scripts = cases.flatMap((c) => c.testScripts ?? []);
      const assertions = scripts.reduce((n, s) => n + (s.code.match(/tests\[/g) ?? []).length, 0);
      expect(assertions).toBe(381);
      // The folder's prerequest and test events are empty: nothing is inherited from them.
      const create = cases.find((c) => c.name === 'Create Article')!;
      expect(create.preScripts).toBeUndefined();
      expect(create.testScripts?.map((s) => s.name)).toEqual(['Create Article']);
      expect(create.request.headers).toContainEqual({ name: 'Content-Type', value: 'application/json' });
      const byAuthor = cases.find((c) => c.name === 'Articles by Author')!;
      expect(byAuthor.request.url).toBe('{{APIURL}}/articles');
      expect(byAuthor.request.query).toEqual([{ name: 'author', value: 'johnjacob' }]);
      // A GET's body is not sent (Postman prunes it).
      expect(byAuthor.request.body).toBeUndefined();
    },
  );

  it.skipIf(!hasCorpus)(
    'newman inherited entities: collection auth, variables, events; folder and request overrides',
    async () => {
      const { plan, warnings } = await postmanToPlan({
        collection: readJson('newman-inherited-entities.postman_collection.json'),
        environment: readJson('newman-inherited-entities.postman_environment.json'),
      });
      const cases = casesInOrder(plan);
      expect(plan.name).toBe('Inherited Entities');
      expect(cases).toHaveLength(8);
      expect(plan.variables).toContainEqual({ name: 'duplicate-var', value: 'incorrect' });
      expect(plan.environment.variables).toContainEqual({ name: 'duplicate-var', value: 'correct' });
      const [variables, auth, events, folderAuth, folderEvent, requestAuth, override] = cases;
      expect(variables!.request.url).toBe('{{collectionVariablesURL}}');
      expect(auth!.request).toEqual({
        method: 'GET',
        url: 'https://postman-echo.com/basic-auth',
        auth: { type: 'basic', username: 'postman', password: 'password' },
      });
      expect(events!.preScripts?.[0]?.code).toContain("pm.environment.set('collectionScriptURL'");
      expect(folderEvent!.preScripts?.map((s) => s.name)).toEqual([
        '集合 Inherited Entities',
        '目录 Folder level stuff',
      ]);
      // digest is not supported: no auth is sent, and the plan says so once per place it is set.
      expect(folderAuth!.request.auth).toBeUndefined();
      expect(requestAuth!.request.auth).toBeUndefined();
      expect(override!.request.auth).toBeUndefined(); // noauth stops the collection's basic auth
      expect(warnings).toHaveLength(2);
      expect(warnings.every((w) => w.includes('digest') && w.includes('不支持'))).toBe(true);
      // An item whose single event is an object, not a list.
      expect(folderAuth!.testScripts?.map((s) => s.name)).toEqual(['Auth']);
    },
  );
});

const minimal = (item: unknown[], extra: object = {}) => ({
  info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
  item,
  ...extra,
});

describe('requests', () => {
  it('keeps disabled headers and query entries, resolves :path variables, adds http:// to a literal host', async () => {
    const { plan } = await postmanToPlan({
      collection: minimal([
        {
          name: 'r',
          request: {
            method: 'get',
            url: {
              raw: 'example.com:8080/users/:id?a=1&b=2',
              host: ['example', 'com'],
              port: '8080',
              path: ['users', ':id', ':empty'],
              query: [
                { key: 'a', value: '1' },
                { key: 'b', value: '2', disabled: true },
              ],
              variable: [
                { key: 'id', value: '{{userId}}' },
                { key: 'empty', value: '' },
              ],
            },
            header: [
              { key: 'X-On', value: 'yes' },
              { key: 'X-Off', value: 'no', disabled: true, description: '说明' },
            ],
          },
        },
      ]),
    });
    const request = Object.values(plan.cases)[0]!.request;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://example.com:8080/users/{{userId}}/:empty');
    expect(request.query).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2', enabled: false },
    ]);
    expect(request.headers).toEqual([
      { name: 'X-On', value: 'yes' },
      { name: 'X-Off', value: 'no', enabled: false, description: '说明' },
    ]);
  });

  it('reads a url given only as raw text, and a request given as a string', async () => {
    const { plan } = await postmanToPlan({
      collection: minimal([
        { name: 'a', request: { method: 'POST', url: { raw: 'https://api.test/x?q=1' } } },
        { name: 'b', request: 'https://api.test/y' },
      ]),
    });
    const [a, b] = casesInOrder(plan);
    expect(a!.request).toMatchObject({ method: 'POST', url: 'https://api.test/x', query: [{ name: 'q', value: '1' }] });
    expect(b!.request).toEqual({ method: 'GET', url: 'https://api.test/y' });
  });

  it('maps raw bodies by language, urlencoded, graphql, and form-data files read beside the collection', async () => {
    const read = async (src: string, max: number) => {
      expect(max).toBe(5 * 1024 * 1024);
      if (src === 'files/a.txt') return new TextEncoder().encode('hello');
      throw new Error('文件不存在');
    };
    const { plan, warnings } = await postmanToPlan({
      readFile: read,
      collection: minimal([
        {
          name: 'json',
          request: {
            method: 'POST',
            url: 'h/x',
            body: { mode: 'raw', raw: '{"a":1}', options: { raw: { language: 'json' } } },
          },
        },
        {
          name: 'xml',
          request: {
            method: 'POST',
            url: 'h/x',
            body: { mode: 'raw', raw: '<a/>', options: { raw: { language: 'xml' } } },
          },
        },
        { name: 'text', request: { method: 'POST', url: 'h/x', body: { mode: 'raw', raw: 'hi' } } },
        {
          name: 'form',
          request: {
            method: 'POST',
            url: 'h/x',
            body: {
              mode: 'urlencoded',
              urlencoded: [
                { key: 'a', value: '1' },
                { key: 'b', value: '2', disabled: true },
              ],
            },
          },
        },
        {
          name: 'gql',
          request: {
            method: 'POST',
            url: 'h/x',
            body: { mode: 'graphql', graphql: { query: 'query { me { id } }', variables: '{"id": {{id}}}' } },
          },
        },
        {
          name: 'multipart',
          request: {
            method: 'POST',
            url: 'h/x',
            body: {
              mode: 'formdata',
              formdata: [
                { key: 'note', value: 'n', type: 'text' },
                { key: 'file', type: 'file', src: 'files/a.txt' },
                { key: 'gone', type: 'file', src: 'files/missing.bin' },
              ],
            },
          },
        },
        {
          name: 'binary',
          request: { method: 'PUT', url: 'h/x', body: { mode: 'file', file: { src: 'files/a.txt' } } },
        },
      ]),
    });
    const bodies = Object.fromEntries(casesInOrder(plan).map((c) => [c.name, c.request.body]));
    expect(bodies.json).toEqual({ type: 'json', raw: '{"a":1}', mediaType: 'application/json' });
    expect(bodies.xml).toEqual({ type: 'xml', raw: '<a/>', mediaType: 'application/xml' });
    expect(bodies.text).toEqual({ type: 'raw', raw: 'hi', mediaType: 'text/plain' });
    expect(bodies.form).toEqual({
      type: 'x-www-form-urlencoded',
      fields: [
        { name: 'a', value: '1' },
        { name: 'b', value: '2', enabled: false },
      ],
    });
    expect(bodies.gql).toEqual({
      type: 'json',
      raw: '{"query":"query { me { id } }","variables":{"id": {{id}}}}',
      mediaType: 'application/json',
    });
    expect(bodies.multipart?.fields).toEqual([
      { name: 'note', value: 'n', type: 'text' },
      { name: 'file', value: '', type: 'file', fileName: 'a.txt', base64: Buffer.from('hello').toString('base64') },
      { name: 'gone', value: '', type: 'file', fileName: 'missing.bin', enabled: false },
    ]);
    expect(bodies.binary).toEqual({ type: 'binary', base64: Buffer.from('hello').toString('base64') });
    expect(warnings).toEqual([
      '请求「multipart」的表单字段 gone 的文件 files/missing.bin 无法读取：文件不存在，该文件不会发送',
    ]);
  });
});

describe('inheritance', () => {
  it('v2.0 auth objects, apikey and bearer through folders; a token of OAuth 2.0 as bearer; others warned', async () => {
    const { plan, warnings } = await postmanToPlan({
      collection: minimal(
        [
          { name: 'top', request: { url: 'h/1' } },
          {
            name: 'F',
            auth: { type: 'apikey', apikey: { key: 'X-Key', value: '{{k}}', in: 'query' } },
            item: [
              { name: 'inF', request: { url: 'h/2' } },
              {
                name: 'own',
                request: { url: 'h/3', auth: { type: 'oauth2', oauth2: [{ key: 'accessToken', value: 't0k' }] } },
              },
              { name: 'hawk', request: { url: 'h/4', auth: { type: 'hawk', hawk: [] } } },
            ],
          },
        ],
        { auth: { type: 'bearer', bearer: { token: '{{tok}}' } } },
      ),
    });
    const auths = Object.fromEntries(casesInOrder(plan).map((c) => [c.name, c.request.auth]));
    expect(auths).toEqual({
      top: { type: 'bearer', token: '{{tok}}' },
      inF: { type: 'apikey', key: 'X-Key', value: '{{k}}', in: 'query' },
      own: { type: 'bearer', token: 't0k' },
      hawk: undefined,
    });
    expect(warnings).toEqual(['请求「hawk」的认证方式 hawk 不支持，使用它的请求将不带认证发送']);
  });

  it("auth replaces the request's own Authorization header or API key entry, as Postman's runtime does", async () => {
    const { plan } = await postmanToPlan({
      collection: minimal([
        {
          name: 'bearer',
          request: {
            url: 'h/1',
            header: [
              { key: 'authorization', value: 'Bearer stale' },
              { key: 'X-Other', value: 'kept' },
            ],
            auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
          },
        },
        {
          name: 'key',
          request: {
            url: 'h/2?api_key=old&x=1',
            header: [{ key: 'X-API-KEY', value: 'old' }],
            auth: {
              type: 'apikey',
              apikey: [
                { key: 'key', value: 'api_key' },
                { key: 'value', value: 'new' },
                { key: 'in', value: 'query' },
              ],
            },
          },
        },
      ]),
    });
    const [bearer, key] = casesInOrder(plan);
    expect(bearer!.request.headers).toEqual([
      { name: 'authorization', value: 'Bearer stale', enabled: false },
      { name: 'X-Other', value: 'kept' },
    ]);
    expect(key!.request.query).toEqual([
      { name: 'api_key', value: 'old', enabled: false },
      { name: 'x', value: '1' },
    ]);
    expect(key!.request.headers).toEqual([{ name: 'X-API-KEY', value: 'old' }]);
  });

  it('scripts in Postman order, disabled events left out, names by origin', async () => {
    const event = (listen: string, code: string, disabled = false) => ({
      listen,
      disabled,
      script: { exec: code.split('\n') },
    });
    const { plan } = await postmanToPlan({
      collection: {
        name: 'Bare',
        event: [event('prerequest', 'c1'), event('test', 'ct')],
        item: [
          {
            name: 'Outer',
            event: [event('prerequest', 'o1')],
            item: [
              {
                name: 'Inner',
                event: [event('prerequest', 'i1'), event('test', 'off', true)],
                item: [{ name: 'req', request: 'h/x', event: [event('prerequest', 'r1\nr2'), event('test', 'rt')] }],
              },
            ],
          },
        ],
      },
    });
    const only = casesInOrder(plan)[0]!;
    expect(plan.name).toBe('Bare');
    expect(only.preScripts).toEqual([
      { name: '集合 Bare', code: 'c1' },
      { name: '目录 Outer', code: 'o1' },
      { name: '目录 Inner', code: 'i1' },
      { name: 'req', code: 'r1\nr2' },
    ]);
    expect(only.testScripts).toEqual([
      { name: '集合 Bare', code: 'ct' },
      { name: 'req', code: 'rt' },
    ]);
    expect(only.source).toEqual({ folder: ['Outer', 'Inner'] });
  });
});

describe('variables', () => {
  it('environment values that are enabled (secrets flagged), globals, collection variables', async () => {
    const { plan } = await postmanToPlan({
      collection: minimal([], {
        variable: [
          { key: 'n', value: 3 },
          { key: 'off', value: 'x', disabled: true },
          { id: 'legacy', value: 'v2.0' },
        ],
      }),
      environment: {
        environment: {
          name: 'Staging',
          values: [
            { key: 'host', value: 'https://staging', enabled: true },
            { key: 'token', value: 's3cret', type: 'secret', enabled: true },
            { key: 'old', value: 'x', enabled: false },
          ],
        },
      },
      globals: { values: [{ key: 'g', value: 'G' }] },
    });
    expect(plan.variables).toEqual([
      { name: 'n', value: '3' },
      { name: 'legacy', value: 'v2.0' },
    ]);
    expect(plan.environment).toEqual({
      name: 'Staging',
      baseUrl: '',
      variables: [
        { name: 'host', value: 'https://staging' },
        { name: 'token', value: 's3cret', secret: true },
      ],
    });
    expect(plan.globals).toEqual([{ name: 'g', value: 'G' }]);
    expect(plan.stopOnFailure).toBe(false);
  });
});

describe('refusals', () => {
  it('refuses a v1 collection with a Chinese message', async () => {
    const v1 = { id: 'x', name: 'old', order: ['a'], requests: [{ id: 'a', url: 'h', method: 'GET' }] };
    await expect(postmanToPlan({ collection: v1 })).rejects.toThrow(/不支持 Postman Collection v1/);
    await expect(postmanToPlan({ collection: v1 })).rejects.toBeInstanceOf(PostmanFormatError);
  });

  it('refuses what is not a collection, and an environment without values', async () => {
    await expect(postmanToPlan({ collection: [1, 2] })).rejects.toThrow('不是 Postman 集合文件');
    await expect(postmanToPlan({ collection: { info: {} } })).rejects.toThrow('缺少 item 列表');
    await expect(postmanToPlan({ collection: minimal([]), environment: { name: 'e' } })).rejects.toThrow(
      '不是 Postman 环境文件',
    );
  });

  it('keys requests by their ids, de-duplicated, else by position', async () => {
    const { plan } = await postmanToPlan({
      collection: minimal([
        { id: 'same', name: 'a', request: 'h/a' },
        { id: 'same', name: 'b', request: 'h/b' },
        { name: 'c', request: 'h/c' },
      ]),
    });
    expect(caseSteps(plan).map((s) => (s as { caseKey: string }).caseKey)).toEqual(['same', 'same~2', 'item-3']);
  });
});
