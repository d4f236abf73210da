import { createMemoryRealtime, metricsRegistry } from '@pmbok/infra';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ClientError, Status } from 'nice-grpc';
import { afterEach, describe, expect, it } from 'vitest';
import api, { type ApiCall, ApiError } from '../src/plugins/api.js';
import caller from '../src/plugins/caller.js';
import envelope from '../src/plugins/envelope.js';
import sessions from '../src/plugins/sessions.js';

/** An auth service that knows one token, counting how often it is asked. */
function fakeServices() {
  const asked = { count: 0 };
  const auth = {
    async authenticate({ token }: { token: string }) {
      asked.count++;
      if (token === 'good') return { userId: 7, sessionId: 'session-7' };
      throw new ClientError('/auth/Authenticate', Status.UNAUTHENTICATED, '登录已失效，请重新登录');
    },
  };
  const plugin = fp(
    async (app) => {
      app.decorate('services', { auth } as never);
    },
    { name: 'services' },
  );
  return { plugin, asked };
}

/** The gateway's request path alone (envelope and caller plugins) in front of routes a test adds. */
async function gateway(routes: (app: FastifyInstance) => unknown) {
  const services = fakeServices();
  const app = Fastify({ logger: false });
  await app.register(envelope);
  await app.register(services.plugin);
  await app.register(sessions, { realtime: createMemoryRealtime() });
  await app.register(caller);
  await routes(app);
  await app.ready();
  return { app, asked: services.asked };
}

const echo = (app: FastifyInstance, url: string, config: FastifyContextConfig) =>
  app.post(url, { config }, async (request) => ({
    caller: request.caller,
    userIdInMetadata: request.metadata.get('x-pmbok-user-id') ?? null,
  }));

