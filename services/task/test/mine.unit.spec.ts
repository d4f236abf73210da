import { type Caller, createMemoryReadStore, type DomainEvent, type Projection, type ReadStore } from '@pmbok/infra';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskContext } from '../src/application/context.js';
import { chinaDay, createMine, spreadPeriods } from '../src/application/mine.js';
import type { TaskEvent } from '../src/domain/task/task.js';
import type { TaskProjectEvent } from '../src/domain/taskProject/taskProject.js';
import { taskProjectsProjection } from '../src/projections/taskProjects/index.js';
import { tasksProjection } from '../src/projections/tasks/index.js';
import { taskPeriodsProjection } from '../src/projections/workPeriods/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026-11-23 00:00 in China (a Monday).
const MONDAY = Date.UTC(2026, 10, 22, 16);
const ME = 1;
const OTHER = 2;
const TEAM = 100;

let position = 0;
async function feed(store: ReadStore, projections: Projection[], streamId: string, events: DomainEvent[], at: number) {
  for (const event of events) {
    position += 1;
    const recorded = {
      ...event,
      metadata: { eventId: `e${position}`, streamId, version: position, globalPosition: position, at, actor: '1' },
    };
    for (const p of projections) if (p.canHandle.includes(event.type)) await p.handle(recorded, store);
  }
}

const projectEvents = (id: number, name: string, members: number[], teamId = TEAM): TaskProjectEvent[] => [
  {
    type: 'TaskProjectCreated',
    data: {
      taskProjectId: id,
      teamId,
      ownerId: members[0]!,
      name,
      description: '',
      logo: '',
      poster: 0,
      beginTime: 0,
      endTime: 0,
      isTemplate: false,
      sourceTaskProjectId: 0,
      flows: [
        { flowId: id * 10 + 2, name: '进行中', sort: 2 },
        { flowId: id * 10 + 1, name: '待处理', sort: 1 },
      ],
    },
  },
  ...members.map((userId, i) => ({
    type: 'ProjectMemberAdded' as const,
    data: { userId, role: i === 0 ? ('owner' as const) : ('member' as const) },
  })),
];

const created = (taskId: number, projectId: number, assigneeId: number, endTime: number): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    taskId,
    projectId,
    name: `任务${taskId}`,
    flowId: projectId * 10 + 1,
    flowName: '待处理',
    assigneeId,
    creatorId: assigneeId,
    workHour: 1,
    urgentLevel: 0,
    startTime: 0,
    endTime,
    content: '',
  },
});

describe('spreadPeriods', () => {
  it('splits a period crossing midnight in China between its days and clips it to the range', () => {
    const from = MONDAY;
    const to = MONDAY + 3 * DAY;
    // 22:00 Monday to 02:00 Tuesday China time, and a period that began before the range.
    const periods = [
      { from: MONDAY + 22 * HOUR, to: MONDAY + 26 * HOUR, userId: ME, projectId: 5 },
      { from: MONDAY - 2 * HOUR, to: MONDAY + HOUR, userId: ME, projectId: 6 },
    ];
    const { days, projects } = spreadPeriods(periods, from, to);
    expect([...days]).toEqual([
      ['2026-11-23', 3 * HOUR],
      ['2026-11-24', 2 * HOUR],
      ['2026-11-25', 0],
    ]);
    expect(projects.get(5)).toBe(4 * HOUR);
    expect(projects.get(6)).toBe(HOUR);
  });

  it('names days in China time', () => {
    expect(chinaDay(Date.UTC(2026, 10, 22, 16))).toBe('2026-11-23');
    expect(chinaDay(Date.UTC(2026, 10, 22, 15, 59))).toBe('2026-11-22');
  });
});

