import { formatMinute } from '../utils/formatTime';
import type { Task } from './taskApi';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The list's columns, in the labels the screen shows (`app.task.fields.*`). */
const COLUMNS: { label: string; width: number; value: (task: Task, translate: Translate) => string | number }[] = [
  { label: 'name', width: 32, value: (task) => task.name },
  { label: 'flow', width: 12, value: (task) => task.flowName },
  { label: 'status', width: 10, value: (task, translate) => translate(`app.task.status.${task.status}`) },
  { label: 'assignee', width: 12, value: (task) => task.userName },
  { label: 'urgency', width: 10, value: (task, translate) => translate(`app.task.urgency.${task.urgentLevel}`) },
  { label: 'start_time', width: 18, value: (task) => formatMinute(task.startTime) },
  { label: 'end_time', width: 18, value: (task) => formatMinute(task.endTime) },
  { label: 'work_hour', width: 10, value: (task) => task.workHour },
  { label: 'spent_hours', width: 10, value: (task) => task.spentHours },
  { label: 'creator', width: 12, value: (task) => task.creatorName },
];

/** A header row and a row per task: what both the csv and the xlsx hold. */
export function taskTable(tasks: Task[], translate: Translate): (string | number)[][] {
  const header = COLUMNS.map(({ label }) => translate(`app.task.fields.${label}`));
  return [header, ...tasks.map((task) => COLUMNS.map(({ value }) => value(task, translate)))];
}

/** An xlsx workbook with SheetJS CE, the header row bold-free but the columns sized. */
export async function toTaskXlsxBlob(table: (string | number)[][], sheet: string): Promise<Blob> {
  const XLSX = await import('@e965/xlsx');
  const worksheet = XLSX.utils.aoa_to_sheet(table);
  worksheet['!cols'] = COLUMNS.map(({ width }) => ({ wch: width }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, worksheet, sheet.slice(0, 31));
  const bytes = XLSX.write(workbook, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
