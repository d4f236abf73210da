/** How much data one data-driven run takes: the rows are iterations, the columns variables. */
export const DATA_FILE_LIMITS = { rows: 10_000, columns: 100, bytes: 20 * 1024 * 1024 } as const;

/** A data file that cannot be used, with a message for the user (Chinese). */
export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** Refuses a file by its size before anyone reads it (callers that can stat a file first call this). */
export function checkDataFileSize(bytes: number): void {
  if (bytes > DATA_FILE_LIMITS.bytes) {
    const mb = (bytes / 1024 / 1024).toFixed(1);
    throw new DataFileError(`数据文件最大 ${DATA_FILE_LIMITS.bytes / 1024 / 1024} MB，当前 ${mb} MB`);
  }
}

export function tooManyRows(rows: number): DataFileError {
  return new DataFileError(`数据文件最多 ${DATA_FILE_LIMITS.rows} 行，当前 ${rows} 行`);
}

export function checkColumns(columns: number): void {
  if (columns > DATA_FILE_LIMITS.columns) {
    throw new DataFileError(`数据文件最多 ${DATA_FILE_LIMITS.columns} 列，当前 ${columns} 列`);
  }
}

/** The header row as variable names: blank names become 列1, 列2 … (by position). */
export function columnNames(header: unknown[]): string[] {
  let width = header.length;
  while (width > 0 && String(header[width - 1] ?? '').trim() === '') width--;
  checkColumns(width);
  return header.slice(0, width).map((cell, index) => String(cell ?? '').trim() || `列${index + 1}`);
}

/** A data row fitted to the header: missing cells empty, cells beyond the header left out. */
export function fitRow(cells: unknown[], width: number): string[] {
  const row: string[] = new Array(width);
  for (let i = 0; i < width; i++) {
    const cell = cells[i];
    row[i] = cell === undefined || cell === null ? '' : String(cell);
  }
  return row;
}
