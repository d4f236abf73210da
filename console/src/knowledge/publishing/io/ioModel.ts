import type { ImportFormat } from '../publishingApi';

/** The server refuses more; checking here saves sending 20 MB to hear it. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const IMPORT_FORMATS: ImportFormat[] = ['openapi', 'swagger', 'postman', 'har', 'yapi'];

/** What the server may fetch: it refuses private addresses itself; other schemes are not worth a request. */
export const isHttpUrl = (value: string) => /^https?:\/\/[^\s/]+\S*$/i.test(value.trim());

export const sizeLabel = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** The ids to send: a ticked folder takes its subtree, so ids under a ticked folder are left out. */
export function topmostTicked(ticked: ReadonlySet<number>, parentOf: ReadonlyMap<number, number>): number[] {
  const covered = (id: number): boolean => {
    const seen = new Set<number>([id]);
    for (let parent = parentOf.get(id) ?? 0; parent && !seen.has(parent); parent = parentOf.get(parent) ?? 0) {
      if (ticked.has(parent)) return true;
      seen.add(parent);
    }
    return false;
  };
  return [...ticked].filter((id) => !covered(id)).sort((a, b) => a - b);
}
