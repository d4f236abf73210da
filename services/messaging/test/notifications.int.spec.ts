import type { PublishedEvent, Recorded } from '@pmbok/infra';
import type { ProjectEvents } from '@pmbok/project-service/events';
import type { TaskEvents } from '@pmbok/task-service/events';
import type { TeamEvents } from '@pmbok/team-service/events';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ACTIVITY_PHRASES, isActivityPhrase, wordActivity } from '../src/domain/phrases.js';
import { checkOverdue } from '../src/reactions/activities/overdue.js';
import { onProjectEvent } from '../src/reactions/activities/project.js';
import { onTaskEvent } from '../src/reactions/activities/task.js';
import { onTeamEvent } from '../src/reactions/activities/team.js';
import { DAY, notificationsLog } from './notificationsLog.js';

const A = 11; // owner of the team and the projects
const B = 12;
const C = 13;
const D = 14; // in the team, in no project

type AnyEvent = { type: string; data: unknown; metadata: unknown };
const asTask = (event: AnyEvent) => event as Recorded<PublishedEvent<TaskEvents>>;
const asTeam = (event: AnyEvent) => event as Recorded<PublishedEvent<TeamEvents>>;
const asProject = (event: AnyEvent) => event as Recorded<PublishedEvent<ProjectEvents>>;

let current: ReturnType<typeof notificationsLog> | null = null;
const phrasesUsed = new Set<string>();
afterEach(async () => {
  // Every sentence the reactions recorded is the Chinese table's wording of its phrase (they cannot drift).
  for (const { phrase, args, title, recipients } of (await current?.activities()) ?? []) {
    expect(phrase && isActivityPhrase(phrase), String(phrase)).toBe(true);
    expect(title).toBe(wordActivity(phrase!, args!));
    phrasesUsed.add(phrase!);
    for (const recipient of recipients) {
      expect(recipient.title).toBe(wordActivity(recipient.phrase ?? phrase!, recipient.args ?? args!));
      if (recipient.phrase) phrasesUsed.add(recipient.phrase);
    }
  }
  await current?.close();
  current = null;
});
afterAll(() => {
  // The scenarios here word most of the table (the rest: team.activity and chat tests).
  expect(phrasesUsed.size).toBeGreaterThan(Object.keys(ACTIVITY_PHRASES).length / 2);
});

async function world() {
  const log = notificationsLog();
  current = log;
  for (const [userId, name] of [
    [A, '张三'],
    [B, '李四'],
    [C, '王五'],
    [D, '赵六'],
  ] as const) {
    await log.user(userId, name);
  }
  const teamId = await log.team(A, [B, C, D], [B]);
  const taskProjectId = await log.taskProject(teamId, A, [B, C]);
  const { taskId } = await log.task(taskProjectId, A, A);
  const task = async (type: string, data: object, actor: number) =>
    onTaskEvent(log.context, asTask(await log.emit('task', `task-${taskId}`, type, data, actor)));
  return { log, teamId, taskProjectId, taskId, task };
}

