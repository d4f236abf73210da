import type { BoardColumn, Task } from './taskApi';

/**
 * The server keeps no position inside a flow (a column lists its tasks oldest first), so the order people drag
 * cards into within a column is kept in this browser, per project: flowId → task ids.
 */
export type CardOrder = Record<number, number[]>;

/** Tasks in the saved order first, the rest (new or moved in elsewhere) after them in the server's order. */
export function orderTasks(tasks: Task[], saved: number[] = []): Task[] {
  const rank = new Map(saved.map((taskId, index) => [taskId, index]));
  const known = tasks.filter((task) => rank.has(task.taskId));
  known.sort((a, b) => (rank.get(a.taskId) ?? 0) - (rank.get(b.taskId) ?? 0));
  return [...known, ...tasks.filter((task) => !rank.has(task.taskId))];
}

export const orderBoard = (columns: BoardColumn[], order: CardOrder): BoardColumn[] =>
  columns.map((column) => ({ ...column, tasks: orderTasks(column.tasks, order[column.flowId]) }));

export function findTask(columns: BoardColumn[], taskId: number): { column: BoardColumn; index: number } | null {
  for (const column of columns) {
    const index = column.tasks.findIndex((task) => task.taskId === taskId);
    if (index >= 0) return { column, index };
  }
  return null;
}

/** The board after a card is dropped into `toFlowId` at `toIndex` (clamped; the end when omitted). */
export function moveCard(columns: BoardColumn[], taskId: number, toFlowId: number, toIndex?: number): BoardColumn[] {
  const found = findTask(columns, taskId);
  if (!found) return columns;
  const task = found.column.tasks[found.index] as Task;
  const target = columns.find((column) => column.flowId === toFlowId);
  if (!target) return columns;
  const moved: Task = { ...task, flowId: toFlowId, flowName: target.name };
  return columns.map((column) => {
    let tasks = column.tasks.filter((t) => t.taskId !== taskId);
    if (column.flowId === toFlowId) {
      const at = Math.max(0, Math.min(toIndex ?? tasks.length, tasks.length));
      tasks = [...tasks.slice(0, at), moved, ...tasks.slice(at)];
    }
    const taskCount = tasks.length;
    return { ...column, tasks, taskCount };
  });
}

/** The saved order taken from a board as shown. */
export const boardOrderOf = (columns: BoardColumn[]): CardOrder =>
  Object.fromEntries(columns.map((column) => [column.flowId, column.tasks.map((task) => task.taskId)]));

const storageKey = (projectId: number) => `taskBoardOrder:${projectId}`;

export function loadCardOrder(projectId: number): CardOrder {
  try {
    return JSON.parse(localStorage.getItem(storageKey(projectId)) ?? '{}') as CardOrder;
  } catch {
    return {};
  }
}

export function saveCardOrder(projectId: number, order: CardOrder): void {
  localStorage.setItem(storageKey(projectId), JSON.stringify(order));
}
