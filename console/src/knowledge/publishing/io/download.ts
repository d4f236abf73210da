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

/** The ids to send: a ticked folder takes its subtree, so ids under a ticked folder are left out. */
export function topmostTicked(ticked: ReadonlySet<number>, parentOf: ReadonlyMap<number, number>): number[] {
  const covered = (id: number): boolean => {
    const seen = new Set<number>();
    for (let parent = parentOf.get(id) ?? 0; parent && !seen.has(parent); parent = parentOf.get(parent) ?? 0) {
      if (ticked.has(parent)) return true;
      seen.add(parent);
    }
    return false;
  };
  return [...ticked].filter((id) => !covered(id)).sort((a, b) => a - b);
}
