import { randomUUID } from 'node:crypto';
import { createNatsRealtime, processRealtime, type Realtime } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { embeddedOnly, type Harness, startHarness } from './harness.js';
import { authMessage, openLive as open } from './liveSocket.js';

describe('live connection (embedded: in-process realtime)', () => {
  let h: Harness;
  let base = '';
  let alice = '';
  let bob = '';
  let teamId = 0;
  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
    alice = await h.register('13900000001');
    bob = await h.register('13900000002');
    const created = await h.call('team/create', { teamName: '直播', sourceProject: '[]' }, alice);
    teamId = Number(created.data.teamId);
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a connection without a valid token as its first message, saying so before closing', async () => {
    const refusals = [
      open(base, 'not-a-token'),
      open(base, ''),
      // Nothing is answered before the token: a heartbeat first is no token.
      open(base, undefined),
    ];
    refusals[2]!.socket.once('open', () => refusals[2]!.send({ code: 200001, authorization: alice, data: {} }));
    for (const inbox of refusals) {
      expect(await inbox.next()).toMatchObject({ code: 402 });
      expect((await inbox.closed).code).toBe(4402);
    }
  });

  it('refuses a token in the URL, even a valid one, so that no client keeps writing tokens into logs', async () => {
    const inbox = open(`${base}?token=${encodeURIComponent(alice)}&teamId=${teamId}`, alice);
    expect(await inbox.next()).toMatchObject({ code: 402 });
    expect((await inbox.closed).code).toBe(4402);
  });

  it('answers what was sent right after the token once the token is checked, in order', async () => {
    const inbox = open(`${base}?teamId=${teamId}`);
    inbox.socket.once('open', () => {
      inbox.send(authMessage(alice));
      inbox.send({ code: 200001, authorization: alice, data: {} });
    });
    expect(await inbox.next()).toMatchObject({ code: 200, data: { teamId } });
    expect(await inbox.next()).toMatchObject({ code: 200001, msg: 'pong' });
    await inbox.close();
  });

  it('answers heartbeats and delivers pushes to the user and to their team', async () => {
    const inbox = open(`${base}?teamId=${teamId}`, alice);
    const hello = await inbox.next();
    expect(hello).toMatchObject({ code: 200, data: { teamId } });
    inbox.send({ code: 200001, authorization: alice, data: {} });
    expect(await inbox.next()).toMatchObject({ code: 200001 });
    const realtime = processRealtime();
    await realtime.publish({ userId: hello.data.userId }, { code: 200201, data: { unReadCount: 4 } });
    expect(await inbox.next()).toEqual({ code: 200201, data: { unReadCount: 4 } });
    await realtime.publish({ teamId }, { code: 200100, data: { teamId } });
    expect(await inbox.next()).toEqual({ code: 200100, data: { teamId } });
    inbox.socket.send('not json');
    expect(await inbox.next()).toMatchObject({ code: 400 });
    inbox.send('a string, not a message');
    expect(await inbox.next()).toMatchObject({ code: 400 });
    inbox.socket.close();
    await inbox.closed;
  });

  it('does not subscribe a socket to a team its user is not in', async () => {
    const inbox = open(`${base}?teamId=${teamId}`, bob);
    const hello = await inbox.next();
    expect(hello).toMatchObject({ code: 200, data: { teamId: 0 } });
    const realtime = processRealtime();
    await realtime.publish({ teamId }, { code: 200100, data: { secret: true } });
    await realtime.publish({ userId: hello.data.userId }, { code: 200201, data: { unReadCount: 1 } });
    // Pushes arrive in order on the socket: the first one it gets is the one to bob, not the team's.
    expect(await inbox.next()).toEqual({ code: 200201, data: { unReadCount: 1 } });
    inbox.socket.close();
    await inbox.closed;
  });
});

