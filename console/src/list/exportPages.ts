/** SPEC §9: export page size, and the progress shown until the file is saved. */
export const EXPORT_PAGE_SIZE = 100;
export const PROGRESS_BEFORE_DOWNLOAD = 99;

/** Percent fetched, held at 99 until the download itself brings it to 100. */
export const exportProgress = (fetched: number, total: number) =>
  total <= 0 ? PROGRESS_BEFORE_DOWNLOAD : Math.min(PROGRESS_BEFORE_DOWNLOAD, Math.floor((fetched * 100) / total));

export interface ExportPage<T> {
  rows: T[];
  total: number;
}

/**
 * Every row, fetched page by page from the first to the last (the total of the first page sets the count; a short
 * page ends early). `signal` stops between pages.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<ExportPage<T>>,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  let pages = 1;
  for (let page = 1; page <= pages; page++) {
    signal?.throwIfAborted();
    const result = await fetchPage(page, pageSize);
    rows.push(...result.rows);
    pages = Math.ceil(result.total / pageSize);
    onProgress(exportProgress(rows.length, result.total));
    if (result.rows.length < pageSize) break;
  }
  return rows;
}
