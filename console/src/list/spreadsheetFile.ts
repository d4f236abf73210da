import { type CellContext, cellText } from './cellValue';
import { type ColumnNode, groupRows, type LeafColumn, leavesOf } from './fields';

export type Cell = string | Date;

export interface HeaderCell {
  text: string;
  colSpan: number;
  rowSpan: number;
}

/** A sheet: header rows (group rows, then the column labels) and one row per record. */
export interface SheetTable {
  header: (HeaderCell | null)[][];
  rows: Cell[][];
  widths: number[];
}

/** Columns that hold data a spreadsheet can carry (not the row number). */
export const exportable = (column: LeafColumn<never>) => column.definition.type !== 'index';

/**
 * The records as a sheet, with the screen's grouped headers: a group's label spans its columns (cells it covers are
 * null), the label of a column outside a group as deep as the deepest sits in the bottom header row.
 */
export function sheetTable(
  tree: ColumnNode<never>[],
  records: Record<string, unknown>[],
  context: CellContext,
): SheetTable {
  const columns = leavesOf(tree).filter(exportable);
  const position = new Map(columns.map((column, index) => [column.key, index]));
  const groups = groupRows(tree);
  const header: (HeaderCell | null)[][] = [...groups, []].map(() => columns.map(() => null));
  groups.forEach((row, level) => {
    for (const cell of row) {
      const leaves = leavesOf(findNode(tree, cell.key)).filter(exportable);
      const first = leaves[0] && position.get(leaves[0].key);
      if (first !== undefined && cell.label) {
        header[level]![first] = { text: context.translate(cell.label), colSpan: leaves.length, rowSpan: 1 };
      }
    }
  });
  columns.forEach((column, index) => {
    header[groups.length]![index] = { text: context.translate(column.label), colSpan: 1, rowSpan: 1 };
  });
  const rows = records.map((record) =>
    columns.map((column) => {
      const type = column.definition.type;
      const value = record[column.definition.field];
      if ((type === 'date' || type === 'datetime') && typeof value === 'number') return new Date(value);
      return cellText(record, column, context);
    }),
  );
  const widths = columns.map((column) => Math.max(10, Math.round((column.definition.width ?? 120) / 7)));
  return { header, rows, widths };
}

function findNode(tree: ColumnNode<never>[], key: string): ColumnNode<never>[] {
  for (const node of tree) {
    if (node.key === key) return [node];
    const found = findNode(node.children ?? [], key);
    if (found.length) return found;
  }
  return [];
}

const pad = (n: number) => String(n).padStart(2, '0');
const formatDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
  `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** Quotes a CSV field, and defuses text a spreadsheet would run as a formula. */
function csvField(cell: Cell | null): string {
  let text = cell === null ? '' : cell instanceof Date ? formatDate(cell) : cell;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text; the caller adds the byte order mark. */
export function csvText(table: SheetTable): string {
  const lines = [...table.header.map((row) => row.map((cell) => cell?.text ?? null)), ...table.rows];
  return `${lines.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** CSV as UTF-8 with a byte order mark, which is what makes Excel read Chinese correctly. */
export const toCsvBlob = (table: SheetTable) =>
  new Blob([`\uFEFF${csvText(table)}`], { type: 'text/csv;charset=utf-8' });

export async function toXlsxBlob(table: SheetTable, sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = [
    ...table.header.map((row) =>
      row.map((cell) =>
        cell
          ? {
              value: cell.text,
              fontWeight: 'bold' as const,
              align: 'center' as const,
              ...(cell.colSpan > 1 ? { columnSpan: cell.colSpan } : {}),
            }
          : null,
      ),
    ),
    ...table.rows.map((row) =>
      row.map((value) => (value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd hh:mm:ss' } : { value })),
    ),
  ];
  return writeXlsxFile(data, {
    sheet,
    columns: table.widths.map((width) => ({ width })),
    stickyRowsCount: table.header.length,
  }).toBlob();
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const fileStamp = (date = new Date()) =>
  `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
