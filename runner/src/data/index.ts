import type { PlanData } from '../model.js';
import { decodeText, parseCsv } from './csv.js';
import { DATA_FILE_LIMITS, DataFileError, checkColumns, checkDataFileSize, tooManyRows } from './limits.js';
import { parseXlsx } from './xlsx.js';

export { DATA_FILE_LIMITS, DataFileError, checkDataFileSize } from './limits.js';

/**
 * A data file for data-driven runs (one iteration per row, the columns as variables), read by its extension:
 * csv (or tsv), xlsx (or xls), or json as newman takes it (an array of objects). Throws `DataFileError` with a
 * Chinese message for a file it cannot use: too large, too many rows or columns, no header, unreadable.
 */
export async function parseDataFile(content: Uint8Array, fileName: string): Promise<PlanData> {
  checkDataFileSize(content.byteLength);
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  switch (extension) {
    case 'csv':
    case 'tsv':
      return parseCsv(content, fileName);
    case 'xlsx':
    case 'xls':
      return parseXlsx(content, fileName);
    case 'json':
      return parseJsonData(content, fileName);
    default:
      throw new DataFileError(`不支持的数据文件格式：${fileName}（支持 csv、xlsx、json）`);
  }
}

/** newman's JSON data file: an array of objects; the columns are their keys in the order first met. */
function parseJsonData(content: Uint8Array, fileName: string): PlanData {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(content));
  } catch (error) {
    throw new DataFileError(`JSON 数据文件无法解析：${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(json) || !json.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new DataFileError('JSON 数据文件应为对象数组，如 [{"name": "a"}, {"name": "b"}]');
  }
  if (json.length > DATA_FILE_LIMITS.rows) throw tooManyRows(json.length);
  const keys = new Set<string>();
  for (const row of json as Record<string, unknown>[]) for (const key of Object.keys(row)) keys.add(key);
  checkColumns(keys.size);
  const columns = [...keys];
  const rows = (json as Record<string, unknown>[]).map((row) => columns.map((column) => cellText(row[column])));
  return { fileName, columns, rows };
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
