import type { Task, TaskStatus } from './taskApi';

/** The board's and list's filters; empty values do not filter. */
export interface TaskFilter {
  userId?: number | '';
  urgentLevel?: number | '';
  /** Epoch ms, inclusive: a task matches when its planned period overlaps [from, to]. */
  from?: number;
  to?: number;
}

const isSet = (value: number | '' | undefined) => value !== undefined && value !== '';

export const isFiltering = (filter: TaskFilter) =>
  isSet(filter.userId) || isSet(filter.urgentLevel) || Boolean(filter.from || filter.to);

/** A task's planned period; an open end takes the other end, a task without dates has none. */
function plannedPeriod(task: Task): [number, number] | null {
  if (!task.startTime && !task.endTime) return null;
  return [task.startTime || task.endTime, task.endTime || task.startTime];
}

export function matchesFilter(task: Task, filter: TaskFilter): boolean {
  if (isSet(filter.userId) && task.userId !== filter.userId) return false;
  if (isSet(filter.urgentLevel) && task.urgentLevel !== filter.urgentLevel) return false;
  if (filter.from || filter.to) {
    const period = plannedPeriod(task);
    if (!period) return false;
    if (filter.from && period[1] < filter.from) return false;
    if (filter.to && period[0] > filter.to) return false;
  }
  return true;
}

export const filterTasks = (tasks: Task[], filter: TaskFilter) => tasks.filter((task) => matchesFilter(task, filter));

export type SortField =
  | 'name'
  | 'urgentLevel'
  | 'startTime'
  | 'endTime'
  | 'workHour'
  | 'spentHours'
  | 'status'
  | 'flowName'
  | 'userName'
  | 'createdAt';
export type SortOrder = 'asc' | 'desc';

/** The order of the status machine, so that sorting by status reads todo → … → closed. */
const STATUS_RANK: Record<TaskStatus, number> = {
  todo: 0,
  in_progress: 1,
  paused: 2,
  finished: 3,
  cancelled: 4,
  closed: 5,
};
const DATE_FIELDS = new Set<SortField>(['startTime', 'endTime']);
const collator = new Intl.Collator('zh-CN', { numeric: true });

/**
 * A stable sort; names compare as Chinese text (pinyin order), statuses by the machine's order, and tasks without
 * a date come last whichever the direction.
 */
export function sortTasks(tasks: Task[], field: SortField, order: SortOrder): Task[] {
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: Task, b: Task): number => {
    if (DATE_FIELDS.has(field)) {
      const [x, y] = [a[field as 'startTime'], b[field as 'startTime']];
      if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1);
      return sign * (x - y);
    }
    if (field === 'status') return sign * (STATUS_RANK[a.status] - STATUS_RANK[b.status]);
    const [x, y] = [a[field], b[field]];
    if (typeof x === 'string' && typeof y === 'string') return sign * collator.compare(x, y);
    return sign * (Number(x) - Number(y));
  };
  return tasks
    .map((task, index) => ({ task, index }))
    .sort((a, b) => compare(a.task, b.task) || a.index - b.index)
    .map(({ task }) => task);
}