describe('my tasks, hours and stats', () => {
  const projections = [taskProjectsProjection, tasksProjection, taskPeriodsProjection];
  let store: ReadStore;
  let clock = MONDAY + 10 * HOUR;
  const caller = { userId: ME, teamId: TEAM } as Caller;
  const mine = () =>
    createMine({
      readStore: store,
      now: () => clock,
      currentTeam: async (c: Caller) => c.teamId,
    } as unknown as TaskContext);

  beforeEach(async () => {
    store = createMemoryReadStore();
    clock = MONDAY + 10 * HOUR;
    await feed(store, projections, 'taskProject-5', projectEvents(5, '研发', [ME, OTHER]), MONDAY - DAY);
    await feed(store, projections, 'taskProject-6', projectEvents(6, '市场', [OTHER, ME]), MONDAY - DAY);
    // A project of the team the caller is not in, and one of another team.
    await feed(store, projections, 'taskProject-7', projectEvents(7, '机密', [OTHER]), MONDAY - DAY);
    await feed(store, projections, 'taskProject-8', projectEvents(8, '别队', [ME], 200), MONDAY - DAY);
    // A template of the team: its tasks are examples, nobody's work.
    const template = projectEvents(9, '模板', [ME]);
    const created9 = template[0] as Extract<TaskProjectEvent, { type: 'TaskProjectCreated' }>;
    created9.data.isTemplate = true;
    await feed(store, projections, 'taskProject-9', template, MONDAY - DAY);
    const at = MONDAY - DAY;
    await feed(store, projections, 'task-51', [created(51, 5, ME, MONDAY + 20 * HOUR)], at); // due today
    await feed(store, projections, 'task-52', [created(52, 5, ME, MONDAY - HOUR)], at); // overdue
    await feed(store, projections, 'task-61', [created(61, 6, ME, MONDAY + 3 * DAY)], at); // this week
    await feed(store, projections, 'task-62', [created(62, 6, ME, 0)], at); // no end time
    await feed(store, projections, 'task-63', [created(63, 6, OTHER, MONDAY)], at); // someone else's
    await feed(store, projections, 'task-71', [created(71, 7, ME, MONDAY)], at); // a project I left
    await feed(store, projections, 'task-81', [created(81, 8, ME, MONDAY)], at); // another team
    await feed(store, projections, 'task-91', [created(91, 9, ME, MONDAY)], at); // a template's
  });

  it('lists my open tasks of my projects of the team by end time, those without one last', async () => {
    const all = await mine().tasks(
      { endFrom: 0, endTo: 0, includeDone: false, projectId: 0, page: 1, pageSize: 0 },
      caller,
    );
    expect(all.tasks.map((t) => [t.task.taskId, t.projectName])).toEqual([
      [52, '研发'],
      [51, '研发'],
      [61, '市场'],
      [62, '市场'],
    ]);
    expect(all.total).toBe(4);
    const today = await mine().tasks(
      { endFrom: MONDAY, endTo: MONDAY + DAY, includeDone: false, projectId: 0, page: 1, pageSize: 10 },
      caller,
    );
    expect(today.tasks.map((t) => t.task.taskId)).toEqual([51]);
    const overdue = await mine().tasks(
      { endFrom: 0, endTo: clock, includeDone: false, projectId: 0, page: 1, pageSize: 10 },
      caller,
    );
    expect(overdue.tasks.map((t) => t.task.taskId)).toEqual([52]);
    const paged = await mine().tasks(
      { endFrom: 0, endTo: 0, includeDone: false, projectId: 6, page: 2, pageSize: 1 },
      caller,
    );
    expect([paged.total, paged.tasks.map((t) => t.task.taskId)]).toEqual([2, [62]]);
    await expect(
      mine().tasks({ endFrom: 0, endTo: 0, includeDone: false, projectId: 7, page: 1, pageSize: 1 }, caller),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('leaves finished tasks out unless asked, and counts hours from the work-hour record', async () => {
    const started = MONDAY + 9 * HOUR;
    await feed(
      store,
      projections,
      'task-51',
      [{ type: 'TaskStarted', data: { content: '', from: 'todo', startedAt: started } }],
      started,
    );
    await feed(
      store,
      projections,
      'task-51',
      [{ type: 'TaskFinished', data: { content: '', from: 'in_progress', workedMs: 2 * HOUR } }],
      started + 2 * HOUR,
    );
    // Running since 08:00 on Tuesday, now 10:00 on Tuesday.
    const running = MONDAY + DAY + 8 * HOUR;
    await feed(
      store,
      projections,
      'task-61',
      [{ type: 'TaskStarted', data: { content: '', from: 'todo', startedAt: running } }],
      running,
    );
    clock = running + 2 * HOUR;
    const open = await mine().tasks(
      { endFrom: 0, endTo: 0, includeDone: false, projectId: 5, page: 1, pageSize: 9 },
      caller,
    );
    expect(open.tasks.map((t) => t.task.taskId)).toEqual([52]);
    const withDone = await mine().tasks(
      { endFrom: 0, endTo: 0, includeDone: true, projectId: 5, page: 1, pageSize: 9 },
      caller,
    );
    expect(withDone.tasks.map((t) => t.task.taskId)).toEqual([52, 51]);

    const week = await mine().workHours(MONDAY, MONDAY + 7 * DAY, caller);
    expect(week.days).toHaveLength(7);
    expect(week.days.slice(0, 3)).toEqual([
      { date: '2026-11-23', hours: 2 },
      { date: '2026-11-24', hours: 2 },
      { date: '2026-11-25', hours: 0 },
    ]);
    expect(week.projects).toEqual([
      { projectId: 5, projectName: '研发', hours: 2 },
      { projectId: 6, projectName: '市场', hours: 2 },
    ]);
    expect(week.total).toBe(4);
    // Someone else's hours are not mine.
    const theirs = await mine().workHours(MONDAY, MONDAY + 7 * DAY, { userId: OTHER, teamId: TEAM } as Caller);
    expect(theirs.total).toBe(0);
    await expect(mine().workHours(MONDAY, MONDAY + 63 * DAY, caller)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(mine().workHours(MONDAY, MONDAY, caller)).rejects.toMatchObject({ kind: 'invalid' });

    const stats = await mine().stats(MONDAY, caller);
    expect(stats).toEqual({
      openByStage: [
        { name: '待处理', count: 4 },
        { name: '进行中', count: 0 },
      ],
      openTotal: 4,
      overdue: 2,
      finishedSince: 1,
      mineOpen: 3,
    });
    expect((await mine().stats(clock, caller)).finishedSince).toBe(0);
  });
});
