import { describe, expect, it } from 'vitest';
import type { MyTask } from '../src/home/homeApi';
import { myTaskTable } from '../src/work/exportMine';
import { calendarSpan, daysBetween, groupByDue, groupByProject, rescheduled } from '../src/work/grouping';
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
    expect(rescheduled(planned, 2, 0)).toEqual({ startTime: at(2026, 11, 25, 9), endTime: at(2026, 11, 27, 18) });
    expect(rescheduled(planned, 0, 3)).toEqual({ startTime: at(2026, 11, 23, 9), endTime: at(2026, 11, 28, 18) });
    expect(rescheduled({ startTime: 0, endTime: at(2026, 11, 25, 18) }, -1, 0)).toEqual({
      startTime: 0,
      endTime: at(2026, 11, 24, 18),
    });
    expect(daysBetween(at(2026, 11, 30), at(2026, 12, 2))).toBe(2);
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
    writeLayout(storage, 7, { ...DEFAULT_LAYOUT, view: 'calendar', calendar: 'week', group: 'project' });
    expect(readLayout(storage, 7)).toMatchObject({ view: 'calendar', calendar: 'week', group: 'project' });
    expect(readLayout(storage, 8)).toEqual(DEFAULT_LAYOUT);
  });

  it('falls back to the defaults for damaged or unknown values', () => {
    const storage = memory();
    storage.setItem(layoutKey(7), '{not json');
    expect(readLayout(storage, 7)).toEqual(DEFAULT_LAYOUT);
    storage.setItem(
      layoutKey(7),
      JSON.stringify({ view: 'kanban', projectId: -3, includeDone: 'yes', status: 'paused' }),
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
