import type { LeafColumn } from './fields';

/** SPEC §5: what the import dialog accepts. */
export const IMPORT_EXTENSIONS = ['xlsx', 'xlc', 'xlm', 'xls', 'xlt', 'xlw', 'csv'] as const;
export const MAX_IMPORT_FILES = 10;
export const MAX_HEADER_ROWS = 3;

export const extensionOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

export const hasImportExtension = (name: string) =>
  (IMPORT_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/**
 * The text of a CSV file. Excel saves CSV in the system's code page, which on Chinese Windows is GBK/GB18030, unless
 * the user picks "CSV UTF-8" (which writes a BOM). Bytes that are valid UTF-8 are UTF-8; anything else is GB18030
 * (a superset of GBK and GB2312). UTF-16 with a BOM is Excel's "Unicode text".
 */
export function decodeText(bytes: Uint8Array): {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';
} {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    // ignoreBOM: false (the default) drops a UTF-8 BOM; fatal makes any invalid sequence throw.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

/** One data row of a sheet: its 1-based row number in the file, its cells by field, and all its cells as read. */
export interface ImportRow {
  rowNumber: number;
  values: Record<string, string>;
  cells: string[];
}

const normalise = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * The title of each sheet column: with several header rows (merged group cells above column labels), the lowest
 * non-empty header cell of the column.
 */
export function columnTitles(headers: string[][]): string[] {
  const width = Math.max(0, ...headers.map((row) => row.length));
  return Array.from({ length: width }, (_, column) => {
    for (let row = headers.length - 1; row >= 0; row--) {
      const cell = String(headers[row]?.[column] ?? '').trim();
      if (cell) return cell;
    }
    return '';
  });
}

/**
 * Rows of a sheet (an array of arrays of cell texts) as records keyed by field. `headerRows` (0 to 3) rows are
 * headers; a sheet column belongs to the column whose label or field name equals its title. When no title matches
 * (or there is no header), sheet columns are taken in the order of the columns. Blank rows are skipped.
 */
export function rowsToRecords(
  sheet: unknown[][],
  headerRows: number,
  columns: Pick<LeafColumn<never>, 'label' | 'definition'>[],
): ImportRow[] {
  const headerCount = Math.max(0, Math.min(MAX_HEADER_ROWS, Math.floor(headerRows)));
  const titles = columnTitles(sheet.slice(0, headerCount).map((row) => row.map((cell) => String(cell ?? ''))));
  const byTitle = new Map<string, string>();
  for (const column of columns) {
    byTitle.set(normalise(column.label), column.definition.field);
    byTitle.set(normalise(column.definition.field), column.definition.field);
  }
  const matched = titles.map((title) => byTitle.get(normalise(title)));
  const fieldAt = matched.some(Boolean) ? matched : columns.map((column) => column.definition.field);

  const rows: ImportRow[] = [];
  sheet.slice(headerCount).forEach((cells, index) => {
    const values: Record<string, string> = {};
    fieldAt.forEach((field, column) => {
      const cell = cells[column];
      if (field && values[field] === undefined)
        values[field] = cell === null || cell === undefined ? '' : String(cell).trim();
    });
    const texts = cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
    if (texts.some(Boolean)) rows.push({ rowNumber: headerCount + index + 1, values, cells: texts });
  });
  return rows;
}
