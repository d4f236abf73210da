import { randomUUID } from 'node:crypto';
import { createMemoryRealtime, createNatsRealtime, processRealtime, type Realtime } from '@pmbok/infra';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.js';
import sessions from '../src/plugins/sessions.js';
import liveRoutes from '../src/routes/live.js';
import { buildServer } from '../src/server.js';
import { embeddedOnly, type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';

type Server = Awaited<ReturnType<typeof buildServer>>;
const wsUrl = (server: Pick<Server, 'server'>) =>
  `ws://127.0.0.1:${(server.server.address() as { port: number }).port}/pmbok/ws`;

/** A second session of the account the harness registered with this telephone. */
async function signInAgain(h: Harness, telephone: string): Promise<string> {
  const login = await h.call('user/loginByPassword', { username: telephone, password: 'Passw0rd!' });
  if (login.code !== 200) throw new Error(`loginByPassword: ${login.msg}`);
  return login.data.token;
}

const expectSignedOut = async (inbox: Inbox) => {
  expect(await inbox.next()).toEqual({ code: 402, msg: '登录已失效', data: null });
  expect((await inbox.closed).code).toBe(4402);
};

/** Still open and answering, and the control push that closed another session's sockets never reached it. */
const expectStillOpen = async (inbox: Inbox) => {
  inbox.send({ code: 200001, authorization: '', data: {} });
  expect(await inbox.next()).toMatchObject({ code: 200001, msg: 'pong' });
};

describe('live connection: the token is the first message', () => {
  it('closes a socket that sends no token within the time allowed', async () => {
    const app = Fastify();
    const authenticate = async () => ({ userId: 1, sessionId: 's' });
    app.decorate('services', { auth: { authenticate }, team: {} } as never);
    const realtime = createMemoryRealtime();
    await app.register(sessions, { realtime });
    await app.register(liveRoutes, { realtime, authMs: 50 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const silent = openLive(wsUrl(app));
    expect(await silent.next()).toMatchObject({ code: 402 });
    expect((await silent.closed).code).toBe(4402);
    await app.close();
  });

  it('answers connected before any push heard while it subscribed', async () => {
    const app = Fastify();
    const authenticate = async () => ({ userId: 7, sessionId: 's' });
    app.decorate('services', { auth: { authenticate }, team: {} } as never);
    // A push that arrives the moment the socket subscribes (a busy channel), before it could be told `connected`.
    const realtime = createMemoryRealtime();
    const eager: Realtime = {
      ...realtime,
      subscribe: async (audience, listener) => {
        const unsubscribe = await realtime.subscribe(audience, listener);
        listener({ code: 200500, msg: 'success', data: { early: true } });
        return unsubscribe;
      },
    };
    await app.register(sessions, { realtime });
    await app.register(liveRoutes, { realtime: eager });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const inbox = openLive(wsUrl(app), 'token');
    expect(await inbox.next()).toMatchObject({ code: 200, msg: 'connected', data: { userId: 7 } });
    expect(await inbox.next()).toMatchObject({ code: 200500, data: { early: true } });
    await inbox.close();
    await app.close();
  });
});

describe('live connections of a session that ends close at once, on every gateway', () => {
  let h: Harness;
  let second: Server;
  const urls: string[] = [];
  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    // A second gateway in front of the same services; both hear pushes through the process's realtime.
    const config = loadGatewayConfig({ ...process.env, ...embeddedOnly, DATA_DIR: h.dataDir, LOG_LEVEL: 'silent' });
    second = await buildServer(config, h.addresses);
    await second.listen({ port: 0, host: '127.0.0.1' });
    urls.push(wsUrl(h.app), wsUrl(second));
  });
  afterAll(async () => {
    await second?.close();
    await h.close();
  });

  it('closes the sockets of a session that logs out, and only those', async () => {
    const telephone = '13900000201';
    const a = await h.register(telephone);
    const b = await signInAgain(h, telephone);
    const [a1, a2, b1, b2] = [
      openLive(urls[0]!, a),
      openLive(urls[1]!, a),
      openLive(urls[0]!, b),
      openLive(urls[1]!, b),
    ];
    for (const inbox of [a1, a2, b1, b2]) await connected(inbox);

    expect((await h.call('userInfo/logout', {}, a)).code).toBe(200);
    await expectSignedOut(a1);
    await expectSignedOut(a2);
    await expectStillOpen(b1);
    await expectStillOpen(b2);
    // The ended session cannot come back on a new socket either.
    const again = openLive(urls[1]!, a);
    expect(await again.next()).toMatchObject({ code: 402 });
    expect((await again.closed).code).toBe(4402);
    await Promise.all([b1.close(), b2.close()]);
  });

  it('refuses a logged-out token on the other gateway at once, though both had it cached', async () => {
    const token = await h.register('13900000203');
    const userInfo = (server: Pick<Server, 'inject'>) =>
      server
        .inject({
          method: 'POST',
          url: '/pmbok/api/userInfo/getUserInfo',
          headers: { authorization: token },
          payload: {},
        })
        .then((r) => r.json() as { code: number });
    // Both gateways verified the session once, so both hold it in their caches.
    expect((await userInfo(h.app)).code).toBe(200);
    expect((await userInfo(second)).code).toBe(200);

    expect((await h.call('userInfo/logout', {}, token)).code).toBe(200);
    // No wait: the logout was answered only after every replica heard the session ended (a cache that was not told
    // would still answer 200 here).
    expect((await userInfo(second)).code).toBe(402);
    expect((await userInfo(h.app)).code).toBe(402);
  });

  it('closes the sockets of the sessions a password change ends, not those of the session that changed it', async () => {
    const telephone = '13900000202';
    const other = await h.register(telephone);
    const changer = await signInAgain(h, telephone);
    const [elsewhere, here] = [openLive(urls[1]!, other), openLive(urls[0]!, changer)];
    await connected(elsewhere);
    await connected(here);
    const changed = await h.call(
      'userInfo/resetPassword',
      { oldPassword: 'Passw0rd!', password: 'Neue-Passw0rd!', repeatPassword: 'Neue-Passw0rd!' },
      changer,
    );
    expect(changed.code).toBe(200);
    await expectSignedOut(elsewhere);
    await expectStillOpen(here);
    await here.close();
  });
});

const { NATS_URL } = process.env;
describe.skipIf(!NATS_URL)('live connections of a session that ends close across gateways (NATS)', () => {
  let h: Harness;
  const prefix = `live-sessions-${randomUUID().slice(0, 8)}`;
  const gateways: { server: Server; realtime: Realtime; url: string }[] = [];
  let service: Realtime;
  const bridges: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    h = await startHarness();
    const config = loadGatewayConfig({ ...process.env, ...embeddedOnly, DATA_DIR: h.dataDir, LOG_LEVEL: 'silent' });
    for (let i = 0; i < 2; i++) {
      const realtime = await createNatsRealtime(NATS_URL!, { name: `gateway-${i}`, prefix });
      const server = await buildServer(config, h.addresses, realtime);
      await server.listen({ port: 0, host: '127.0.0.1' });
      gateways.push({ server, realtime, url: wsUrl(server) });
    }
    service = await createNatsRealtime(NATS_URL!, { name: 'auth', prefix });
  });
  afterAll(async () => {
    for (const stop of bridges) await stop();
    for (const gateway of gateways) {
      await gateway.server.close();
      await gateway.realtime.close();
    }
    await service?.close();
    await h?.close();
  });

  it('closes the ended session on both gateways and keeps the other session', async () => {
    const telephone = '13900000211';
    const a = await h.register(telephone);
    const b = await signInAgain(h, telephone);
    const [a1, a2, b2] = [openLive(gateways[0]!.url, a), openLive(gateways[1]!.url, a), openLive(gateways[1]!.url, b)];
    await connected(a1);
    await connected(a2);
    await connected(b2);
    // The harness's auth service announces in process; this carries its announcements over NATS as its own
    // connection would.
    const sessions = { topic: 'sessions' } as const;
    bridges.push(await processRealtime().subscribe(sessions, (push) => void service.publish(sessions, push)));
    expect((await h.call('userInfo/logout', {}, a)).code).toBe(200);
    await expectSignedOut(a1);
    await expectSignedOut(a2);
    await expectStillOpen(b2);
    await b2.close();
  });
});