describe('notifications from task events', () => {
  it('tells the new and former assignee of a transfer, with a link to the task, once even when delivered twice', async () => {
    const { log, teamId, taskProjectId, taskId } = await world();
    const transfer = await log.emit('task', `task-${taskId}`, 'TaskTransferred', { fromUserId: A, toUserId: B }, C);
    await onTaskEvent(log.context, asTask(transfer));
    await onTaskEvent(log.context, asTask(transfer));
    await log.redeliver('task', transfer);
    await onTaskEvent(log.context, asTask(transfer));

    const [toB] = await log.inbox(B);
    expect(await log.inbox(B)).toHaveLength(1);
    expect(toB).toMatchObject({
      kind: 'task.transferred',
      group: 'task',
      teamId,
      projectId: taskProjectId,
      projectKind: 'task',
      actorId: C,
      actorName: '王五',
      title: '王五 把任务「登录页」转交给你',
      phrase: 'task.transferred.you',
      args: { actor: '王五', target: '登录页' },
      link: `/task/home/${taskProjectId}?task=${taskId}`,
      targetKind: 'task',
      targetId: taskId,
      read: false,
    });
    expect((await log.inbox(A)).map((n) => n.title)).toEqual(['王五 把你的任务「登录页」转交给了李四']);
    expect(await log.inbox(C)).toEqual([]); // nobody is told of their own action
    expect(await log.activities()).toHaveLength(1);
  });

  it('tells members @mentioned in a comment (once, by the mention), and the assignee and creator of the comment', async () => {
    const { log, task } = await world();
    await task('TaskTransferred', { fromUserId: A, toUserId: B }, A);
    await task(
      'TaskCommented',
      { commentId: 1, content: '<p><span data-mention-id="13">@王五</span> 看&amp;看</p>', mentionIds: [C, D] },
      B,
    );
    expect((await log.inbox(C)).map((n) => [n.kind, n.title, n.summary])).toEqual([
      ['task.mentioned', '李四 在任务「登录页」的评论中提到了你', '@王五 看&看'],
    ]);
    expect(await log.inbox(D)).toEqual([]); // not a member of the task project
    expect((await log.inbox(A)).map((n) => n.kind)).toEqual(['task.commented']); // the creator
    expect((await log.inbox(B)).map((n) => n.kind)).toEqual(['task.transferred']); // the author, told nothing new
  });

  it('tells an assignee of a task made for them and the creator of a status change, never the one acting', async () => {
    const { log, taskProjectId, task } = await world();
    const made = await log.task(taskProjectId, A, C, 0, '支付');
    await onTaskEvent(log.context, asTask(made.event));
    expect((await log.inbox(C)).map((n) => n.title)).toEqual(['张三 给你分配了任务「支付」']);
    await task('TaskTransferred', { fromUserId: A, toUserId: B }, A);
    await task('TaskStarted', { from: 'todo' }, B);
    expect((await log.inbox(A)).map((n) => [n.kind, n.title])).toEqual([['task.status', '李四 开始了任务「登录页」']]);
    expect((await log.inbox(B)).map((n) => n.kind)).toEqual(['task.transferred']);
  });

  it('applies preferences: a muted kind is not recorded, quiet mode records all but personal kinds as read', async () => {
    const { log, task } = await world();
    await log.prefer(B, ['task.commented'], true);
    await log.prefer(A, [], true);
    await task('TaskTransferred', { fromUserId: A, toUserId: B }, C);
    await task('TaskCommented', { commentId: 1, content: 'x' }, C);
    expect((await log.inbox(B)).map((n) => [n.kind, n.read])).toEqual([['task.transferred', false]]);
    // task.transferred is a personal kind: unread even in quiet mode.
    expect((await log.inbox(A)).map((n) => [n.kind, n.read])).toEqual([
      ['task.transferred', false],
      ['task.commented', true],
    ]);
  });

  it('tells followers of a task or its project of its comments', async () => {
    const { log, teamId, taskProjectId, task } = await world();
    await log.follow(C, teamId, 'taskProject', taskProjectId);
    await log.follow(D, teamId, 'taskProject', taskProjectId); // not a member: told nothing
    await task('TaskCommented', { commentId: 1, content: 'x' }, B);
    expect((await log.inbox(C)).map((n) => n.kind)).toEqual(['task.commented']);
    expect(await log.inbox(D)).toEqual([]);
  });

  it('tells the assignee once when a due time passes on an open task', async () => {
    const { log, taskProjectId } = await world();
    const due = 1_700_000_000_000 + 5 * DAY;
    const late = await log.task(taskProjectId, A, B, due, '上线');
    const done = await log.task(taskProjectId, A, C, due, '已完成');
    await log.emit('task', `task-${done.taskId}`, 'TaskFinished', { from: 'todo' }, C);
    log.setNow(due - 1);
    await checkOverdue(log.context, new Set());
    expect(await log.inbox(B)).toEqual([]);
    log.setNow(due + 60_000);
    await checkOverdue(log.context, new Set());
    await checkOverdue(log.context, new Set()); // another replica, or a restart
    expect((await log.inbox(B)).map((n) => [n.kind, n.title, n.actorId, n.link])).toEqual([
      ['task.overdue', '任务「上线」已逾期', 0, `/task/home/${taskProjectId}?task=${late.taskId}`],
    ]);
    expect(await log.inbox(C)).toEqual([]);
  });

  it('records nothing for events older than the age limit (a new service does not replay history)', async () => {
    const { log, task } = await world();
    log.setNow(1_700_000_000_000 + 2 * DAY);
    await task('TaskTransferred', { fromUserId: A, toUserId: B }, C);
    expect(await log.activities()).toEqual([]);
  });
});

describe('notifications from team events', () => {
  it('tells managers of joins and departures, a removed member account-wide, an invited account by telephone', async () => {
    const { log, teamId } = await world();
    const team = (type: string, data: object, actor: number) =>
      log.emit('team', `team-${teamId}`, type, data, actor).then((event) => onTeamEvent(log.context, asTeam(event)));
    await log.user(20, '新人');
    await team('MemberJoined', { userId: 20, role: 'member', via: 'shareCode', inviterId: 0 }, 20);
    await team('MemberRemoved', { userId: C }, B);
    await team('TelephoneInvited', { telephone: '138000021', inviterId: B }, B);
    await log.user(21, '被邀请');
    await team('TelephoneInvited', { telephone: '138000021', inviterId: B }, B);
    await team('MemberRoleChanged', { userId: D, role: 'administrator' }, A);

    expect((await log.inbox(A)).map((n) => [n.kind, n.title])).toEqual([
      ['team.joined', `新人 加入了团队「团队${teamId}」`],
      ['team.left', `李四 把王五移出了团队「团队${teamId}」`],
    ]);
    expect((await log.inbox(B)).map((n) => n.kind)).toEqual(['team.joined']);
    expect((await log.inbox(C)).map((n) => [n.kind, n.teamId, n.title])).toEqual([
      ['team.left', 0, `李四 把你移出了团队「团队${teamId}」`],
    ]);
    expect((await log.inbox(21)).map((n) => [n.kind, n.teamId, n.title, n.link])).toEqual([
      ['team.invited', 0, `李四 邀请你加入团队「团队${teamId}」`, '/team/index'],
    ]);
    expect((await log.inbox(D)).map((n) => n.title)).toEqual([`张三 把你在团队「团队${teamId}」的角色改为管理员`]);
  });
});

