import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** Calls again until `ready` accepts the answer: what arrives through the event bus takes a moment. */
async function poll<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 60 && !ready(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('task projects through the gateway', () => {
  let h: Harness;
  let owner: string;
  let alice: string;
  let outsider: string;
  let aliceId: string;
  let outsiderId: string;
  let teamId: string;
  let templateId: string;
  let newTeamId: string;
  let projectId: string;
  let taskId: string;
  let otherTaskId: string;
  let flowIds: Record<'待处理' | '进行中' | '已完成' | '测试中', string>;

  const as =
    (token: string) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`task/${path}`, { teamId, ...body }, token);

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register('13700000001');
    alice = await h.register('13700000002');
    outsider = await h.register('13700000003');
    aliceId = String((await h.call('userInfo/getUserInfo', {}, alice)).data.userId);
    outsiderId = String((await h.call('userInfo/getUserInfo', {}, outsider)).data.userId);
    teamId = String((await h.call('team/create', { teamName: '研发部' }, owner)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    expect((await h.call('team/shareJoin', { shareCode }, alice)).code).toBe(200);
  });
  afterAll(async () => {
    await h.close();
  });

  it('makes a template project, and a new team created from it gets a copy through the bus', async () => {
    const created = await poll(
      () => as(owner)('newProject', { name: '研发模板', description: '标准研发流程', isTemplate: 'true' }),
      (answer) => answer.code === 200,
    );
    expect(created.code).toBe(200);
    templateId = String(created.data.taskProjectId);
    expect((await as(owner)('createFlow', { projectId: templateId, name: '测试中' })).code).toBe(200);
    expect((await as(owner)('newProject', { name: ' ' })).msg).toBe('请输入项目名称');
    expect((await as(owner)('newProject', { name: 'x'.repeat(51) })).msg).toBe('项目名称最多50个字符');
    expect((await h.call('task/newProject', { name: '无团队' }, owner)).msg).toBe('请先选择或创建团队');
    // The team guide offers it (SPEC §3 team init data).
    const check = await h.call('userInfo/teamInitCheck', { teamId }, owner);
    expect(check.data.templateTaskProjectList).toEqual([
      expect.objectContaining({ name: '研发模板', isTemplate: true }),
    ]);

    const team = await h.call('team/create', { teamName: '新团队', sourceTaskProject: `[${templateId}]` }, owner);
    newTeamId = String(team.data.teamId);
    const templates = await poll(
      () => h.call('task/templateList', { teamId: newTeamId }, owner),
      (answer) => answer.data?.length === 1,
    );
    expect(templates.data).toEqual([
      expect.objectContaining({
        name: '研发模板',
        description: '标准研发流程',
        isTemplate: true,
        sourceTaskProjectId: Number(templateId),
        teamId: Number(newTeamId),
        myRole: 'owner',
        status: 'active',
      }),
    ]);
    expect(templates.data[0].flows.map((f: { name: string }) => f.name)).toEqual([
      '待处理',
      '进行中',
      '已完成',
      '测试中',
    ]);
    const mine = await h.call('task/userProject', { teamId: newTeamId }, owner);
    expect(mine.data.map((p: { name: string }) => p.name)).toEqual(['研发模板']);
    expect((await as(owner)('templateList')).data.map((p: { taskProjectId: number }) => p.taskProjectId)).toEqual([
      Number(templateId),
    ]);
  });

  it('creates a project from the template, adds team members, and stars it to the top', async () => {
    const created = await as(owner)('createByTemplate', { templateProjectId: templateId });
    projectId = String(created.data.taskProjectId);
    const detail = (await as(owner)('projectDetail', { projectId })).data;
    expect(detail).toMatchObject({ name: '研发模板', isTemplate: false, sourceTaskProjectId: Number(templateId) });
    flowIds = Object.fromEntries(
      detail.flows.map((f: { name: string; flowId: number }) => [f.name, String(f.flowId)]),
    ) as typeof flowIds;
    expect(Object.keys(flowIds)).toEqual(['待处理', '进行中', '已完成', '测试中']);

    const batch = (userIds: string[]) =>
      as(owner)('batchCreateProjectUser', { projectId, userIds: JSON.stringify(userIds) });
    expect((await batch([outsiderId])).msg).toBe('只能添加本团队的成员');
    expect((await batch([aliceId])).data).toEqual({ added: 1 });
    expect((await batch([aliceId])).data).toEqual({ added: 0 });
    const members = (await as(alice)('projectUser', { projectId })).data;
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['用户0001', 'owner'],
      ['用户0002', 'member'],
    ]);
    expect((await as(alice)('createFlow', { projectId, name: '越权' })).msg).toBe('没有权限执行此操作');

    expect((await as(alice)('updateProject', { projectId, name: '越权' })).msg).toBe('没有权限执行此操作');
    expect((await as(owner)('updateProject', { projectId, description: '只改描述', poster: '5' })).code).toBe(200);
    expect((await as(alice)('projectDetail', { projectId })).data).toMatchObject({
      name: '研发模板',
      description: '只改描述',
      poster: 5,
      isTemplate: false,
      myRole: 'member',
    });
    expect((await as(owner)('starProject', { projectId })).code).toBe(200);
    const mine = (await as(owner)('userProject')).data;
    expect(mine.map((p: { taskProjectId: number; isStar: boolean }) => [p.taskProjectId, p.isStar])[0]).toEqual([
      Number(projectId),
      true,
    ]);
    expect((await as(alice)('userProject')).data.map((p: { name: string }) => p.name)).toEqual(['研发模板']);
  });

  it('runs a task across the board: drag, start and stop with time, comment, transfer, finish', async () => {
    const created = await as(owner)('newTask', {
      projectId,
      name: '登录页',
      workHour: '8',
      urgentLevel: '1',
      content: '<p onclick="steal()">需求<script>alert(1)</script><a href="javascript:x">链接</a></p>',
    });
    expect(created.code).toBe(200);
    taskId = String(created.data.taskId);
    otherTaskId = String(
      (await as(alice)('newTask', { projectId, name: '注册页', flowId: flowIds.进行中 })).data.taskId,
    );
    expect((await as(owner)('newTask', { projectId, name: 'x', userId: outsiderId })).msg).toBe('执行者必须是项目成员');

    const detail = (await as(owner)('taskDetail', { projectId, taskId })).data;
    expect(detail).toMatchObject({ name: '登录页', status: 'todo', flowName: '待处理', workHour: 8, urgentLevel: 1 });
    expect(detail.content).toBe('<p>需求<a>链接</a></p>');

    expect((await as(alice)('moveFlow', { projectId, taskId, flowId: flowIds.进行中 })).code).toBe(200);
    const board = (await as(owner)('projectTask', { projectId })).data;
    expect(board.map((c: { name: string; tasks: { name: string }[] }) => [c.name, c.tasks.map((t) => t.name)])).toEqual(
      [
        ['待处理', []],
        ['进行中', ['登录页', '注册页']],
        ['已完成', []],
        ['测试中', []],
      ],
    );

    expect((await as(owner)('stopTask', { projectId, taskId })).msg).toBe('任务未开始，不能暂停');
    expect((await as(owner)('startTask', { projectId, taskId, content: '开工' })).code).toBe(200);
    h.advanceClock(90 * 60_000);
    expect((await as(owner)('stopTask', { projectId, taskId, content: '<b>等接口</b>' })).code).toBe(200);
    expect((await as(owner)('taskDetail', { projectId, taskId })).data).toMatchObject({
      status: 'paused',
      spentHours: 1.5,
    });

    expect(
      (await as(alice)('comment', { projectId, taskId, content: '<p>看一下<img src=x onerror=alert(1)></p>' })).code,
    ).toBe(200);
    expect((await as(alice)('comment', { projectId, taskId, content: '<script>only()</script>' })).msg).toBe(
      '请输入评论内容',
    );
    const comments = (await as(owner)('taskComments', { projectId, taskId, page: '1', pageSize: '10' })).data;
    expect(comments).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(comments.list[0]).toMatchObject({ content: '<p>看一下</p>', userName: '用户0002' });

    expect((await as(owner)('transfer', { projectId, taskId, userId: aliceId })).code).toBe(200);
    const assigned = (await as(alice)('taskList', { projectId, userId: aliceId, sort: 'name' })).data;
    expect(assigned.list.map((t: { name: string }) => t.name)).toEqual(['注册页', '登录页']);
    expect((await as(alice)('startTask', { projectId, taskId })).code).toBe(200);
    h.advanceClock(30 * 60_000);
    expect((await as(alice)('finishTask', { projectId, taskId, content: '已上线' })).code).toBe(200);
    expect((await as(alice)('taskDetail', { projectId, taskId })).data).toMatchObject({
      status: 'finished',
      spentHours: 2,
      userId: Number(aliceId),
      userName: '用户0002',
      commentCount: 1,
    });
    expect((await as(alice)('startTask', { projectId, taskId })).msg).toBe('任务已完成，不能开始');
    expect((await as(alice)('taskList', { projectId, status: 'finished' })).data.total).toBe(1);
  });

  it('tells the activity log from the task events, in order, with who did each step', async () => {
    const logs = (await as(alice)('taskLogs', { projectId, taskId })).data;
    expect(logs.list.map((l: { content: string }) => l.content)).toEqual([
      '用户0001 创建了任务「登录页」',
      '用户0002 将任务移动到「进行中」',
      '用户0001 开始了任务',
      '用户0001 暂停了任务（本次用时 1.5 小时）',
      '用户0002 发表了评论',
      '用户0001 将任务转交给 用户0002',
      '用户0002 继续了任务',
      '用户0002 完成了任务（本次用时 0.5 小时）',
    ]);
    expect(logs.list[3]).toMatchObject({ type: 'TaskStopped', note: '<b>等接口</b>', userId: expect.any(Number) });
    const page2 = (await as(alice)('taskLogs', { projectId, taskId, page: '2', pageSize: '3' })).data;
    expect(page2).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(page2.list.map((l: { type: string }) => l.type)).toEqual([
      'TaskStopped',
      'TaskCommented',
      'TaskTransferred',
    ]);

    const report = (await as(owner)('workHourReport', { projectId })).data;
    expect(report).toMatchObject({ estimatedHours: 8, spentHours: 2, taskCount: 2 });
    expect(report.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: Number(aliceId), estimatedHours: 8, spentHours: 2, taskCount: 2 }),
      ]),
    );
  });

  it('refuses to delete a flow while tasks are in it', async () => {
    expect((await as(owner)('deleteFlow', { projectId, flowId: flowIds.进行中 })).msg).toBe(
      '该阶段还有 2 个任务，请先将任务移到其他阶段再删除',
    );
    expect((await as(owner)('updateFlow', { projectId, flowId: flowIds.测试中, name: '验收', sort: '0' })).code).toBe(
      200,
    );
    expect((await as(owner)('projectFlows', { projectId })).data.map((f: { name: string }) => f.name)).toEqual([
      '验收',
      '待处理',
      '进行中',
      '已完成',
    ]);
    expect((await as(owner)('deleteFlow', { projectId, flowId: flowIds.测试中 })).code).toBe(200);
  });

  it('refuses every change while the project is stopped, until its owner reopens it', async () => {
    expect((await as(alice)('stopTaskProject', { projectId })).msg).toBe('没有权限执行此操作');
    expect((await as(owner)('stopTaskProject', { projectId })).code).toBe(200);
    expect((await as(owner)('projectDetail', { projectId })).data.status).toBe('stopped');
    const stopped = '项目已暂停，请先恢复项目';
    expect((await as(alice)('newTask', { projectId, name: '新任务' })).msg).toBe(stopped);
    expect((await as(alice)('updateName', { projectId, taskId: otherTaskId, name: '改名' })).msg).toBe(stopped);
    expect((await as(alice)('startTask', { projectId, taskId: otherTaskId })).msg).toBe(stopped);
    expect((await as(alice)('comment', { projectId, taskId: otherTaskId, content: '评论' })).msg).toBe(stopped);
    expect((await as(owner)('createFlow', { projectId, name: '新阶段' })).msg).toBe(stopped);
    expect((await as(owner)('updateProject', { projectId, name: '改名' })).msg).toBe(stopped);
    expect((await as(owner)('taskList', { projectId })).data.total).toBe(2);
    expect((await as(owner)('finishTaskProject', { projectId })).msg).toBe('只有进行中的项目可以完成');
    expect((await as(owner)('reopenTaskProject', { projectId })).code).toBe(200);
    expect((await as(alice)('updateName', { projectId, taskId: otherTaskId, name: '注册与找回' })).code).toBe(200);
    expect((await as(owner)('closeTaskProject', { projectId })).code).toBe(200);
    expect((await as(alice)('moveFlow', { projectId, taskId: otherTaskId, flowId: flowIds.已完成 })).msg).toBe(
      '项目已关闭，请先重新打开项目',
    );
    expect((await as(owner)('reopenTaskProject', { projectId })).code).toBe(200);
  });

  it('answers malformed task bodies with 400 and a message, never 500', async () => {
    const bad: [string, Record<string, string>][] = [
      ['taskList', { projectId: 'abc' }],
      ['taskList', { projectId, pageSize: '101' }],
      ['taskList', { projectId, sort: 'password' }],
      ['taskList', { projectId, status: 'deleted' }],
      ['updateWorkHour', { projectId, taskId, workHour: '-1' }],
      ['updateUrgentLevel', { projectId, taskId, urgentLevel: '3' }],
      ['updatePreTime', { projectId, taskId: otherTaskId, startTime: '5', endTime: '4' }],
      ['batchCreateProjectUser', { projectId, userIds: '{bad' }],
      ['updateProjectUser', { projectId, userId: aliceId, role: 'owner' }],
      ['newTask', { projectId }],
      ['moveFlow', { projectId, taskId, flowId: '123' }],
    ];
    for (const [path, body] of bad) {
      const answer = await as(owner)(path, body);
      expect(answer.code, `${path} ${JSON.stringify(body)} → ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.msg.length, path).toBeGreaterThan(0);
    }
    expect((await as(owner)('batchCreateProjectUser', { projectId, userIds: '{bad' })).msg).toBe('成员列表格式错误');
  });

  it('gives a non-member code 400 and nothing on every task call', async () => {
    const ownTeam = String((await h.call('team/create', { teamName: '外人团队' }, outsider)).data.teamId);
    const p = { projectId };
    const t = { projectId, taskId };
    const calls: [string, Record<string, string>][] = [
      ['taskList', p],
      ['newTask', { ...p, name: '入侵' }],
      ['projectTask', p],
      ['taskDetail', t],
      ['projectDetail', p],
      ['createFlow', { ...p, name: '入侵' }],
      ['updateFlow', { ...p, flowId: flowIds.待处理, name: '入侵' }],
      ['deleteFlow', { ...p, flowId: flowIds.待处理 }],
      ['projectFlows', p],
      ['updateProject', { ...p, name: '入侵' }],
      ['copyProject', { sourceTaskProjectId: projectId, teamId: ownTeam }],
      ['createByTemplate', { templateProjectId: templateId, teamId: ownTeam }],
      ['moveFlow', { ...t, flowId: flowIds.待处理 }],
      ['updateName', { ...t, name: '入侵' }],
      ['startTask', t],
      ['stopTask', t],
      ['cancelTask', t],
      ['closeTask', t],
      ['finishTask', t],
      ['comment', { ...t, content: '入侵' }],
      ['taskComments', t],
      ['taskLogs', t],
      ['transfer', { ...t, userId: outsiderId }],
      ['updateWorkHour', { ...t, workHour: '1' }],
      ['updateUrgentLevel', { ...t, urgentLevel: '2' }],
      ['updatePreTime', { ...t, startTime: '1', endTime: '2' }],
      ['updateContent', { ...t, content: '入侵' }],
      ['starProject', p],
      ['cancelStarProject', p],
      ['stopTaskProject', p],
      ['finishTaskProject', p],
      ['closeTaskProject', p],
      ['reopenTaskProject', p],
      ['projectUser', p],
      ['batchCreateProjectUser', { ...p, userIds: `[${outsiderId}]` }],
      ['updateProjectUser', { ...p, userId: aliceId, role: 'administrator' }],
      ['deleteOtherProjectUser', { ...p, userId: aliceId }],
      ['workHourReport', p],
      // Calls scoped to the current team: the outsider names a team that is not theirs.
      ['newProject', { name: '入侵' }],
      ['userProject', {}],
      ['templateList', {}],
    ];
    for (const [path, body] of calls) {
      const answer = await as(outsider)(path, body);
      expect(answer.code, `${path} → ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.data, path).toBeNull();
      expect((await h.call(`task/${path}`, body)).code, `${path} without a token`).toBe(402);
    }
    const detail = (await as(owner)('taskDetail', t)).data;
    expect(detail).toMatchObject({ name: '登录页', status: 'finished', urgentLevel: 1 });
    expect((await as(owner)('projectUser', p)).data).toHaveLength(2);
    expect((await h.call('task/userProject', { teamId: ownTeam }, outsider)).data).toEqual([]);
  });

  it('keeps everything across a restart: read models rebuilt from the logs, no template copied twice', async () => {
    const before = (await as(owner)('taskLogs', { projectId, taskId })).data;
    await h.close();
    h = await startHarness(h.dataDir);
    const detail = await poll(
      () => as(owner)('taskDetail', { projectId, taskId }),
      (answer) => answer.data?.userName === '用户0002',
    );
    expect(detail.data).toMatchObject({ name: '登录页', status: 'finished', spentHours: 2, commentCount: 1 });
    expect((await as(owner)('taskLogs', { projectId, taskId })).data).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = await h.call('task/userProject', { teamId: newTeamId }, owner);
    expect(mine.data.map((p: { name: string }) => p.name)).toEqual(['研发模板']);
  });
});
