/**
 * Whether `error` is a script chunk that could not be fetched (a lost connection, a newer deployment): Chrome's
 * "Failed to fetch dynamically imported module", Firefox's "error loading dynamically imported module", Safari's
 * "Importing a module script failed", and Vite's "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|Unable to preload CSS/i.test(message);
}
