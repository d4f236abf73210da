/**
 * Days and weeks as a Chinese team counts them: local days, weeks from Monday. Pure, so the buckets of the home page
 * and the workspace are tested without a browser.
 */
const DAY = 24 * 60 * 60 * 1000;

export function startOfDay(ms: number): number {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Local midnight `days` days later (a daylight-saving day is not 24 hours). */
export function addDays(ms: number, days: number): number {
  const date = new Date(startOfDay(ms));
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).getTime();
}

/** Monday 00:00 of the week of `ms`. */
export function startOfWeek(ms: number): number {
  const weekday = (new Date(ms).getDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(ms, -weekday);
}

export type DueBucket = 'overdue' | 'today' | 'week' | 'later' | 'none';
export const DUE_BUCKETS: DueBucket[] = ['overdue', 'today', 'week', 'later', 'none'];

/**
 * Where a task's end time falls from `now`: before now (and not today) is overdue; today; the rest of this week;
 * later; no end time. A task due earlier today is 'today', not overdue: it is still today's work.
 */
export function dueBucket(endTime: number, now: number): DueBucket {
  if (!endTime) return 'none';
  const today = startOfDay(now);
  if (endTime < today) return 'overdue';
  if (endTime < addDays(today, 1)) return 'today';
  if (endTime < addDays(startOfWeek(now), 7)) return 'week';
  return 'later';
}

/** Whether a task is still to be done (the statuses task/myTasks lists without includeDone). */
export const isOpen = (status: string) => status === 'todo' || status === 'in_progress' || status === 'paused';

export { DAY };
