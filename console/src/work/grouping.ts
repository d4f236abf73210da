import type { MyTask } from '../home/homeApi';
import { addDays, DUE_BUCKETS, type DueBucket, dueBucket, startOfDay } from '../home/period';

export interface TaskGroup {
  key: string;
  /** A message key (due buckets) or a project's name. */
  title: string;
  translated: boolean;
  tasks: MyTask[];
}

const DUE_TITLES: Record<DueBucket, string> = {
  overdue: 'app.work.due.overdue',
  today: 'app.work.due.today',
  week: 'app.work.due.week',
  later: 'app.work.due.later',
  none: 'app.work.due.none',
};

/** Tasks under 逾期, 今天, 本周, 以后, 无截止时间 (empty groups left out), each by end time then name. */
export function groupByDue(tasks: MyTask[], now: number): TaskGroup[] {
  const sorted = [...tasks].sort(
    (a, b) => (a.endTime || Infinity) - (b.endTime || Infinity) || a.name.localeCompare(b.name),
  );
  return DUE_BUCKETS.map((bucket) => ({
    key: bucket,
    title: DUE_TITLES[bucket],
    translated: true,
    tasks: sorted.filter((task) => dueBucket(task.endTime, now) === bucket),
  })).filter((group) => group.tasks.length);
}

/** Tasks under their project, projects by name (the Chinese collation), tasks as the server ordered them. */
export function groupByProject(tasks: MyTask[]): TaskGroup[] {
  const groups = new Map<number, TaskGroup>();
  for (const task of tasks) {
    const group = groups.get(task.projectId) ?? {
      key: String(task.projectId),
      title: task.projectName,
      translated: false,
      tasks: [],
    };
    group.tasks.push(task);
    groups.set(task.projectId, group);
  }
  return [...groups.values()].sort((a, b) => a.title.localeCompare(b.title, 'zh-CN'));
}

/** Whether a task passes the status filter ('' every status the list holds). */
export const matchesStatus = (task: MyTask, status: string) => !status || task.status === status;

/** The calendar's all-day span of a task: from its start (or end) day to its end (or start) day, end exclusive. */
export function calendarSpan(task: Pick<MyTask, 'startTime' | 'endTime'>): { start: number; end: number } | null {
  const first = task.startTime || task.endTime;
  const last = task.endTime || task.startTime;
  if (!first) return null;
  const start = startOfDay(Math.min(first, last));
  return { start, end: addDays(Math.max(first, last), 1) };
}

/** A move on the calendar: FullCalendar's Duration (a drop's `delta`, a resize's `endDelta`). */
export interface Shift {
  years?: number;
  months?: number;
  days?: number;
  milliseconds?: number;
}

/** A time moved by a calendar shift: days as local days (its time of day kept), then milliseconds; 0 stays 0. */
export function shiftBy(ms: number, shift: Shift): number {
  if (!ms) return ms;
  const date = new Date(ms);
  if (shift.years || shift.months) date.setMonth(date.getMonth() + (shift.years ?? 0) * 12 + (shift.months ?? 0));
  if (shift.days) date.setDate(date.getDate() + shift.days);
  return date.getTime() + (shift.milliseconds ?? 0);
}

/**
 * The times task/updatePreTime receives after the calendar moved a task (both times by `move`) or resized it (its
 * end by `stretch`). A task with only one time moves that time.
 */
export function rescheduled(
  task: Pick<MyTask, 'startTime' | 'endTime'>,
  move: Shift,
  stretch: Shift = {},
): { startTime: number; endTime: number } {
  if (!task.startTime || !task.endTime) {
    return {
      startTime: shiftBy(shiftBy(task.startTime, move), stretch),
      endTime: shiftBy(shiftBy(task.endTime, move), stretch),
    };
  }
  return { startTime: shiftBy(task.startTime, move), endTime: shiftBy(shiftBy(task.endTime, move), stretch) };
}
