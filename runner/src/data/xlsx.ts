import type { PlanData } from '../model.js';
import { DATA_FILE_LIMITS, DataFileError, columnNames, fitRow, tooManyRows } from './limits.js';

/**
 * The first sheet of an Excel workbook (xlsx, or the older xls), cells as Excel shows them (formatted text). Only
 * the rows within the limit are read; the sheet's recorded extent tells how many there are beyond.
 */
export async function parseXlsx(content: Uint8Array, fileName: string): Promise<PlanData> {
  if (!isWorkbook(content)) throw new DataFileError('不是有效的 Excel 文件（xlsx 或 xls）');
  const XLSX = await import('@e965/xlsx');
  let workbook: ReturnType<typeof XLSX.read>;
  try {
    // The header row, the rows allowed, and one more to notice a sheet that has too many.
    workbook = XLSX.read(content, { type: 'array', dense: true, sheetRows: DATA_FILE_LIMITS.rows + 2 });
  } catch (error) {
    throw new DataFileError(`无法读取 Excel 文件：${error instanceof Error ? error.message : String(error)}`);
  }
  const firstName = workbook.SheetNames[0];
  const sheet = firstName === undefined ? undefined : workbook.Sheets[firstName];
  if (!sheet) throw new DataFileError('Excel 文件中没有工作表');
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  const [header, ...body] = table;
  if (!header) throw new DataFileError('数据文件没有表头行（第一行应为列名）');
  const columns = columnNames(header);
  if (columns.length === 0) throw new DataFileError('数据文件没有表头行（第一行应为列名）');
  if (body.length > DATA_FILE_LIMITS.rows) {
    const extent = sheet['!fullref'] ?? sheet['!ref'];
    const range = extent ? XLSX.utils.decode_range(extent) : undefined;
    throw tooManyRows(range ? range.e.r - range.s.r : body.length);
  }
  return { fileName, columns, rows: body.map((cells) => fitRow(cells, columns.length)) };
}

/** A zip (xlsx) or an OLE compound file (xls): the library would otherwise read any text as a sheet. */
function isWorkbook(content: Uint8Array): boolean {
  const starts = (bytes: number[]) => bytes.every((byte, i) => content[i] === byte);
  return starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}
