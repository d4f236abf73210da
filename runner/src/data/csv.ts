import type { PlanData } from '../model.js';
import { DATA_FILE_LIMITS, DataFileError, columnNames, fitRow, tooManyRows } from './limits.js';

/**
 * A csv file: UTF-8 with or without a BOM, or GB18030 as Excel on a Chinese Windows saves "CSV" (text that is not
 * valid UTF-8 is read as GB18030). The first row names the columns; blank lines are skipped. Rows past the limit
 * are only counted, so the message can say how many there are.
 */
export async function parseCsv(content: Uint8Array, fileName: string): Promise<PlanData> {
  const text = decodeText(content);
  const { default: Papa } = await import('papaparse');
  let columns: string[] | undefined;
  const rows: string[][] = [];
  let count = 0;
  let failure: unknown;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      try {
        if (columns === undefined) {
          columns = columnNames(result.data);
          return;
        }
        count++;
        if (count <= DATA_FILE_LIMITS.rows) rows.push(fitRow(result.data, columns.length));
      } catch (error) {
        failure = error;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  if (columns === undefined || columns.length === 0) throw new DataFileError('数据文件没有表头行（第一行应为列名）');
  if (count > DATA_FILE_LIMITS.rows) throw tooManyRows(count);
  return { fileName, columns, rows };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeText(content: Uint8Array): string {
  try {
    return utf8.decode(content);
  } catch {
    return new TextDecoder('gb18030').decode(content);
  }
}
