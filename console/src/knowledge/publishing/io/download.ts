import type { ExportFile } from '../publishingApi';

/** Saves an exported file the way a download link would, without a round trip to the server. */
export function downloadExportFile(file: ExportFile): void {
  const blob = new Blob([file.content], { type: file.mediaType || 'application/octet-stream' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the blob once the click's download started; revoking at once can cancel it in Firefox
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
