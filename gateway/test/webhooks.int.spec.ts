import { createHmac } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type EventStore, openSqliteEventStore } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { type Actors, buildWorld, registerActors, type World } from './security/world.js';

const NOT_MANAGER = '只有管理员可以管理 Webhook';
const TIMEOUT_MS = 500;

interface Received {
  path: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook target: each path answers as its handler says, and every request is kept and announced. */
function startReceiver() {
  const received: Received[] = [];
  const arrivals = new EventEmitter();
  const hanging = new Set<ServerResponse>();
  const handlers = new Map<string, (response: ServerResponse, count: number) => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const entry = {
        path: url.pathname,
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(entry);
      const count = received.filter((r) => r.path === entry.path).length;
      const handler = handlers.get(entry.path);
      if (handler) handler(response, count);
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (!response.writableEnded) hanging.add(response);
      arrivals.emit(entry.path, entry);
    });
  });
  return {
    received,
    handlers,
    server,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    /** The next request to `path` (or one that has come already when `count` are expected). */
    async arrival(path: string, count = 1): Promise<Received> {
      const seen = received.filter((r) => r.path === path);
      if (seen.length >= count) return seen[count - 1]!;
      while (true) {
        const [entry] = (await once(arrivals, path)) as [Received];
        if (received.filter((r) => r.path === path).length >= count) return entry;
      }
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

const json = (body: unknown) => (response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('webhooks through the gateway', () => {
  let h: Harness;
  let a: Actors;
  let w: World;
  let log: EventStore;
  const receiver = startReceiver();
  let activitySeq = 0;

  beforeAll(async () => {
    receiver.server.listen(0, '127.0.0.1');
    await once(receiver.server, 'listening');
    h = await startHarness(undefined, {
      env: {
        PMBOK_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
        PMBOK_WEBHOOK_RETRY_MS: '50,100',
        PMBOK_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
        PUBLIC_URL: 'https://pmbok.example.com',
      },
    });
    a = await registerActors(h);
    w = await buildWorld(h, a);
    // The messaging service's own log, as the notifications part appends to it.
    log = openSqliteEventStore({ file: join(h.dataDir, 'messaging.db'), sync: 'normal' });
  }, 60_000);
  afterAll(async () => {
    receiver.close();
    await h?.close();
    await log?.close();
  });

  const call = (path: string, body: Record<string, string>, token = a.owner.token) =>
    h.call(path, { teamId: w.teamId, ...body }, token);
  const save = async (body: Record<string, string>, token = a.owner.token) => {
    const answer = await call('webhook/save', { scope: 'team', kind: 'generic', name: '研发群', ...body }, token);
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
    return answer.data as { webhookId: number; hasSecret: boolean; lastStatus: string };
  };
  const deliveries = async (webhookId: number) =>
    (await call('webhook/deliveries', { webhookId: String(webhookId), pageSize: '50' })).data as {
      list: { status: string; event: string; attempts: { statusCode: number; error: string }[] }[];
      total: number;
    };
  /** Waits until the webhook's deliveries satisfy `done` (the worker records attempts after the target answered). */
  const deliveriesUntil = async (webhookId: number, done: (d: Awaited<ReturnType<typeof deliveries>>) => boolean) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const found = await deliveries(webhookId);
      if (done(found)) return found;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`deliveries of ${webhookId}: ${JSON.stringify(await deliveries(webhookId))}`);
  };
  /** An activity as the notifications part records it (ActivityRecorded on activity-<id>). */
  const record = async (kind: string, extra: Record<string, unknown> = {}) => {
    const activityId = Date.now() * 1000 + ++activitySeq;
    const data = {
      activityId,
      kind,
      teamId: Number(w.teamId),
      projectId: Number(w.projectId),
      projectKind: 'task',
      projectName: w.projectName,
      actorId: Number(a.owner.userId),
      actorName: '张三',
      title: `张三 把任务「${w.taskName}」转交给了李四`,
      summary: w.projectName,
      link: `/task/${w.projectId}/${w.taskId}`,
      targetKind: 'task',
      targetId: Number(w.taskId),
      changes: [],
      recipients: [],
      at: Date.now(),
      ...extra,
    };
    await log.append(`activity-${data.activityId}`, [{ type: 'ActivityRecorded', data }], 'any');
    return data;
  };

  it('is for the scope managers only: plain and read-only members, other teams and outsiders are refused', async () => {
    const project = { scope: 'project', projectId: w.projectId, projectKind: 'task' };
    expect(await call('webhook/list', { scope: 'team' }, a.admin.token)).toMatchObject({ code: 200, data: [] });
    expect(await call('webhook/list', project, a.admin.token)).toMatchObject({ code: 200 });
    for (const someone of [a.teamMember, a.projectMember, a.stranger]) {
      expect(await call('webhook/list', { scope: 'team' }, someone.token)).toMatchObject({
        code: 400,
        msg: NOT_MANAGER,
      });
      expect(await call('webhook/list', project, someone.token)).toMatchObject({ code: 400, msg: NOT_MANAGER });
    }
    // A knowledge project in which teamMember may only read.
    const made = await call('project/create', { name: '只读知识库', privateType: 'members' });
    const projectId = String(made.data.projectId);
    await call('project/batchCreateProjectUser', { projectId, userIds: `[${a.teamMember.userId}]`, role: 'viewer' });
    const knowledge = { scope: 'project', projectId, projectKind: 'api' };
    expect(await call('webhook/list', knowledge)).toMatchObject({ code: 200 });
    expect(await call('webhook/list', knowledge, a.teamMember.token)).toMatchObject({ code: 400, msg: NOT_MANAGER });
    const hook = await save({ url: receiver.url('/acl'), events: '["doc.changed"]' });
    for (const someone of [a.teamMember, a.projectMember, a.stranger]) {
      const id = { webhookId: String(hook.webhookId) };
      for (const path of ['webhook/test', 'webhook/deliveries', 'webhook/delete']) {
        expect((await call(path, id, someone.token)).code, `${path}`).toBe(400);
      }
      expect(
        (await call('webhook/save', { ...id, url: receiver.url('/x'), events: '["doc.changed"]' }, someone.token)).code,
      ).toBe(400);
    }
    expect(receiver.received.filter((r) => r.path === '/acl')).toEqual([]);
  });

  it('checks the input with messages the user reads, and never answers the secret', async () => {
    const base = {
      scope: 'team',
      kind: 'generic',
      name: '研发群',
      url: receiver.url('/v'),
      events: '["task.assigned"]',
    };
    const refused = async (change: Record<string, string>) => (await call('webhook/save', { ...base, ...change })).msg;
    expect(await refused({ name: ' ' })).toBe('请输入 Webhook 名称');
    expect(await refused({ name: '名'.repeat(51) })).toBe('Webhook 名称不能超过50个字符');
    expect(await refused({ url: 'ftp://example.com/' })).toBe('Webhook 地址必须以 http:// 或 https:// 开头');
    expect(await refused({ kind: 'slack' })).toBe('Webhook 类型不正确');
    expect(await refused({ events: '[]' })).toBe('请至少选择一种事件');
    expect(await refused({ events: '["nope"]' })).toBe('事件类型不正确：nope');
    const saved = await save({ ...base, secret: 'top-secret' });
    expect(saved.hasSecret).toBe(true);
    const listed = await call('webhook/list', { scope: 'team' });
    expect(JSON.stringify(listed)).not.toContain('top-secret');
    const renamed = await save({ ...base, webhookId: String(saved.webhookId), name: '改名' });
    expect(renamed).toMatchObject({ webhookId: saved.webhookId, hasSecret: true });
    const cleared = await save({ ...base, webhookId: String(saved.webhookId), clearSecret: '1' });
    expect(cleared.hasSecret).toBe(false);
    expect(await call('webhook/delete', { webhookId: String(saved.webhookId) })).toMatchObject({ code: 200 });
    expect(await call('webhook/test', { webhookId: String(saved.webhookId) })).toMatchObject({ msg: 'Webhook 不存在' });
  });

  it('refuses addresses that are not allow-listed when saving', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'http://127.0.0.2:8080/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
    ]) {
      const answer = await call('webhook/save', {
        scope: 'team',
        kind: 'generic',
        name: 'x',
        url,
        events: '["task.assigned"]',
      });
      expect(answer.code, url).toBe(400);
      expect(answer.msg, url).toContain('PMBOK_WEBHOOK_ALLOWED_NETWORKS');
    }
  });

  it('delivers an activity once, signed, to the generic endpoint', async () => {
    const hook = await save({ url: receiver.url('/generic'), secret: 'whsec-1', events: '["task.assigned"]' });
    const activity = await record('task.assigned');
    const got = await receiver.arrival('/generic');
    const timestamp = String(got.headers['x-pmbok-timestamp']);
    // The signature computed here another way (the HMAC fed in parts) than the service does.
    const expected = createHmac('sha256', 'whsec-1').update(timestamp).update('.').update(got.body).digest('hex');
    expect(got.headers['x-pmbok-signature']).toBe(`sha256=${expected}`);
    expect(got.headers['x-pmbok-event']).toBe('task.assigned');
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      event: 'task.assigned',
      teamId: activity.teamId,
      projectId: activity.projectId,
      title: activity.title,
      link: `https://pmbok.example.com/task/${w.projectId}/${w.taskId}`,
      actor: { id: activity.actorId, name: '张三' },
    });
    expect(String(body.deliveryId)).toBe(got.headers['x-pmbok-delivery']);
    // Recorded again (a redelivered event): nothing new is queued. The next activity shows the worker got past it.
    await log.append(`activity-${activity.activityId}`, [{ type: 'ActivityRecorded', data: activity }], 'any');
    await record('task.assigned');
    const after = await deliveriesUntil(
      hook.webhookId,
      (d) => d.total === 2 && d.list.every((x) => x.status === 'succeeded'),
    );
    expect(after.list[0]!.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: '' })]);
    expect(receiver.received.filter((r) => r.path === '/generic')).toHaveLength(2);
    const listed = (await call('webhook/list', { scope: 'team' })).data as { webhookId: number; lastStatus: string }[];
    expect(listed.find((x) => x.webhookId === hook.webhookId)?.lastStatus).toBe('succeeded');
  });

  it('delivers a real activity: a task transferred in the task service', async () => {
    const hook = await save({ url: receiver.url('/transfer'), events: '["task.transferred"]', kind: 'generic' });
    const moved = await call('task/transfer', {
      projectId: w.projectId,
      taskId: w.taskId,
      userId: a.projectMember.userId,
    });
    expect(moved).toMatchObject({ code: 200 });
    const body = JSON.parse((await receiver.arrival('/transfer')).body);
    expect(body).toMatchObject({
      event: 'task.transferred',
      teamId: Number(w.teamId),
      projectId: Number(w.projectId),
      title: expect.stringContaining(`把任务「${w.taskName}」转交给了`),
      actor: { id: Number(a.owner.userId) },
    });
    await deliveriesUntil(hook.webhookId, (d) => d.list[0]?.status === 'succeeded');
  });

  it("sends a project's activities to its webhooks only", async () => {
    const project = { scope: 'project', projectId: w.projectId, projectKind: 'task' };
    const hook = await save({ ...project, url: receiver.url('/project'), events: '["task.commented"]' });
    await record('task.commented', { projectId: 1, projectKind: 'task' });
    await record('task.commented');
    await receiver.arrival('/project');
    const found = await deliveriesUntil(hook.webhookId, (d) => d.list[0]?.status === 'succeeded');
    expect(found.total).toBe(1);
  });

  it('retries after a failed attempt and shows both in the delivery log', async () => {
    receiver.handlers.set('/flaky', (response, count) =>
      count === 1 ? response.writeHead(500).end('boom') : json({})(response),
    );
    const hook = await save({ url: receiver.url('/flaky'), events: '["task.status"]' });
    await record('task.status');
    await receiver.arrival('/flaky', 2);
    const found = await deliveriesUntil(hook.webhookId, (d) => d.list[0]?.status === 'succeeded');
    expect(found.list[0]!.attempts).toEqual([
      expect.objectContaining({ statusCode: 500, error: 'Webhook 地址返回 HTTP 500' }),
      expect.objectContaining({ statusCode: 200, error: '' }),
    ]);
  });

  it('gives up after the last retry', async () => {
    receiver.handlers.set('/down', (response) => response.writeHead(503).end());
    const hook = await save({ url: receiver.url('/down'), events: '["team.role"]' });
    await record('team.role');
    const found = await deliveriesUntil(hook.webhookId, (d) => d.list[0]?.status === 'failed');
    expect(found.list[0]!.attempts.map((x) => x.statusCode)).toEqual([503, 503, 503]);
    expect(
      (await call('webhook/list', { scope: 'team' })).data.find(
        (x: { webhookId: number }) => x.webhookId === hook.webhookId,
      ).lastStatus,
    ).toBe('failed');
  });

  it('tests a Feishu robot: signed, and its error code is a failed attempt with its message', async () => {
    receiver.handlers.set('/feishu', (response, count) =>
      json(count === 1 ? { code: 0, msg: 'success' } : { code: 19021, msg: 'sign match fail' })(response),
    );
    const hook = await save({
      kind: 'feishu',
      url: receiver.url('/feishu'),
      secret: 'SEC-f',
      events: '["version.saved"]',
    });
    const first = await call('webhook/test', { webhookId: String(hook.webhookId) });
    expect(first).toMatchObject({ code: 200, data: { event: 'test', status: 'succeeded' } });
    const sent = JSON.parse((await receiver.arrival('/feishu')).body);
    const sign = createHmac('sha256', Buffer.from(`${sent.timestamp}\n${'SEC-f'}`)).digest('base64');
    expect(sent).toMatchObject({ msg_type: 'text', sign, content: { text: expect.stringContaining('测试') } });
    const second = await call('webhook/test', { webhookId: String(hook.webhookId) });
    expect(second.data).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: 200, error: '飞书返回错误：19021 sign match fail' }],
    });
    expect((await deliveries(hook.webhookId)).total).toBe(2);
  });

  it('does not follow a redirect', async () => {
    receiver.handlers.set('/redirect', (response) =>
      response.writeHead(302, { location: receiver.url('/private') }).end(),
    );
    const hook = await save({ url: receiver.url('/redirect'), events: '["version.saved"]' });
    const answer = await call('webhook/test', { webhookId: String(hook.webhookId) });
    expect(answer.data).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: 302, error: 'Webhook 地址返回了重定向，未跟随' }],
    });
    expect(receiver.received.filter((r) => r.path === '/private')).toEqual([]);
  });

  it('ends an attempt at the timeout, and a hanging target slows nobody else', async () => {
    receiver.handlers.set('/hang', () => {});
    const hang = await save({ url: receiver.url('/hang'), events: '["task.overdue"]' });
    const quick = await save({ url: receiver.url('/quick'), events: '["team.joined"]' });
    let hangAnswered = false;
    const hanging = call('webhook/test', { webhookId: String(hang.webhookId) }).finally(() => {
      hangAnswered = true;
    });
    await receiver.arrival('/hang');
    // While the target hangs: other calls answer, and so does another webhook's test.
    expect(await call('webhook/list', { scope: 'team' })).toMatchObject({ code: 200 });
    expect((await call('webhook/test', { webhookId: String(quick.webhookId) })).data.status).toBe('succeeded');
    expect(hangAnswered).toBe(false);
    expect((await hanging).data).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: 0, error: `Webhook 地址超过 ${TIMEOUT_MS} 毫秒未响应` }],
    });
    // The worker: many deliveries to the hanging target hold one slot; another webhook's delivery goes at once.
    for (let i = 0; i < 5; i++) await record('task.overdue');
    await receiver.arrival('/hang', 2);
    await record('team.joined');
    await receiver.arrival('/quick', 2);
    const pending = (await deliveries(hang.webhookId)).list.filter(
      (d) => d.status === 'pending' || d.status === 'retrying',
    );
    expect(pending.length).toBeGreaterThan(0);
  });

  it('refuses at send time an address that is not allow-listed (a webhook saved before the allow-list changed)', async () => {
    const webhookId = Date.now();
    const settings = {
      name: '旧地址',
      kind: 'generic',
      url: 'http://10.1.2.3/hook',
      secret: '',
      events: ['task.assigned'],
      enabled: true,
    };
    const place = { webhookId, teamId: Number(w.teamId), scope: 'team', projectId: 0, projectKind: '' };
    await log.append(
      `webhook-${webhookId}`,
      [{ type: 'WebhookCreated', data: { ...place, ...settings, createdAt: Date.now() } }],
      0,
    );
    let answer = await call('webhook/test', { webhookId: String(webhookId) });
    for (let tries = 0; answer.msg === 'Webhook 不存在' && tries < 100; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
      answer = await call('webhook/test', { webhookId: String(webhookId) });
    }
    expect(answer.data).toMatchObject({ status: 'failed', attempts: [{ statusCode: 0 }] });
    expect(answer.data.attempts[0].error).toContain('不能向内网、本机或云服务元数据地址发送：10.1.2.3');
  });
});
