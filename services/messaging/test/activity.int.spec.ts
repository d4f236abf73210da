import type { Caller, PublishedEvent, Recorded } from '@pmbok/infra';
import type { ProjectEvents } from '@pmbok/project-service/events';
import type { TaskEvents } from '@pmbok/task-service/events';
import type { TeamEvents } from '@pmbok/team-service/events';
import { afterEach, describe, expect, it } from 'vitest';
import { createActivity } from '../src/application/activity/index.js';
import { activityProjection, teamActivities } from '../src/projections/activity/index.js';
import { onProjectEvent } from '../src/reactions/activities/project.js';
import { onTaskEvent } from '../src/reactions/activities/task.js';
import { onTeamEvent } from '../src/reactions/activities/team.js';
import { notificationsLog } from './notificationsLog.js';

const A = 11; // owner of the team and of every project
const B = 12; // in task project 1
const C = 13; // in task project 2
const D = 14; // in the team, in no project
const E = 15; // owner of another team

type AnyEvent = { type: string; data: unknown; metadata: unknown };
const asTask = (event: AnyEvent) => event as Recorded<PublishedEvent<TaskEvents>>;
const asTeam = (event: AnyEvent) => event as Recorded<PublishedEvent<TeamEvents>>;
const asProject = (event: AnyEvent) => event as Recorded<PublishedEvent<ProjectEvents>>;

let current: ReturnType<typeof notificationsLog> | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

async function world() {
  const log = notificationsLog();
  current = log;
  for (const [userId, name] of [
    [A, '张三'],
    [B, '李四'],
    [C, '王五'],
    [D, '赵六'],
    [E, '外人'],
  ] as const) {
    await log.user(userId, name);
  }
  const teamId = await log.team(A, [B, C, D]);
  const otherTeam = await log.team(E);
  const one = await log.taskProject(teamId, A, [B]);
  const two = await log.taskProject(teamId, A, [C]);
  const secret = await log.project(teamId, A, [], 'members');
  const open = await log.project(teamId, A, [], 'team');
  const task = async (taskId: number, type: string, data: object, actor: number) =>
    onTaskEvent(log.context, asTask(await log.emit('task', `task-${taskId}`, type, data, actor)));
  const team = async (type: string, data: object, actor: number) =>
    onTeamEvent(log.context, asTeam(await log.emit('team', `team-${teamId}`, type, data, actor)));
  let applied = 0;
  /** Applies this service's new events to the activity feed, as the service's projection runner does. */
  const sync = async () => {
    for (const event of await log.eventStore.readAll(applied, 10_000)) {
      if (activityProjection.canHandle.includes(event.type)) await activityProjection.handle(event, log.store);
      applied = event.metadata.globalPosition;
    }
  };
  const activity = createActivity({ runtime: log.context.runtime, work: log.work, logger: log.context.logger });
  const as = (userId: number, team = teamId) => ({ userId, teamId: team }) as Caller;
  const list = async (userId: number, filter: Partial<Parameters<typeof activity.list>[0]> = {}) => {
    await sync();
    const answer = await activity.list(
      { page: 1, pageSize: 0, actorId: 0, group: '', projectId: 0, ...filter },
      as(userId),
    );
    return answer.activities.map((a) => [a.kind, a.title]);
  };
  return { log, teamId, otherTeam, one, two, secret, open, task, team, sync, activity, as, list };
}

describe('the team activity feed', () => {
  it('records an activity when nobody is told, and shows it to the members who may see its project', async () => {
    const { log, one, two, task, list } = await world();
    // A finishes a task A made for themselves: nobody to notify, still the team's activity.
    const own = await log.task(one, A, A, 0, '首页');
    await onTaskEvent(log.context, asTask(own.event));
    await task(own.taskId, 'TaskFinished', { from: 'todo' }, A);
    const other = await log.task(two, A, C, 0, '支付');
    await onTaskEvent(log.context, asTask(other.event));
    await task(other.taskId, 'TaskFinished', { from: 'todo' }, C);

    const recorded = await log.activities();
    expect(recorded.find((a) => a.title === '张三 完成了任务「首页」')?.recipients).toEqual([]);
    expect(await list(B)).toEqual([
      ['task.status', '张三 完成了任务「首页」'],
      ['task.assigned', '张三 创建了任务「首页」'],
    ]);
    expect(await list(C)).toEqual([
      ['task.status', '王五 完成了任务「支付」'],
      ['task.assigned', '张三 给王五分配了任务「支付」'],
    ]);
    expect(await list(D)).toEqual([]);
    expect(await list(A)).toHaveLength(4);
  });

  it('shows team activities to every member, leaves invitations out, and knowledge projects as their readers', async () => {
    const { log, teamId, secret, open, team, list, activity, as, otherTeam } = await world();
    await team('MemberJoined', { userId: 30, role: 'member', via: 'shareCode', inviterId: 0 }, 30);
    await team('TelephoneInvited', { telephone: '138000099', inviterId: A }, A);
    for (const projectId of [secret, open]) {
      const added = await log.emit(
        'project',
        `project-${projectId}`,
        'ProjectMemberAdded',
        { userId: B, role: 'viewer' },
        A,
      );
      await onProjectEvent(log.context, asProject(added));
    }
    expect((await log.activities()).map((a) => a.kind)).toContain('team.invited');
    // D reads the public project only; B was added to both.
    expect((await list(D)).map(([kind]) => kind)).toEqual(['project.member', 'team.joined']);
    expect((await list(B)).map(([kind]) => kind)).toEqual(['project.member', 'project.member', 'team.joined']);
    expect(await list(D, { group: 'team' })).toEqual([['team.joined', `有人 加入了团队「团队${teamId}」`]]);
    expect(await list(B, { actorId: A, projectId: open })).toHaveLength(1);
    // Paging, newest first.
    const paged = await activity.list({ page: 2, pageSize: 1, actorId: 0, group: '', projectId: 0 }, as(B));
    expect([paged.total, paged.activities.map((a) => a.projectId)]).toEqual([3, [secret]]);
    await expect(
      activity.list({ page: 1, pageSize: 1, actorId: 0, group: 'nope', projectId: 0 }, as(B)),
    ).rejects.toMatchObject({ kind: 'invalid' });
    // Someone of another team asking for this one, and a member of the other team reading theirs.
    await expect(activity.count(0, as(E))).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await activity.count(0, as(E, otherTeam))).toEqual([]);
    expect(await teamActivities(log.store).count({ kind: 'team.invited' })).toBe(0);
  });

  it('counts activities by kind since a time, with their distinct targets', async () => {
    const { log, one, task, sync, activity, as } = await world();
    const made = await log.task(one, A, B, 0, '登录页');
    await onTaskEvent(log.context, asTask(made.event));
    await task(made.taskId, 'TaskStarted', { from: 'todo' }, B);
    await task(made.taskId, 'TaskStopped', { from: 'in_progress' }, B);
    const since = (await log.activities()).at(-1)!.at;
    await task(made.taskId, 'TaskStarted', { from: 'paused' }, B);
    await sync();
    expect(await activity.count(0, as(B))).toEqual([
      { kind: 'task.assigned', count: 1, targets: 1 },
      { kind: 'task.status', count: 3, targets: 1 },
    ]);
    expect(await activity.count(since, as(B))).toEqual([{ kind: 'task.status', count: 2, targets: 1 }]);
    expect(await activity.count(0, as(D))).toEqual([]);
  });
});
