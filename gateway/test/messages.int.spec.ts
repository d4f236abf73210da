import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';

/** The next push with this code (and matching `where`), skipping others on the way. */
async function nextPush(inbox: Inbox, code: number, where: (data: any) => boolean = () => true): Promise<any> {
  for (;;) {
    const push = await inbox.next();
    if (push.code === code && where(push.data)) return push.data;
  }
}

/**
 * Notifications and follows through the gateway (docs/api/messaging.md): the task, project and team services'
 * events reach the messaging service over the bus and come back as each person's inbox, badge and live pushes.
 */
describe('team messages: notifications and follows', () => {
  let h: Harness;
  let base = '';
  let teamId = '';
  let taskProjectId = '';
  let projectId = '';
  const people = { a: '', b: '', c: '', outsider: '' };
  const ids = { a: 0, b: 0, c: 0, outsider: 0 };
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });
  const call = (path: string, body: Record<string, string>, token: string) => h.call(path, { teamId, ...body }, token);
  const ok = async (path: string, body: Record<string, string>, token: string) => {
    const answer = await call(path, body, token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };
  const inbox = async (token: string, body: Record<string, string> = {}) =>
    (await ok('message/list', body, token)).list;

  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
    let n = 0;
    for (const who of Object.keys(people) as (keyof typeof people)[]) {
      people[who] = await h.register(`1376000${String(++n).padStart(4, '0')}`);
      ids[who] = (await h.call('userInfo/getUserInfo', {}, people[who])).data.userId;
      expect((await h.call('userInfo/update', { nickname: who.toUpperCase() }, people[who])).code).toBe(200);
    }
    teamId = String((await h.call('team/create', { teamName: '通知团队', sourceProject: '[]' }, people.a)).data.teamId);
    await h.call('team/create', { teamName: '别的团队', sourceProject: '[]' }, people.outsider);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, people.a)).data;
    for (const token of [people.b, people.c])
      expect((await h.call('team/shareJoin', { shareCode }, token)).code).toBe(200);
    taskProjectId = String((await ok('task/newProject', { name: '通知项目' }, people.a)).taskProjectId);
    await eventually(async () => {
      await ok(
        'task/batchCreateProjectUser',
        { projectId: taskProjectId, userIds: JSON.stringify([ids.b, ids.c]) },
        people.a,
      );
    });
    projectId = String((await ok('project/create', { name: '订单接口', privateType: 'members' }, people.a)).projectId);
    await eventually(async () => {
      await ok('project/batchCreateProjectUser', { projectId, userIds: `[${ids.b}]`, role: 'editor' }, people.a);
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('tells B of a task A transferred to them, once, with a link; the badge changes and is pushed live', async () => {
    const live = openLive(`${base}?teamId=${teamId}`, people.b);
    await connected(live);
    const { taskId } = await ok('task/newTask', { projectId: taskProjectId, name: '登录页' }, people.a);
    // B was told of being added to the projects; the transfer is the only task notification.
    const before = (await ok('message/unread', {}, people.b)).notifications;

    await ok('task/transfer', { projectId: taskProjectId, taskId: String(taskId), userId: String(ids.b) }, people.a);
    const pushed = await nextPush(live, 200202, (data) => data.notification.kind === 'task.transferred');
    expect(pushed).toMatchObject({ teamId: Number(teamId) });
    const badge = await nextPush(live, 200201);
    expect(badge).toEqual({ unReadCount: expect.any(Number), teamId: Number(teamId) });
    expect(badge.unReadCount).toBeGreaterThanOrEqual(1);

    const list = await inbox(people.b, { group: 'task' });
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'task.transferred',
        title: 'A 把任务「登录页」转交给你',
        phrase: 'task.transferred.you',
        args: { actor: 'A', target: '登录页' },
        actorId: ids.a,
        actorName: 'A',
        link: `/task/home/${taskProjectId}?task=${taskId}`,
        targetKind: 'task',
        targetId: taskId,
        projectId: Number(taskProjectId),
        projectKind: 'task',
        read: false,
      }),
    ]);
    expect(pushed.notification).toEqual(list[0]);
    const counts = await ok('message/unread', {}, people.b);
    expect(counts).toMatchObject({
      notifications: before + 1,
      unReadCount: counts.notifications + counts.conversations,
    });
    expect(await inbox(people.a, { group: 'task' })).toEqual([]); // nobody is told of their own action
    // A, the owner, was told of B and C joining.
    expect((await inbox(people.a, { group: 'team' })).map((n: any) => n.title)).toEqual([
      'C 加入了团队「通知团队」',
      'B 加入了团队「通知团队」',
    ]);
    expect((await inbox(people.b, { group: 'project' })).map((n: any) => n.kind)).toEqual([
      'project.member',
      'project.member',
    ]);

    // Marking it read moves the badge and pushes it.
    const read = await ok('message/read', { ids: JSON.stringify([list[0].notificationId]) }, people.b);
    expect(read.unReadCount).toBe(counts.unReadCount - 1);
    expect((await nextPush(live, 200201)).unReadCount).toBe(read.unReadCount);
    expect(await inbox(people.b, { group: 'task', unreadOnly: '1' })).toEqual([]);
    await live.close();
  });

  it('tells C of an @mention in a task comment, and the task’s creator of the comment', async () => {
    const { taskId } = await ok('task/newTask', { projectId: taskProjectId, name: '支付' }, people.a);
    const content = `<p><span data-mention-id="${ids.c}">@C</span> 请看一下</p>`;
    await ok('task/comment', { projectId: taskProjectId, taskId: String(taskId), content }, people.b);
    await eventually(async () => {
      expect((await inbox(people.c, { group: 'task' })).map((n: any) => [n.kind, n.title, n.summary])).toEqual([
        ['task.mentioned', 'B 在任务「支付」的评论中提到了你', '@C 请看一下'],
      ]);
    });
    await eventually(async () => {
      expect((await inbox(people.a, { group: 'task' })).map((n: any) => n.kind)).toEqual(['task.commented']);
    });
  });

  it('lets a member follow a document and tells them which parts someone else changed; refuses a non-member', async () => {
    const added = await ok(
      'project/addStructure',
      { projectId, kind: 'api', name: '下单', method: 'post', path: '/orders' },
      people.a,
    );
    const nodeId = String(added.projectStructureId);
    const detail = await ok('project/docDetail', { projectId, projectStructureId: nodeId }, people.a);
    const docId = String(detail.projectDocId);

    // C is in the team, not in the members-only project; an unknown kind and a made-up id are refused alike.
    const refused = await call('follow/add', { kind: 'doc', id: docId }, people.c);
    expect(refused).toMatchObject({ code: 400, msg: '关注的对象不存在或无权查看', data: null });
    expect((await call('follow/add', { kind: 'doc', id: '999999999' }, people.b)).code).toBe(400);
    expect((await call('follow/add', { kind: 'space', id: docId }, people.b)).code).toBe(400);
    expect((await call('follow/state', { kind: 'doc', id: docId }, people.c)).code).toBe(400);

    const follow = await eventually(async () => {
      const answer = await call('follow/add', { kind: 'doc', id: docId }, people.b);
      expect(answer.code, answer.msg).toBe(200);
    }).then(() => ok('follow/list', {}, people.b));
    expect(follow).toEqual([
      expect.objectContaining({
        target: { kind: 'doc', id: Number(docId) },
        name: '下单',
        projectId: Number(projectId),
        projectName: '订单接口',
        link: `/project/index/${projectId}?doc=${nodeId}`,
      }),
    ]);
    expect(await ok('follow/state', { kind: 'doc', id: docId }, people.b)).toEqual({ following: true, followers: 1 });
    expect(await ok('follow/state', { kind: 'doc', id: docId }, people.a)).toEqual({ following: false, followers: 1 });

    await ok(
      'project/saveDoc',
      {
        projectId,
        projectStructureId: nodeId,
        baseVersion: String(detail.version),
        doc: JSON.stringify({ method: 'POST', path: '/orders', description: '创建一笔订单', parameters: [] }),
      },
      people.a,
    );
    await eventually(async () => {
      expect((await inbox(people.b, { group: 'doc' })).map((n: any) => [n.kind, n.title, n.changes, n.link])).toEqual([
        [
          'doc.changed',
          'A 修改了文档「下单」',
          expect.arrayContaining(['说明']),
          `/project/index/${projectId}?doc=${nodeId}`,
        ],
      ]);
    });

    expect(await ok('follow/remove', { kind: 'doc', id: docId }, people.b)).toBeNull();
    expect(await ok('follow/list', {}, people.b)).toEqual([]);
  });

  it('keeps preferences: a muted kind is not recorded, quiet mode records the rest read; mark all read', async () => {
    const settings = await ok('message/settings', {}, people.c);
    expect(settings).toMatchObject({ mutedKinds: [], quiet: false });
    expect(settings.kinds).toContainEqual({ kind: 'task.overdue', group: 'task' });
    expect((await call('message/saveSettings', { mutedKinds: '["nope"]' }, people.c)).code).toBe(400);
    expect(
      await ok('message/saveSettings', { mutedKinds: JSON.stringify(['task.status']), quiet: '1' }, people.c),
    ).toMatchObject({ mutedKinds: ['task.status'], quiet: true });

    const { taskId } = await ok(
      'task/newTask',
      { projectId: taskProjectId, name: '发布', userId: String(ids.c) },
      people.a,
    );
    await ok('task/startTask', { projectId: taskProjectId, taskId: String(taskId), content: '' }, people.b);
    await ok('task/comment', { projectId: taskProjectId, taskId: String(taskId), content: '<p>好</p>' }, people.b);
    await eventually(async () => {
      const kinds = (await inbox(people.c)).map((n: any) => [n.kind, n.read]);
      expect(kinds).toEqual(
        expect.arrayContaining([
          ['task.commented', true],
          ['task.assigned', false],
        ]),
      );
      expect(kinds.map(([kind]: string[]) => kind)).not.toContain('task.status');
    });

    const all = await ok('message/read', { all: '1' }, people.c);
    expect((await ok('message/unread', {}, people.c)).notifications).toBe(0);
    expect(all.unReadCount).toBe((await ok('message/unread', {}, people.c)).unReadCount);
  });

  it('refuses someone outside the team', async () => {
    for (const path of ['message/list', 'message/unread', 'follow/list']) {
      expect((await call(path, {}, people.outsider)).code, path).toBe(400);
    }
  });
});
