import type { PlanData } from '@pmbok/runner';
import { readSheet } from '../../list/readSheet';

/**
 * A scenario's data file, read in the browser into `{columns, rows}` (docs/api/tests.md): the first row names the
 * columns, every other row is one iteration. The size is checked before anything is parsed, so a huge file costs
 * nothing; rows and columns after.
 */

export const DATA_LIMITS = { bytes: 10 * 1024 * 1024, rows: 10_000, columns: 100 };
export const DATA_EXTENSIONS = ['.csv', '.xlsx', '.xls'];

/** A refusal, named as app.knowledge.tests.data.errors.<key>. */
export interface DataFileError {
  key: 'too_big' | 'too_many_rows' | 'too_many_columns' | 'empty' | 'format' | 'unreadable';
  args?: Record<string, string | number>;
}

export type DataFileResult = { data: PlanData } | { error: DataFileError };

/** The cells of a sheet as the run's data: blank rows dropped, short rows padded, names made unique. */
export function sheetToData(fileName: string, cells: string[][]): DataFileResult {
  const filled = cells.filter((row) => row.some((cell) => String(cell).trim() !== ''));
  const [head, ...body] = filled;
  if (!head || body.length === 0) return { error: { key: 'empty' } };
  const width = Math.max(...filled.map((row) => row.length));
  if (width > DATA_LIMITS.columns) {
    return { error: { key: 'too_many_columns', args: { max: DATA_LIMITS.columns, n: width } } };
  }
  if (body.length > DATA_LIMITS.rows) {
    return { error: { key: 'too_many_rows', args: { max: DATA_LIMITS.rows, n: body.length } } };
  }
  const seen = new Set<string>();
  const columns = Array.from({ length: width }, (_, index) => {
    const base = String(head[index] ?? '').trim() || `column${index + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base}_${n}`;
    seen.add(name);
    return name;
  });
  const rows = body.map((row) => columns.map((_, index) => String(row[index] ?? '')));
  return { data: { fileName, columns, rows } };
}

/** The extension decides the reader; anything else is refused before it is read. */
export const isDataFileName = (name: string) => DATA_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export async function readDataFile(file: Pick<File, 'name' | 'size' | 'arrayBuffer'>): Promise<DataFileResult> {
  if (!isDataFileName(file.name)) return { error: { key: 'format' } };
  if (file.size > DATA_LIMITS.bytes) {
    return { error: { key: 'too_big', args: { max: 10, size: (file.size / 1024 / 1024).toFixed(1) } } };
  }
  let cells: string[][];
  try {
    cells = await readSheet(file.name, new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { error: { key: 'unreadable' } };
  }
  return sheetToData(file.name, cells);
}
