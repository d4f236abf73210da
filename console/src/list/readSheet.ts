import { decodeText, extensionOf } from './importRows';

/** The cells of a file's first sheet as texts, rows of columns. SheetJS reads xlsx, the legacy binary xls and csv. */
export async function readSheet(name: string, bytes: Uint8Array): Promise<string[][]> {
  const XLSX = await import('@e965/xlsx');
  // CSV text is decoded here (SheetJS would take GB18030 bytes for Latin-1); raw keeps "0013" and "1e5" as typed.
  const book =
    extensionOf(name) === 'csv'
      ? XLSX.read(decodeText(bytes).text, { type: 'string', raw: true })
      : XLSX.read(bytes, { type: 'array' });
  const first = book.SheetNames[0];
  const sheet = first === undefined ? undefined : book.Sheets[first];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
}
