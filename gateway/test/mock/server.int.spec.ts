import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, startFakeMock } from './server-fake.js';
import { empty, open, petSchema, shop, TOKEN } from './server-shop.js';

describe('the mock server (a fake index source, real threads)', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeMock>>;
  const indexes = new Map([
    [1, shop],
    [2, open],
    [3, empty],
  ]);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'x-mock-token': TOKEN, ...headers } });

  beforeAll(async () => {
    fake = await startFakeMock(indexes);
    app = fake.app;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a fixed example with its documented headers and CORS for the calling page', async () => {
    const answer = await get('/mock/1/pets', { origin: 'http://localhost:5173' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      { id: 1, name: '旺财' },
      { id: 2, name: '咪咪' },
    ]);
    expect(answer.headers).toMatchObject({
      'x-pmbok-mock': 'example',
      'x-total': '2',
      'content-type': 'application/json; charset=utf-8',
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
    });
    expect(String(answer.headers['access-control-expose-headers'])).toContain('x-total');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/mock/1/pets',
      headers: {
        origin: 'http://a.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-mock-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'http://a.test',
      'access-control-allow-headers': 'x-mock-token',
    });
  });

  it('answers an unknown project, a wrong or missing token and a project without apis with the same 404', async () => {
    const answers = await Promise.all([
      get('/mock/99/pets'),
      get('/mock/1/pets', { 'x-mock-token': 'wrong' }),
      app.inject({ method: 'GET', url: '/mock/1/pets' }),
      get('/mock/3/pets'),
      get('/mock/abc/pets'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect((await app.inject({ method: 'GET', url: `/mock/1/pets?__token=${TOKEN}` })).statusCode).toBe(200);
    const refused = await get('/mock/404/pets');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, msg: 'Mock 无法生成：项目的接口文档合计过大', where: '' });
    expect((await app.inject({ method: 'GET', url: '/mock/2/hello' })).json()).toEqual({ hello: '世界' });
  });

  it('lists the nearest paths for an unknown one, the allowed methods for another method, and answers HEAD', async () => {
    const missing = await get('/mock/1/pet');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().nearest[0]).toEqual({ method: 'GET', path: '/pets', name: 'GET /pets' });
    expect(missing.json().nearest).toHaveLength(5);
    const put = await app.inject({ method: 'PUT', url: '/mock/1/pets', headers: { 'x-mock-token': TOKEN } });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, OPTIONS');
    const options = await app.inject({ method: 'OPTIONS', url: '/mock/1/pets', headers: { 'x-mock-token': TOKEN } });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    const head = await app.inject({ method: 'HEAD', url: '/mock/1/pets', headers: { 'x-mock-token': TOKEN } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('chooses the response by __status, Prefer, __example and __dynamic', async () => {
    expect((await get('/mock/1/pets?__status=404')).json()).toEqual({ code: 404, msg: '没有宠物' });
    expect((await get('/mock/1/pets', { prefer: 'code=404' })).statusCode).toBe(404);
    expect((await get('/mock/1/pets?__example=empty')).json()).toEqual([]);
    expect((await get('/mock/1/pets', { prefer: 'example=empty' })).json()).toEqual([]);
    const unknown = await get('/mock/1/pets?__status=418');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-pmbok-mock-error']).toBe('request');
    const dynamic = await get('/mock/1/pets?__dynamic=true&__seed=5');
    expect(dynamic.headers['x-pmbok-mock']).toBe('generated');
    const validate = new Ajv2020().compile({ type: 'array', items: petSchema });
    expect(validate(dynamic.json()), JSON.stringify(dynamic.json())).toBe(true);
    expect((await get('/mock/1/pets?__dynamic=true&__seed=5')).body).toBe(dynamic.body);
  });

  it('generates from the schema with path parameters coerced and checked', async () => {
    const pet = await get('/mock/1/pets/12');
    expect(pet.statusCode).toBe(200);
    expect(pet.headers['x-pmbok-mock']).toBe('generated');
    expect(new Ajv2020().compile(petSchema)(pet.json())).toBe(true);
    const bad = await get('/mock/1/pets/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-pmbok-mock-error']).toBe('validation');
    expect(bad.json()).toMatchObject({ code: 400, errors: [{ in: 'path', name: 'petId' }] });
    expect(bad.json().msg).toMatch(/^请求参数不符合文档：path petId 应当是 integer 类型/);
  });

  it('checks query and header parameters by their documented names', async () => {
    expect((await get('/mock/1/search?q=aaa', { 'x-page': '3' })).json()).toEqual({ found: 0 });
    const bad = await get('/mock/1/search', { 'x-page': '99' });
    expect(bad.json().errors).toEqual([
      { in: 'query', name: 'q', message: '应当有必需属性 q' },
      { in: 'header', name: 'X-Page', message: '应当为 <= 50' },
    ]);
    expect((await get('/mock/1/search?q=b')).json().errors[0]).toMatchObject({ in: 'query', name: 'q' });
  });

  it('checks simple parameters of a fixed example on the gateway’s thread', async () => {
    const { metricsRegistry } = await import('@pmbok/infra');
    const fastCount = async () =>
      Number(
        /outcome="fast"\} (\d+)/.exec(
          await metricsRegistry.getSingleMetricAsString('pmbok_mock_requests_total'),
        )?.[1] ?? 0,
      );
    const before = await fastCount();
    const card = await get('/mock/1/pets/3/card?lang=en');
    expect(card.json()).toEqual({ card: '宠物卡' });
    expect(card.headers['x-pmbok-mock']).toBe('example');
    expect(await fastCount()).toBe(before + 1);
    const bad = await get('/mock/1/pets/0/card?lang=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-pmbok-mock-error']).toBe('validation');
    expect(bad.json().errors).toEqual([
      { in: 'path', name: 'petId', message: '应当为 >= 1' },
      { in: 'query', name: 'lang', message: '应当是预设定的枚举值之一' },
    ]);
  });

  it('validates JSON and form bodies field by field', async () => {
    const post = (url: string, payload: string, type: string) =>
      app.inject({ method: 'POST', url, payload, headers: { 'x-mock-token': TOKEN, 'content-type': type } });
    const bad = await post('/mock/1/orders', JSON.stringify({ items: [{ name: 'x' }] }), 'application/json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { in: 'body', name: 'amount', message: '应当有必需属性 amount' },
      { in: 'body', name: 'items.0.sku', message: '应当有必需属性 sku' },
    ]);
    expect((await post('/mock/1/orders', '{"amount":', 'application/json')).json().errors[0].message).toBe(
      '不是合法的 JSON',
    );
    expect((await post('/mock/1/orders', '', 'application/json')).json().errors[0].message).toBe('缺少请求体');
    const ok = await post('/mock/1/orders', JSON.stringify({ amount: 3 }), 'application/json');
    expect(ok.statusCode).toBe(201);
    // A structured-syntax JSON type (RFC 6839) is read as JSON too.
    const problem = await post('/mock/1/orders', JSON.stringify({ items: [] }), 'application/merge-patch+json');
    expect(problem.json().errors).toEqual([{ in: 'body', name: 'amount', message: '应当有必需属性 amount' }]);
    expect(ok.json()).toEqual({ ok: true });
    expect((await post('/mock/1/form', 'age=12', 'application/x-www-form-urlencoded')).json()).toEqual({ saved: true });
    const form = await post('/mock/1/form', 'age=old', 'application/x-www-form-urlencoded');
    expect(form.json().errors).toEqual([{ in: 'body', name: 'age', message: '应当是 integer 类型' }]);
    // Multipart fields are form fields too; a file counts by its name.
    const part = (value: string) =>
      `--b\r\nContent-Disposition: form-data; name="age"\r\n\r\n${value}\r\n--b\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n`;
    expect((await post('/mock/1/form', part('7'), 'multipart/form-data; boundary=b')).json()).toEqual({ saved: true });
    expect((await post('/mock/1/form', part('x'), 'multipart/form-data; boundary=b')).json().errors).toEqual([
      { in: 'body', name: 'age', message: '应当是 integer 类型' },
    ]);
    const text = await post('/mock/1/form', 'age=1', 'text/plain');
    expect(text.json().errors[0].message).toBe('请求体应为表单（application/x-www-form-urlencoded）');
    const tooBig = await post(
      '/mock/1/orders',
      JSON.stringify({ amount: 1, pad: 'x'.repeat(1_100_000) }),
      'application/json',
    );
    expect(tooBig.statusCode).toBe(413);
  });

  it('answers the first enabled expectation whose conditions hold, in order', async () => {
    const order = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/mock/1/orders',
        payload: body as object,
        headers: { 'x-mock-token': TOKEN },
      });
    const big = await order({ amount: 5000, items: [{ sku: 'A1' }] });
    expect(big.statusCode).toBe(402);
    expect(big.json()).toEqual({ msg: '余额不足' });
    expect(big.headers).toMatchObject({ 'x-pmbok-mock': 'expectation', 'x-from': 'expectation' });
    expect((await order({ amount: 5, items: [{ sku: 'A1' }] })).json()).toEqual({ sku: 'A' });
    expect((await order({ amount: 5, items: [{ sku: 'B1' }] })).json()).toEqual({ ok: true });
    // A pattern only plain (not Unicode) mode takes still matches.
    expect((await order({ amount: 5, items: [{ sku: 'B-12' }] })).json()).toEqual({ sku: 'B' });
  });

  it('runs an example holding Mock.js rules as a template', async () => {
    const list = await get('/mock/1/list?__seed=1');
    expect(list.headers['x-pmbok-mock']).toBe('template');
    expect(list.json().list).toHaveLength(3);
    expect(list.json().list.map((item: { id: number }) => item.id)).toEqual([1, 2, 3]);
  });

  it('answers a document’s page sandboxed, without the cookies, policies or broken headers it asks for', async () => {
    const page = await get('/mock/1/page');
    expect(page.body).toBe('<script>parent.localStorage</script>');
    expect(page.headers['content-type']).toBe('text/html');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    expect(page.headers['x-owner']).toBe('%E5%BC%A0%E4%B8%89  X-Injected: 1');
    expect(page.headers['x-injected']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('delays an answer on a timer while other requests are answered', async () => {
    // Warmed first: the thread has compiled the route, so only the timer separates the two.
    expect((await get('/mock/1/pets/3')).statusCode).toBe(200);
    const done: string[] = [];
    const slow = get('/mock/1/slow').then((a) => {
      done.push('slow');
      return a;
    });
    const quick = get('/mock/1/pets/3').then((a) => {
      done.push('quick');
      return a;
    });
    const [slowAnswer] = await Promise.all([slow, quick]);
    expect(slowAnswer.json()).toEqual({ slow: true });
    expect(done).toEqual(['quick', 'slow']);
  });

  it('refuses abusive documents with the place while a normal request is answered meanwhile', async () => {
    const huge = await get('/mock/1/huge');
    expect(huge.statusCode).toBe(400);
    expect(huge.headers['x-pmbok-mock-error']).toBe('document');
    expect(huge.json().msg).toMatch(/^Mock 无法生成：/);
    expect(huge.json().where).toContain('minItems');
    const template = await get('/mock/1/bigtemplate');
    expect(template.statusCode).toBe(400);
    expect(template.headers['x-pmbok-mock-error']).toBe('document');

    const done: string[] = [];
    const abusive = get(`/mock/1/search?q=${'a'.repeat(40)}!`).then((a) => {
      done.push('abusive');
      return a;
    });
    const normal = get('/mock/1/pets/7').then((a) => {
      done.push('normal');
      return a;
    });
    const [stuck, fine] = await Promise.all([abusive, normal]);
    expect(fine.statusCode).toBe(200);
    expect(done).toEqual(['normal', 'abusive']);
    expect(stuck.statusCode).toBe(400);
    expect(stuck.headers['x-pmbok-mock-error']).toBe('document');
    // A second time ends a thread again; from then on it is refused at once while the document stays as it is.
    const again = await get(`/mock/1/search?q=${'a'.repeat(40)}!`);
    expect(again.json().msg).toBe(stuck.json().msg);
    const started = Date.now();
    const refused = await get(`/mock/1/search?q=${'a'.repeat(40)}!`);
    expect(refused.json().msg).toBe(stuck.json().msg);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await get('/mock/1/pets/8')).statusCode).toBe(200);
  });

  it('drops a project on a realtime notice, so a saved document changes the next answer', async () => {
    expect((await get('/mock/2/hello')).json()).toEqual({ hello: '世界' });
    indexes.set(2, {
      ...open,
      revision: 'r2',
      apis: [
        mockApi('GET', '/hello', {
          responses: [jsonResponse('200', null, [{ name: 'hi', value: { hello: '你好' } }])],
        }),
      ],
    });
    expect((await get('/mock/2/hello')).json()).toEqual({ hello: '世界' });
    await fake.realtime.publish({ topic: 'mock' }, { projectId: 2 });
    expect((await get('/mock/2/hello')).json()).toEqual({ hello: '你好' });
    // A write through the gateway drops it the same way.
    indexes.set(2, { ...indexes.get(2)!, revision: 'r3', access: 'token' });
    app.mockProjectChanged(2);
    expect((await get('/mock/2/hello', { 'x-mock-token': '' })).statusCode).toBe(404);
  });

  it('counts answers by outcome', async () => {
    const { metricsRegistry } = await import('@pmbok/infra');
    const text = await metricsRegistry.getSingleMetricAsString('pmbok_mock_requests_total');
    expect(text).toMatch(/pmbok_mock_requests_total\{outcome="fast"\} \d+/);
    expect(text).toMatch(/outcome="validation"/);
    expect(text).toMatch(/outcome="notFound"/);
  });
});
