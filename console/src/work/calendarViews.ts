import type { MyTask } from '../home/homeApi';
import { startOfDay } from '../home/period';
import { calendarSpan } from './grouping';
import type { WorkLayout } from './layout';

type Mode = WorkLayout['calendar'];

/**
 * FullCalendar's view for the remembered mode. A desktop shows grids: the month as day cells, the week as hours. A
 * phone's grid cell is a few characters wide, so it shows the same month or week as a list of days.
 */
export const calendarView = (mode: Mode, phone: boolean): string =>
  phone ? (mode === 'week' ? 'listWeek' : 'listMonth') : mode === 'week' ? 'timeGridWeek' : 'dayGridMonth';

export const modeOfView = (view: string): Mode => (view.endsWith('Week') ? 'week' : 'month');

/** How a view lays out time: whole days, hours, or a list of days. */
export type Layout = 'days' | 'hours' | 'list';

export const layoutOfView = (view: string): Layout =>
  view.startsWith('list') ? 'list' : view.startsWith('timeGrid') ? 'hours' : 'days';

/** A start or a deadline alone on the hours grid: the half hour that begins (ends) there. */
const MARK = 30 * 60 * 1000;

export interface Slot {
  start: number;
  end: number;
  allDay: boolean;
}

/**
 * Where a task sits on a view, or null when it has neither time. Whole days: its all-day span. Hours: a task within
 * one day at its times; a task over several days in the all-day row (a column of blocks for each day would hide the
 * hours); one time alone as half an hour. List: from its start to its end, listed on each day it covers.
 */
export function taskSlot(task: Pick<MyTask, 'startTime' | 'endTime'>, layout: Layout): Slot | null {
  const span = calendarSpan(task);
  if (!span) return null;
  const { startTime, endTime } = task;
  if (layout === 'days') return { ...span, allDay: true };
  if (startTime && endTime) {
    if (endTime <= startTime) return { ...span, allDay: true };
    const oneDay = startOfDay(endTime - 1) === startOfDay(startTime);
    if (layout === 'list' || oneDay) return { start: startTime, end: endTime, allDay: false };
    return { ...span, allDay: true };
  }
  if (layout === 'list') return { start: startTime || endTime, end: startTime || endTime, allDay: false };
  return startTime
    ? { start: startTime, end: startTime + MARK, allDay: false }
    : { start: endTime - MARK, end: endTime, allDay: false };
}

/** What a list row says of a task's times on one day (a message key and its arguments, times as HH:mm). */
export function listTime(
  task: Pick<MyTask, 'startTime' | 'endTime'>,
  isStart: boolean,
  isEnd: boolean,
  formatTime: (ms: number) => string,
): { key: string; args: Record<string, string> } {
  const { startTime, endTime } = task;
  if (startTime && endTime && isStart && isEnd) {
    return { key: 'app.work.list.range', args: { start: formatTime(startTime), end: formatTime(endTime) } };
  }
  if (endTime && isEnd) return { key: 'app.work.list.due', args: { time: formatTime(endTime) } };
  if (startTime && isStart) return { key: 'app.work.list.starts', args: { time: formatTime(startTime) } };
  return { key: 'app.work.list.ongoing', args: {} };
}
