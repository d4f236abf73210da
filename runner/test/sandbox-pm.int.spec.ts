import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/ports.js';
import { emptyScopes } from '../src/variables/index.js';
import { baseRequest, makeSandbox, response, run } from './sandboxHarness.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await makeSandbox();
});
afterAll(() => sandbox.dispose());

const user = response('{"id":7,"name":"张三","tags":["a","b"],"profile":{"age":30}}', 200, [
  ['Content-Type', 'application/json; charset=utf-8'],
  ['X-Request-Id', 'r-1'],
  ['Set-Cookie', 'session=abc123; Path=/; HttpOnly'],
  ['Set-Cookie', 'theme=dark'],
]);

describe('pm.test', () => {
  it('reports each test by name, with the assertion message, expected and actual of a failure', async () => {
    const out = await run(sandbox, {
      response: user,
      code: `
        pm.test('name is 张三', function () { pm.expect(pm.response.json().name).to.equal('张三'); });
        pm.test('id is 8', function () { pm.expect(pm.response.json().id).to.equal(8); });
        pm.test('throws', function () { null.x; });`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.tests).toEqual([
      { name: 'name is 张三', passed: true, origin: 'script', script: '测试脚本' },
      {
        name: 'id is 8',
        passed: false,
        message: 'expected 7 to equal 8',
        expected: '8',
        actual: '7',
        origin: 'script',
        script: '测试脚本',
      },
      expect.objectContaining({ name: 'throws', passed: false, message: expect.stringMatching(/^TypeError: /) }),
    ]);
  });

  it('waits for async tests and done callbacks; one never finished fails', async () => {
    const out = await run(sandbox, {
      response: user,
      code: `
        pm.test('async', async function () { await null; pm.expect(1).to.equal(2); });
        pm.test('done ok', function (done) { setTimeout(function () { done(); }, 1); });
        pm.test('done with error', function (done) { setTimeout(function () { done(new Error('坏了')); }, 1); });
        pm.test('never done', function (done) {});`,
    });
    expect(out.tests.map((t) => [t.name, t.passed, t.message])).toEqual([
      ['async', false, 'expected 1 to equal 2'],
      ['done ok', true, undefined],
      ['done with error', false, 'Error: 坏了'],
      ['never done', false, '测试没有结束：异步测试的 done 没有被调用，或它的 Promise 没有兑现'],
    ]);
  });

  it('keeps nested tests, skips pm.test.skip with a console note, and reads legacy tests[...] entries', async () => {
    const out = await run(sandbox, {
      response: user,
      code: `
        pm.test('outer', function () { pm.test('inner', function () {}); });
        pm.test.skip('later', function () { throw new Error('not run'); });
        tests['legacy true'] = 1;
        tests['legacy false'] = '';`,
    });
    expect(out.tests.map((t) => [t.name, t.passed])).toEqual([
      ['outer', true],
      ['inner', true],
      ['legacy true', true],
      ['legacy false', false],
    ]);
    expect(out.run.console).toEqual([{ level: 'info', text: '已跳过测试：later' }]);
  });
});

describe('pm.response', () => {
  it('reads code, status, body, headers, cookies, time and size', async () => {
    const out = await run(sandbox, {
      response: user,
      code: `
        var r = pm.response;
        console.log(r.code, r.status, r.text().length, r.json().profile.age, r.responseTime, r.responseSize);
        console.log(r.headers.get('content-type'), r.headers.has('x-request-id'), r.headers.has('nope'));
        console.log(JSON.stringify(r.headers.toObject()));
        var names = []; r.headers.each(function (h) { names.push(h.key); }); console.log(names.join(','));
        console.log(pm.cookies.get('session'), pm.cookies.has('theme'), JSON.stringify(pm.cookies.toObject()));`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.run.console.map((c) => c.text)).toEqual([
      `200 OK ${user.body.length} 30 42 ${user.size}`,
      'application/json; charset=utf-8 true false',
      '{"content-type":"application/json; charset=utf-8","x-request-id":"r-1","set-cookie":"theme=dark"}',
      'Content-Type,X-Request-Id,Set-Cookie,Set-Cookie',
      'abc123 true {"session":"abc123","theme":"dark"}',
    ]);
  });

  it('has Postman’s response assertions, passing and failing with its messages', async () => {
    const out = await run(sandbox, {
      response: user,
      code: `
        pm.test('a', function () { pm.response.to.have.status(200); pm.response.to.have.status('OK'); });
        pm.test('b', function () { pm.response.to.be.ok; pm.response.to.be.success; pm.response.to.not.be.error; });
        pm.test('c', function () { pm.response.to.have.header('content-type'); pm.response.to.have.header('X-Request-Id', 'r-1'); });
        pm.test('d', function () { pm.response.to.have.jsonBody(); pm.response.to.have.jsonBody('profile.age', 30); pm.response.to.have.jsonBody('tags[1]'); });
        pm.test('e', function () { pm.response.to.be.json; pm.response.to.be.withBody; pm.response.to.have.body(/张三/); });
        pm.test('f', function () { pm.response.to.have.status(404); });
        pm.test('g', function () { pm.response.to.be.notFound; });
        pm.test('h', function () { pm.response.to.have.header('X-Request-Id', 'r-2'); });
        pm.test('i', function () { pm.expect({a: [1, {b: 2}]}).to.deep.equal({a: [1, {b: 2}]}); pm.expect('abc').to.include('b').and.have.lengthOf(3); pm.expect(1).to.be.ok; });`,
    });
    expect(out.tests.map((t) => [t.name, t.passed, t.message])).toEqual([
      ['a', true, undefined],
      ['b', true, undefined],
      ['c', true, undefined],
      ['d', true, undefined],
      ['e', true, undefined],
      ['f', false, 'expected response to have status code 404 but got 200'],
      ['g', false, 'expected response code to be 404 but found 200'],
      ['h', false, "expected 'X-Request-Id' response header to be 'r-2' but got 'r-1'"],
      ['i', true, undefined],
    ]);
  });

  it('says plainly when the body is not JSON', async () => {
    const out = await run(sandbox, { response: response('<html>', 502), code: 'pm.response.json()' });
    expect(out.run.error).toMatchObject({
      kind: 'runtime',
      message: expect.stringMatching(/^JSONError: 响应体不是合法的 JSON/),
    });
  });

  it('is absent before the request, where pm.info says prerequest', async () => {
    const out = await run(sandbox, {
      code: 'console.log(typeof pm.response, typeof responseBody, pm.info.eventName, pm.info.requestName, pm.info.iteration)',
    });
    expect(out.run.console[0]?.text).toBe('undefined undefined prerequest 用户详情 0');
  });
});

describe('pm.request', () => {
  it('reads the url by its parts', async () => {
    const out = await run(sandbox, {
      code: `var u = pm.request.url;
        console.log(u.toString(), u.getHost(), u.getPath(), u.query.get('fields'), u.getQueryString(), pm.request.method);`,
    });
    expect(out.run.console[0]?.text).toBe(
      'https://api.example.com/users/1?fields=name api.example.com /users/1 name fields=name GET',
    );
  });

  it('gives back the request a pre-request script changed: headers, query, method, body', async () => {
    const out = await run(sandbox, {
      request: baseRequest({
        headers: [
          ['Accept', 'application/json'],
          ['X-Old', '1'],
        ],
        body: { mode: 'raw', raw: '{}' },
      }),
      code: `
        pm.request.headers.add({ key: 'X-Trace', value: 't-1' });
        pm.request.headers.upsert({ key: 'accept', value: 'text/plain' });
        pm.request.headers.remove('X-Old');
        pm.request.url.query.add({ key: 'page', value: '2' });
        pm.request.method = 'post';
        pm.request.body.raw = JSON.stringify({ a: 1 });
        console.log(pm.request.headers.get('x-trace'), JSON.stringify(pm.request.headers.toObject()));`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.request).toEqual({
      method: 'POST',
      url: 'https://api.example.com/users/1?fields=name&page=2',
      headers: [
        ['Accept', 'text/plain'],
        ['X-Trace', 't-1'],
      ],
      body: { mode: 'raw', raw: '{"a":1}' },
      name: '用户详情',
    });
    expect(out.run.console[0]?.text).toBe('t-1 {"accept":"text/plain","x-trace":"t-1"}');
  });

  it('leaves an untouched request exactly as given, variables and all', async () => {
    const request = baseRequest({
      url: '{{url}}/identity/api/v2/user/{{id}}?q={{q}}',
      body: { mode: 'urlencoded', fields: [{ key: 'a', value: '{{b}}' }] },
    });
    const out = await run(sandbox, { request, code: 'pm.request.url.getPath(); pm.request.headers.get("x");' });
    expect(out.request).toEqual(request);
  });

  it('takes a new url, and form bodies by field', async () => {
    const out = await run(sandbox, {
      request: baseRequest({ body: { mode: 'urlencoded', fields: [{ key: 'a', value: '1' }] } }),
      code: `pm.request.url = 'http://localhost:8080/login';
        pm.request.body.urlencoded.add({ key: 'b', value: '2' });`,
    });
    expect(out.request.url).toBe('http://localhost:8080/login');
    expect(out.request.body).toEqual({
      mode: 'urlencoded',
      fields: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
    });
  });
});

describe('pm.execution and setNextRequest', () => {
  it('asks to skip the request, or names the next one (null stops)', async () => {
    const skip = await run(sandbox, { code: 'pm.execution.skipRequest()' });
    expect(skip.skipRequest).toBe(true);
    const next = await run(sandbox, { response: user, code: "pm.execution.setNextRequest('登录')" });
    expect(next.nextRequest).toBe('登录');
    const stop = await run(sandbox, { response: user, code: 'postman.setNextRequest(null)' });
    expect(stop.nextRequest).toBeNull();
    const none = await run(sandbox, { response: user, code: '1' });
    expect(none).not.toHaveProperty('nextRequest');
    expect(none).not.toHaveProperty('skipRequest');
  });
});

describe('chai as Postman has it', () => {
  it('throws on a misspelt chain instead of passing silently', async () => {
    const out = await run(sandbox, {
      response: user,
      code: "pm.test('typo', function () { pm.expect(1).to.equall(2); });",
    });
    expect(out.tests).toMatchObject([
      { name: 'typo', passed: false, message: expect.stringContaining('Invalid Chai property: equall') },
    ]);
  });
});

describe('scripts are separate', () => {
  it('does not carry one script’s declarations or tests into the next', async () => {
    const scopes = emptyScopes();
    await run(sandbox, { scopes, response: user, code: "const shared = 1; var legacy = 2; tests['first'] = true;" });
    const out = await run(sandbox, {
      scopes,
      response: user,
      code: 'const shared = 3; console.log(typeof legacy, Object.keys(tests).length, shared);',
    });
    expect(out.run.error).toBeUndefined();
    expect(out.run.console[0]?.text).toBe('undefined 0 3');
  });

  it('keeps what a script puts on the built-in objects for the rest of the run, as Postman does', async () => {
    const scopes = emptyScopes();
    await run(sandbox, {
      scopes,
      code: 'Object.prototype.sharedHelper = function () { return "from the collection"; };',
    });
    const out = await run(sandbox, {
      scopes,
      response: user,
      code: 'console.log(pm.sharedHelper(), _.sharedHelper === pm.sharedHelper)',
    });
    expect(out.run.console[0]?.text).toBe('from the collection true');
    await run(sandbox, { scopes, code: 'delete Object.prototype.sharedHelper;' });
  });
});