describe('live pushes from the task service', () => {
  let h: Harness;
  let base = '';
  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
  });
  afterAll(async () => {
    await h.close();
  });

  it("tells a project's members, and only them, that a task changed", async () => {
    const owner = await h.register('13900000101');
    const member = await h.register('13900000102');
    const bystander = await h.register('13900000103');
    const teamId = String((await h.call('team/create', { teamName: '看板', sourceProject: '[]' }, owner)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const token of [member, bystander])
      expect((await h.call('team/shareJoin', { shareCode }, token)).code).toBe(200);
    const idOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);
    const task = (path: string, body: Record<string, string>, token: string) =>
      h.call(`task/${path}`, { teamId, ...body }, token);
    const projectId = String((await task('newProject', { name: '实时' }, owner)).data.taskProjectId);
    const memberId = await idOf(member);
    for (let i = 0; i < 60; i++) {
      const added = await task('batchCreateProjectUser', { projectId, userIds: JSON.stringify([memberId]) }, owner);
      if (added.code === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50)); // the team roster arrives through the bus
    }
    const flows = (await task('projectDetail', { projectId }, owner)).data.flows as { flowId: number }[];
    const taskId = String((await task('newTask', { projectId, name: '拖动我' }, owner)).data.taskId);

    const watching = open(`${base}?teamId=${teamId}`, member);
    const outside = open(`${base}?teamId=${teamId}`, bystander);
    await watching.next();
    const outsideId = (await outside.next()).data.userId;
    expect((await task('moveFlow', { projectId, taskId, flowId: String(flows[1]!.flowId) }, owner)).code).toBe(200);
    // Team messages (badges, notifications, the team's activity) reach these sockets too; this test is about 200300.
    const messaging = new Set([200201, 200202, 200203]);
    const nextOf = async (inbox: typeof watching) => {
      for (;;) {
        const next = await inbox.next();
        if (!messaging.has(next.code)) return next;
      }
    };
    // Pushes for the project's earlier changes may still be on their way: each is for this project.
    let push = await nextOf(watching);
    while (push.data?.type !== 'TaskMovedToFlow') {
      expect(push).toMatchObject({ code: 200300, data: { taskProjectId: Number(projectId) } });
      push = await nextOf(watching);
    }
    expect(push).toEqual({
      code: 200300,
      data: {
        taskProjectId: Number(projectId),
        taskId: Number(taskId),
        type: 'TaskMovedToFlow',
        actorId: expect.any(Number),
      },
    });
    // The bystander is in the team but not in the project: the next thing it gets is its own probe.
    await processRealtime().publish({ userId: outsideId }, { code: 200100, data: { probe: true } });
    expect(await nextOf(outside)).toEqual({ code: 200100, data: { probe: true } });
    for (const inbox of [watching, outside]) {
      inbox.socket.close();
      await inbox.closed;
    }
  });
});

const { NATS_URL } = process.env;
if (!NATS_URL) {
  describe('live connection across two gateways (NATS)', () => {
    it.skip('needs NATS_URL (scripts/engines.sh start)', () => {});
  });
} else {
  describe('live connection across two gateways (NATS)', () => {
    let h: Harness;
    const prefix = `live-${randomUUID().slice(0, 8)}`;
    const gateways: { server: Awaited<ReturnType<typeof buildServer>>; realtime: Realtime; url: string }[] = [];
    let service: Realtime;
    beforeAll(async () => {
      h = await startHarness();
      const config = loadGatewayConfig({ ...process.env, ...embeddedOnly, DATA_DIR: h.dataDir, LOG_LEVEL: 'silent' });
      for (let i = 0; i < 2; i++) {
        const realtime = await createNatsRealtime(NATS_URL, { name: `gateway-${i}`, prefix });
        const server = await buildServer(config, h.addresses, realtime);
        await server.listen({ port: 0, host: '127.0.0.1' });
        const url = `ws://127.0.0.1:${(server.server.address() as { port: number }).port}/pmbok/ws`;
        gateways.push({ server, realtime, url });
      }
      // A service publishes through its own connection, as it would from its own process.
      service = await createNatsRealtime(NATS_URL, { name: 'service', prefix });
    });
    afterAll(async () => {
      for (const gateway of gateways) {
        await gateway.server.close();
        await gateway.realtime.close();
      }
      await service?.close();
      await h.close();
    });

    it('delivers a push for a user to their sockets on either gateway', async () => {
      const token = await h.register('13900000011');
      const other = await h.register('13900000012');
      const onFirst = open(gateways[0]!.url, token);
      const onSecond = open(gateways[1]!.url, token);
      const stranger = open(gateways[1]!.url, other);
      const { userId } = (await onFirst.next()).data;
      expect((await onSecond.next()).data.userId).toBe(userId);
      const strangerId = (await stranger.next()).data.userId;
      await service.publish({ userId }, { code: 200201, data: { unReadCount: 7 } });
      expect(await onFirst.next()).toEqual({ code: 200201, data: { unReadCount: 7 } });
      expect(await onSecond.next()).toEqual({ code: 200201, data: { unReadCount: 7 } });
      await service.publish({ userId: strangerId }, { code: 200201, data: { unReadCount: 1 } });
      expect(await stranger.next()).toEqual({ code: 200201, data: { unReadCount: 1 } });
      for (const inbox of [onFirst, onSecond, stranger]) {
        inbox.socket.close();
        await inbox.closed;
      }
    });
  });
}