describe('notifications from project events', () => {
  it('tells followers of a document, its folders or its project which parts a save changed, if they may read it', async () => {
    const { log, teamId } = await world();
    const projectId = await log.project(teamId, A, [B, C], 'members');
    const folder = await log.node(projectId, 0, 'folder', '订单');
    const doc = await log.node(projectId, folder.nodeId, 'api', '下单', { method: 'post', path: '/orders' });
    await log.follow(B, teamId, 'folder', folder.nodeId);
    await log.follow(C, teamId, 'doc', doc.docId);
    await log.follow(D, teamId, 'project', projectId); // not a member of a members-only project
    await log.follow(A, teamId, 'project', projectId); // the one who saves
    const save = await log.emit(
      'project',
      `projectDoc-${doc.docId}`,
      'DocSaved',
      { version: 2, content: { method: 'post', path: '/orders/new', responses: [] } },
      A,
    );
    await onProjectEvent(log.context, asProject(save));
    await onProjectEvent(log.context, asProject(save));
    const expected = {
      kind: 'doc.changed',
      title: '张三 修改了文档「下单」',
      changes: ['路径', '响应'],
      summary: '修改了：路径、响应',
      link: `/project/index/${projectId}?doc=${doc.nodeId}`,
      targetKind: 'doc',
      targetId: doc.docId,
    };
    expect(await log.inbox(B)).toEqual([expect.objectContaining(expected)]);
    expect(await log.inbox(C)).toEqual([expect.objectContaining(expected)]);
    expect(await log.inbox(D)).toEqual([]);
    expect(await log.inbox(A)).toEqual([]);

    const rename = await log.emit(
      'project',
      `projectTree-${projectId}`,
      'StructureNodeRenamed',
      {
        nodeId: doc.nodeId,
        docId: doc.docId,
        name: '创建订单',
        changes: [],
      },
      B,
    );
    await onProjectEvent(log.context, asProject(rename));
    expect((await log.inbox(C)).map((n) => [n.title, n.changes])).toEqual([
      ['张三 修改了文档「下单」', ['路径', '响应']],
      ['李四 重命名了文档「创建订单」', ['名称']],
    ]);
  });

  it('tells followers of a saved version, and the creator and starter of a failed test run', async () => {
    const { log, teamId } = await world();
    const projectId = await log.project(teamId, A, [B, C], 'members');
    await log.follow(B, teamId, 'project', projectId);
    const version = await log.emit(
      'project',
      `projectVersions-${projectId}`,
      'ProjectVersionSaved',
      {
        versionId: 7,
        projectId,
        name: 'v1.0',
        notes: '首个版本',
        auto: false,
        createdBy: A,
      },
      A,
    );
    await onProjectEvent(log.context, asProject(version));
    expect((await log.inbox(B)).map((n) => [n.kind, n.title, n.link])).toEqual([
      ['version.saved', `张三 保存了项目「项目${projectId}」的版本「v1.0」`, `/project/version/${projectId}`],
    ]);

    await log.emit(
      'project',
      'projectTestScenario-70',
      'TestScenarioCreated',
      { testScenarioId: 70, projectId, name: '下单流程', createdBy: C },
      C,
    );
    await log.emit(
      'project',
      'projectTestRun-71',
      'TestRunStarted',
      { testRunId: 71, projectId, name: '下单流程', testScenarioId: 70, userId: B },
      B,
    );
    const finished = await log.emit(
      'project',
      'projectTestRun-71',
      'TestRunFinished',
      {
        testRunId: 71,
        projectId,
        status: 'failed',
        summary: { requests: 3, failedRequests: 0, assertions: 5, failedAssertions: 2 },
        message: '',
      },
      B,
    );
    await onProjectEvent(log.context, asProject(finished));
    for (const userId of [B, C]) {
      expect((await log.inbox(userId)).filter((n) => n.kind === 'test.failed').map((n) => [n.title, n.link])).toEqual([
        ['测试「下单流程」运行失败', `/project/test/${projectId}?scenario=70`],
      ]);
    }
    // the counts also travel as arguments, for the console to word the summary in English
    const [activity] = (await log.activities()).filter((a) => a.kind === 'test.failed');
    expect([activity?.summary, activity?.args]).toEqual([
      '2项失败（请求3个）',
      { target: '下单流程', failed: '2', requests: '3' },
    ]);
  });
});