describe('the request path', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('resolves request.caller once per request, by the access its route declares', async () => {
    const built = await gateway((a) => {
      echo(a, '/pmbok/t/user', { access: 'user', surface: 'api' });
      echo(a, '/pmbok/t/optional', { access: 'optional', surface: 'api' });
      echo(a, '/pmbok/t/public', { access: 'public', surface: 'api' });
    });
    app = built.app;
    const post = async (url: string, authorization?: string) => {
      built.asked.count = 0;
      const response = await built.app.inject({
        method: 'POST',
        url,
        headers: authorization ? { authorization } : {},
        payload: { teamId: '12' },
      });
      return { status: response.statusCode, body: response.json(), asked: built.asked.count };
    };

    const signedIn = await post('/pmbok/t/user', 'Bearer good');
    expect(signedIn.asked).toBe(1);
    // the verified session is kept: the next request with it asks nobody
    expect(await post('/pmbok/t/user', 'Bearer good')).toMatchObject({ body: { caller: { userId: 7 } }, asked: 0 });
    expect(signedIn.body).toEqual({
      caller: {
        userId: 7,
        sessionId: 'session-7',
        teamId: 12,
        clientIp: '127.0.0.1',
        correlationId: expect.any(String),
      },
      userIdInMetadata: '7',
    });
    expect(await post('/pmbok/t/user')).toMatchObject({
      status: 200,
      body: { code: 402, msg: '请先登录', data: null },
      asked: 0,
    });
    expect(await post('/pmbok/t/user', 'bad')).toMatchObject({ status: 200, body: { code: 402, data: null } });
    expect(await post('/pmbok/t/optional', 'bad')).toMatchObject({ body: { caller: { userId: 0 } }, asked: 1 });
    expect(await post('/pmbok/t/public', 'good')).toMatchObject({ body: { caller: { userId: 0 } }, asked: 0 });
  });

  it('takes the team from the x-team-id header, else the body, else the query; anything but an id is no team', async () => {
    const built = await gateway((a) => echo(a, '/pmbok/t/team', { access: 'public' }));
    app = built.app;
    const teamOf = async (url: string, headers: Record<string, string>, payload?: object) =>
      (await built.app.inject({ method: 'POST', url, headers, payload })).json().caller.teamId;
    expect(await teamOf('/pmbok/t/team?teamId=3', { 'x-team-id': '1' }, { teamId: '2' })).toBe(1);
    expect(await teamOf('/pmbok/t/team?teamId=3', {}, { teamId: '2' })).toBe(2);
    expect(await teamOf('/pmbok/t/team?teamId=3', {})).toBe(3);
    expect(await teamOf('/pmbok/t/team', { 'x-team-id': '9007199254740993' })).toBe(0);
    expect(await teamOf('/pmbok/t/team', { 'x-team-id': '-1' })).toBe(0);
  });

  it('answers the same envelope on every surface, with the HTTP statuses of each', async () => {
    const failures: Record<string, () => never> = {
      signIn: () => {
        throw new ApiError(402, '请先登录');
      },
      denied: () => {
        throw new ClientError('/team/Remove', Status.PERMISSION_DENIED, '没有权限');
      },
      internal: () => {
        throw new Error('a secret stack');
      },
    };
    const built = await gateway((a) => {
      for (const surface of ['api', 'admin', 'http'] as const)
        for (const [name, fail] of Object.entries(failures))
          a.get(`/pmbok/${surface}/${name}`, { config: { access: 'public', surface } }, async () => fail());
    });
    app = built.app;
    const answer = async (url: string) => {
      const response = await built.app.inject(url);
      return [response.statusCode, response.json()];
    };
    expect(await answer('/pmbok/api/signIn')).toEqual([200, { code: 402, msg: '请先登录', data: null }]);
    expect(await answer('/pmbok/admin/signIn')).toEqual([
      401,
      { code: 402, msg: '请先登录', data: null, message: '请先登录' },
    ]);
    expect(await answer('/pmbok/http/signIn')).toEqual([401, { code: 402, msg: '请先登录', data: null }]);
    expect(await answer('/pmbok/api/denied')).toEqual([200, { code: 400, msg: '没有权限', data: null }]);
    expect(await answer('/pmbok/admin/denied')).toMatchObject([403, { code: 400, message: '没有权限' }]);
    expect(await answer('/pmbok/api/internal')).toEqual([
      200,
      { code: 500, msg: '服务器繁忙，请稍后再试', data: null },
    ]);
    expect(await answer('/pmbok/http/internal')).toEqual([
      500,
      { code: 500, msg: '服务器繁忙，请稍后再试', data: null },
    ]);
  });

  it('refuses to add a route under /pmbok/ that does not declare who may call it', async () => {
    await expect(gateway((a) => a.get('/pmbok/forgotten', async () => 'open'))).rejects.toThrow(
      'GET /pmbok/forgotten declares no access',
    );
  });

  it('counts every API answer by the code of its envelope, failures and unknown calls too', async () => {
    const call = (name: string, handle: ApiCall['handle']) =>
      ({
        module: 'probe',
        call: name,
        access: 'public',
        fields: {},
        response: Type.Null(),
        handle,
      }) as unknown as ApiCall;
    const calls = [
      call('fine', async () => null),
      call('refused', async () => {
        throw new ApiError(400, '不行');
      }),
    ];
    const built = await gateway((a) => a.register(api, { calls }));
    app = built.app;
    const counted = async (label: string, code: number) => {
      const metric = await metricsRegistry.getSingleMetric('pmbok_api_answers_total')?.get();
      return metric?.values.find((v) => v.labels.call === label && v.labels.code === code)?.value ?? 0;
    };
    const before = [
      await counted('/pmbok/api/probe/fine', 200),
      await counted('/pmbok/api/probe/refused', 400),
      await counted('unknown', 404),
    ];
    for (const url of ['/pmbok/api/probe/fine', '/pmbok/api/probe/refused', '/pmbok/api/probe/missing'])
      await app.inject({ method: 'POST', url, payload: {} });
    expect([
      await counted('/pmbok/api/probe/fine', 200),
      await counted('/pmbok/api/probe/refused', 400),
      await counted('unknown', 404),
    ]).toEqual(before.map((n) => n + 1));
  });
});
