import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertBlobKey, type BlobStore } from './types.js';

/** The embedded blob store: one file per blob plus a small JSON sidecar with its content type. */
export function createFsBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(root, key);
  };
  return {
    async put(key, blob) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename so a reader never sees half a file.
      await writeFile(`${path}.tmp`, blob.data);
      await rename(`${path}.tmp`, path);
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType: blob.contentType }));
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [data, meta] = await Promise.all([readFile(path), readFile(`${path}.meta.json`, 'utf8')]);
        return { data, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },
    async close() {},
  };
}
