import { describe, expect, it } from 'vitest';
import type { MyTask } from '../src/home/homeApi';
import { calendarView, layoutOfView, listTime, modeOfView, taskSlot } from '../src/work/calendarViews';
import { myTaskTable } from '../src/work/exportMine';
import { calendarSpan, groupByDue, groupByProject, rescheduled, shiftBy } from '../src/work/grouping';
import { DEFAULT_LAYOUT, layoutKey, readLayout, writeLayout } from '../src/work/layout';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const now = at(2026, 11, 25, 10); // a Wednesday

let nextId = 1;
const task = (fields: Partial<MyTask>): MyTask => ({
  taskId: nextId++,
  projectId: 1,
  projectName: '官网改版',
  name: `任务${nextId}`,
  flowId: 1,
  flowName: '待处理',
  userId: 7,
  userName: '张三',
  creatorId: 7,
  creatorName: '张三',
  workHour: 0,
  spentHours: 0,
  urgentLevel: 0,
  startTime: 0,
  endTime: 0,
  status: 'todo',
  content: '',
  commentCount: 0,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

describe('workspace groups', () => {
  it('groups by due date in the order 逾期, 今天, 本周, 以后, 无截止时间, leaving empty groups out', () => {
    const tasks = [
      task({ name: 'none' }),
      task({ name: 'later', endTime: at(2026, 12, 3) }),
      task({ name: 'today', endTime: at(2026, 11, 25, 18) }),
      task({ name: 'late', endTime: at(2026, 11, 20) }),
    ];
    const groups = groupByDue(tasks, now);
    expect(groups.map((group) => group.key)).toEqual(['overdue', 'today', 'later', 'none']);
    expect(groups.map((group) => group.tasks.map((t) => t.name))).toEqual([['late'], ['today'], ['later'], ['none']]);
    expect(groups[0]?.title).toBe('app.work.due.overdue');
  });

  it('groups by project, projects in Chinese order', () => {
    const tasks = [
      task({ projectId: 2, projectName: '移动端' }),
      task({ projectId: 1, projectName: '官网改版' }),
      task({ projectId: 2, projectName: '移动端' }),
    ];
    const groups = groupByProject(tasks);
    expect(groups.map((group) => [group.title, group.tasks.length])).toEqual([
      ['官网改版', 1],
      ['移动端', 2],
    ]);
  });
});

describe('workspace calendar', () => {
  it('spans a task from its start day to its end day (end exclusive); one date is one day; none is not shown', () => {
    expect(calendarSpan({ startTime: at(2026, 11, 23, 9), endTime: at(2026, 11, 25, 18) })).toEqual({
      start: at(2026, 11, 23),
      end: at(2026, 11, 26),
    });
    expect(calendarSpan({ startTime: 0, endTime: at(2026, 11, 25, 18) })).toEqual({
      start: at(2026, 11, 25),
      end: at(2026, 11, 26),
    });
    expect(calendarSpan({ startTime: 0, endTime: 0 })).toBeNull();
  });

  it('moves both times by whole days on a drop, the end only on a resize, keeping the times of day', () => {
    const planned = { startTime: at(2026, 11, 23, 9), endTime: at(2026, 11, 25, 18) };
    expect(rescheduled(planned, { days: 2 })).toEqual({
      startTime: at(2026, 11, 25, 9),
      endTime: at(2026, 11, 27, 18),
    });
    expect(rescheduled(planned, {}, { days: 3 })).toEqual({
      startTime: at(2026, 11, 23, 9),
      endTime: at(2026, 11, 28, 18),
    });
    expect(rescheduled({ startTime: 0, endTime: at(2026, 11, 25, 18) }, { days: -1 })).toEqual({
      startTime: 0,
      endTime: at(2026, 11, 24, 18),
    });
    expect(shiftBy(at(2026, 11, 30, 9), { days: 2 })).toBe(at(2026, 12, 2, 9));
  });

  it('moves times by hours on the week grid: a drop to another day and hour, a resize of the end', () => {
    const meeting = { startTime: at(2026, 11, 25, 10), endTime: at(2026, 11, 25, 11, 30) };
    const hours = (h: number) => h * 60 * 60 * 1000;
    expect(rescheduled(meeting, { days: 1, milliseconds: hours(4) })).toEqual({
      startTime: at(2026, 11, 26, 14),
      endTime: at(2026, 11, 26, 15, 30),
    });
    expect(rescheduled(meeting, { days: 0, milliseconds: 0 }, { milliseconds: hours(1) })).toEqual({
      startTime: at(2026, 11, 25, 10),
      endTime: at(2026, 11, 25, 12, 30),
    });
    // a deadline alone moves, the unset start stays unset
    expect(rescheduled({ startTime: 0, endTime: at(2026, 11, 25, 18) }, { milliseconds: -hours(2) })).toEqual({
      startTime: 0,
      endTime: at(2026, 11, 25, 16),
    });
  });

  it('shows grids on a desktop and lists on a phone, the remembered month or week either way', () => {
    expect(calendarView('month', false)).toBe('dayGridMonth');
    expect(calendarView('week', false)).toBe('timeGridWeek');
    expect(calendarView('month', true)).toBe('listMonth');
    expect(calendarView('week', true)).toBe('listWeek');
    expect(['dayGridMonth', 'timeGridWeek', 'listMonth', 'listWeek'].map(modeOfView)).toEqual([
      'month',
      'week',
      'month',
      'week',
    ]);
    expect(['dayGridMonth', 'timeGridWeek', 'listWeek'].map(layoutOfView)).toEqual(['days', 'hours', 'list']);
  });

  it('places a task on each view: whole days on the month, hours or the all-day row on the week, times on a list', () => {
    const meeting = { startTime: at(2026, 11, 25, 10), endTime: at(2026, 11, 25, 11, 30) };
    const long = { startTime: at(2026, 11, 23, 9), endTime: at(2026, 11, 25, 18) };
    const deadline = { startTime: 0, endTime: at(2026, 11, 25, 18) };
    expect(taskSlot(meeting, 'days')).toEqual({ start: at(2026, 11, 25), end: at(2026, 11, 26), allDay: true });
    expect(taskSlot(meeting, 'hours')).toEqual({ start: meeting.startTime, end: meeting.endTime, allDay: false });
    expect(taskSlot(long, 'hours')).toEqual({ start: at(2026, 11, 23), end: at(2026, 11, 26), allDay: true });
    // ending at midnight is still the one day
    expect(taskSlot({ startTime: at(2026, 11, 25, 20), endTime: at(2026, 11, 26) }, 'hours')?.allDay).toBe(false);
    expect(taskSlot(deadline, 'hours')).toEqual({
      start: at(2026, 11, 25, 17, 30),
      end: deadline.endTime,
      allDay: false,
    });
    expect(taskSlot(long, 'list')).toEqual({ start: long.startTime, end: long.endTime, allDay: false });
    expect(taskSlot(deadline, 'list')).toEqual({ start: deadline.endTime, end: deadline.endTime, allDay: false });
    expect(taskSlot({ startTime: 0, endTime: 0 }, 'hours')).toBeNull();
  });

  it('says on a list what each day means for a task: its hours, its start, its deadline, or under way', () => {
    const time = (ms: number) => `${new Date(ms).getHours()}:${String(new Date(ms).getMinutes()).padStart(2, '0')}`;
    const long = { startTime: at(2026, 11, 23, 9), endTime: at(2026, 11, 25, 18) };
    expect(listTime({ startTime: at(2026, 11, 25, 10), endTime: at(2026, 11, 25, 11) }, true, true, time)).toEqual({
      key: 'app.work.list.range',
      args: { start: '10:00', end: '11:00' },
    });
    expect(listTime(long, true, false, time)).toEqual({ key: 'app.work.list.starts', args: { time: '9:00' } });
    expect(listTime(long, false, false, time).key).toBe('app.work.list.ongoing');
    expect(listTime(long, false, true, time)).toEqual({ key: 'app.work.list.due', args: { time: '18:00' } });
    expect(listTime({ startTime: 0, endTime: long.endTime }, true, true, time).key).toBe('app.work.list.due');
  });
});

describe('workspace layout', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  };

  it('is remembered per user', () => {
    const storage = memory();
    writeLayout(storage, 7, {
      ...DEFAULT_LAYOUT,
      view: 'calendar',
      calendar: 'week',
      group: 'project',
      docs: 'follows',
    });
    expect(readLayout(storage, 7)).toMatchObject({
      view: 'calendar',
      calendar: 'week',
      group: 'project',
      docs: 'follows',
    });
    expect(readLayout(storage, 8)).toEqual(DEFAULT_LAYOUT);
  });

  it('falls back to the defaults for damaged or unknown values', () => {
    const storage = memory();
    storage.setItem(layoutKey(7), '{not json');
    expect(readLayout(storage, 7)).toEqual(DEFAULT_LAYOUT);
    storage.setItem(
      layoutKey(7),
      JSON.stringify({ view: 'kanban', projectId: -3, includeDone: 'yes', status: 'paused', docs: 'starred' }),
    );
    expect(readLayout(storage, 7)).toEqual({ ...DEFAULT_LAYOUT, status: 'paused' });
  });
});

describe('workspace export', () => {
  it('is the task list export with the project first', () => {
    const translate = (key: string) => key.split('.').pop() as string;
    const rows = myTaskTable([task({ name: '登录页', projectName: '官网改版' })], translate);
    expect(rows[0]?.slice(0, 3)).toEqual(['project', 'name', 'flow']);
    expect(rows[1]?.slice(0, 3)).toEqual(['官网改版', '登录页', '待处理']);
  });
});
