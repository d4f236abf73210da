import type { MyTask } from '../home/homeApi';
import { downloadBlob, fileStamp, type SheetTable, toCsvBlob, toXlsxBlob } from '../list/spreadsheetFile';
import { taskTable } from '../tasks/exportTasks';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The task list's columns (tasks/exportTasks) with the project first: my tasks span projects. */
export function myTaskTable(tasks: MyTask[], translate: Translate): (string | number)[][] {
  const [header = [], ...rows] = taskTable(tasks, translate);
  return [
    [translate('app.work.project'), ...header],
    ...rows.map((row, index) => [tasks[index]?.projectName ?? '', ...row]),
  ];
}

export async function exportMyTasks(tasks: MyTask[], format: 'xlsx' | 'csv', translate: Translate): Promise<void> {
  const table = myTaskTable(tasks, translate);
  const title = translate('app.work.export_file');
  const [head = [], ...body] = table;
  const sheet: SheetTable = {
    header: [head.map((text) => ({ text: String(text), colSpan: 1, rowSpan: 1 }))],
    rows: body.map((row) => row.map(String)),
    widths: head.map((_, index) => (index === 0 || index === 1 ? 28 : 14)),
  };
  // the generic list's files: the same csv (BOM, quoting) and xlsx as every list of the console
  const blob = format === 'csv' ? toCsvBlob(sheet) : await toXlsxBlob(sheet, title.slice(0, 31));
  downloadBlob(blob, `${title}-${fileStamp()}.${format}`);
}
