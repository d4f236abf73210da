import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;
/** The start of the China day holding `at`. */
const chinaDayStart = (at: number) => Math.floor((at + CHINA) / DAY) * DAY - CHINA;

/** The next push with this code (and matching `where`), skipping others on the way. */
async function nextPush(inbox: Inbox, code: number, where: (data: any) => boolean = () => true): Promise<any> {
  for (;;) {
    const push = await inbox.next();
    if (push.code === code && where(push.data)) return push.data;
  }
}

/**
 * Home and workspace through the gateway (docs/api/home.md): my tasks, hours and the team's counts from the task
 * service, the team's activity from the messaging service, and the 200203 push.
 */
describe('home and workspace', () => {
  let h: Harness;
  let base = '';
  let teamId = '';
  const people = { a: '', b: '', c: '', outsider: '' };
  const ids = { a: 0, b: 0, c: 0, outsider: 0 };
  const projects = { one: '', two: '', left: '', secret: '' };
  const tasks = { today: 0, overdue: 0, week: 0, later: 0, left: 0, ofB: 0 };
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });
  const call = (path: string, body: Record<string, string>, token: string) => h.call(path, { teamId, ...body }, token);
  const ok = async (path: string, body: Record<string, string>, token: string) => {
    const answer = await call(path, body, token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };
  const newTask = async (projectId: string, name: string, userId: number, endTime: number, token = people.a) =>
    (await ok('task/newTask', { projectId, name, userId: String(userId), endTime: String(endTime) }, token)).taskId;
  const addMembers = (projectId: string, userIds: number[], token: string) =>
    eventually(async () => {
      await ok('task/batchCreateProjectUser', { projectId, userIds: JSON.stringify(userIds) }, token);
    });
  const now = Date.now();
  const today = chinaDayStart(now);

  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
    let n = 0;
    for (const who of Object.keys(people) as (keyof typeof people)[]) {
      people[who] = await h.register(`1377000${String(++n).padStart(4, '0')}`);
      ids[who] = (await h.call('userInfo/getUserInfo', {}, people[who])).data.userId;
      expect((await h.call('userInfo/update', { nickname: who.toUpperCase() }, people[who])).code).toBe(200);
    }
    teamId = String((await h.call('team/create', { teamName: '首页团队', sourceProject: '[]' }, people.a)).data.teamId);
    await h.call('team/create', { teamName: '别的团队', sourceProject: '[]' }, people.outsider);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, people.a)).data;
    for (const token of [people.b, people.c])
      expect((await h.call('team/shareJoin', { shareCode }, token)).code).toBe(200);
    projects.one = String((await ok('task/newProject', { name: '研发' }, people.a)).taskProjectId);
    projects.two = String((await ok('task/newProject', { name: '市场' }, people.a)).taskProjectId);
    projects.left = String((await ok('task/newProject', { name: '旧项目' }, people.b)).taskProjectId);
    projects.secret = String((await ok('task/newProject', { name: '机密' }, people.b)).taskProjectId);
    await addMembers(projects.one, [ids.b], people.a);
    await addMembers(projects.left, [ids.a], people.b);

    // Due later today (China time), overdue, this week, and one in a project A leaves.
    tasks.today = await newTask(projects.one, '今天到期', ids.a, Math.floor(now + (today + DAY - now) / 2));
    tasks.overdue = await newTask(projects.two, '已逾期', ids.a, now - DAY);
    tasks.week = await newTask(projects.two, '本周', ids.a, now + 3 * DAY);
    tasks.later = await newTask(projects.one, '无期限', ids.a, 0);
    tasks.ofB = await newTask(projects.one, 'B的任务', ids.b, 0);
    tasks.left = await newTask(projects.left, '离开的项目', ids.a, now + HOUR, people.b);
    await ok('task/deleteOtherProjectUser', { projectId: projects.left, userId: String(ids.a) }, people.b);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists my tasks due today, overdue and this week across my projects, not those of a project I left', async () => {
    const names = async (body: Record<string, string>) =>
      (await ok('task/myTasks', body, people.a)).list.map((t: { name: string; projectName: string }) => [
        t.name,
        t.projectName,
      ]);
    expect(await names({ endFrom: String(today), endTo: String(today + DAY) })).toEqual([['今天到期', '研发']]);
    expect(await names({ endTo: String(now) })).toEqual([['已逾期', '市场']]);
    expect(await names({ endFrom: String(now), endTo: String(now + 7 * DAY) })).toEqual([
      ['今天到期', '研发'],
      ['本周', '市场'],
    ]);
    const all = await ok('task/myTasks', {}, people.a);
    expect(all.total).toBe(4);
    expect(all.list.map((t: { name: string }) => t.name)).toEqual(['已逾期', '今天到期', '本周', '无期限']);
    expect(all.list[0]).toMatchObject({ status: 'todo', flowName: '待处理', userId: ids.a, projectName: '市场' });
    // One project only, and paged.
    const page = await ok('task/myTasks', { projectId: projects.one, page: '2', pageSize: '1' }, people.a);
    expect([page.total, page.list.map((t: { name: string }) => t.name)]).toEqual([2, ['无期限']]);
    expect((await call('task/myTasks', { projectId: projects.secret }, people.a)).code).toBe(400);
    // A member in no project, and someone of another team.
    expect((await ok('task/myTasks', {}, people.c)).list).toEqual([]);
    expect((await call('task/myTasks', {}, people.outsider)).code).not.toBe(200);
  });

  it('counts open tasks by stage, overdue, finished this week and mine', async () => {
    await ok('task/finishTask', { projectId: projects.one, taskId: String(tasks.ofB) }, people.b);
    const stats = await ok('task/stats', { since: String(now - 7 * DAY) }, people.a);
    expect(stats).toEqual({
      openByStage: [
        { name: '待处理', count: 4 },
        { name: '进行中', count: 0 },
        { name: '已完成', count: 0 },
      ],
      openTotal: 4,
      overdue: 1,
      finishedSince: 1,
      mineOpen: 4,
    });
    const theirs = await ok('task/stats', { since: String(now - 7 * DAY) }, people.c);
    expect([theirs.openTotal, theirs.finishedSince, theirs.openByStage]).toEqual([0, 0, []]);
  });

  it('sums the hours I spent on tasks, per China day and per project', async () => {
    await ok('task/startTask', { projectId: projects.two, taskId: String(tasks.week) }, people.a);
    h.advanceClock(2 * HOUR);
    await ok('task/stopTask', { projectId: projects.two, taskId: String(tasks.week) }, people.a);
    const from = today - DAY;
    const to = today + 2 * DAY;
    const hours = await ok('task/myWorkHours', { from: String(from), to: String(to) }, people.a);
    expect(hours.days).toHaveLength(3);
    expect(hours.days[0].date).toBe(new Date(from + CHINA).toISOString().slice(0, 10));
    expect(hours.total).toBeCloseTo(2, 1);
    const summed = hours.days.reduce((sum: number, d: { hours: number }) => sum + d.hours, 0);
    expect(summed).toBeCloseTo(2, 1);
    expect(hours.projects).toHaveLength(1);
    expect(hours.projects[0]).toMatchObject({ projectId: Number(projects.two), projectName: '市场' });
    expect((await ok('task/myWorkHours', { from: String(from), to: String(to) }, people.b)).total).toBe(0);
    const tooLong = await call('task/myWorkHours', { from: String(from), to: String(from + 63 * DAY) }, people.a);
    expect(tooLong.code).toBe(400);
  });

  it("shows a task another member finished with its link, live, and not a project's activity to a non-member", async () => {
    const live = openLive(`${base}?teamId=${teamId}`, people.a);
    await connected(live);
    await ok('task/finishTask', { projectId: projects.one, taskId: String(tasks.today) }, people.b);
    // Pushes of the earlier tests' activities may still be on the way: this one is known by its id.
    let list: { activityId: number; title: string }[] = [];
    await eventually(async () => {
      list = (await ok('activity/list', { group: 'task' }, people.a)).list;
      expect(list[0]?.title).toBe('B 完成了任务「今天到期」');
    });
    const pushed = await nextPush(live, 200203, (data) => data.activityId === list[0]!.activityId);
    expect(pushed).toEqual({
      teamId: Number(teamId),
      activityId: list[0]!.activityId,
      kind: 'task.status',
      projectId: Number(projects.one),
    });
    await live.close();
    expect(list[0]).toMatchObject({
      kind: 'task.status',
      actorId: ids.b,
      actorName: 'B',
      title: 'B 完成了任务「今天到期」',
      // The sentence as a phrase the console words in the user's language.
      phrase: 'task.finished',
      args: { actor: 'B', target: '今天到期' },
      link: `/task/home/${projects.one}?task=${tasks.today}`,
      projectName: '研发',
      targetKind: 'task',
      targetId: tasks.today,
    });
    // B's own project: A is no member and never sees what happens in it; C (in no project) sees none of the tasks.
    const secretTask = await newTask(projects.secret, '机密任务', ids.b, 0, people.b);
    await ok('task/finishTask', { projectId: projects.secret, taskId: String(secretTask) }, people.b);
    await eventually(async () => {
      const mine = await ok('activity/list', { actorId: String(ids.b), pageSize: '100' }, people.b);
      expect(mine.list.some((a: { targetId: number }) => a.targetId === secretTask)).toBe(true);
    });
    const seenByA = await ok('activity/list', { pageSize: '100' }, people.a);
    expect(seenByA.list.some((a: { projectId: number }) => a.projectId === Number(projects.secret))).toBe(false);
    const seenByC = await ok('activity/list', { pageSize: '100' }, people.c);
    expect(seenByC.list.every((a: { projectId: number }) => a.projectId === 0)).toBe(true);
    expect(seenByC.list.map((a: { kind: string }) => a.kind)).toContain('team.joined');
    expect((await call('activity/list', {}, people.outsider)).code).not.toBe(200);

    const counts = await ok('activity/count', { since: String(now - DAY) }, people.a);
    // Finished B's task, started and stopped mine, finished today's: four changes of three tasks.
    expect(counts).toContainEqual({ kind: 'task.status', count: 4, targets: 3 });
  });
});
