import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CollectionFileReader } from '../postman/index.js';

/** The files a collection names (form-data and binary bodies), read relative to its folder within their bound. */
export function collectionFileReader(folder: string): CollectionFileReader {
  return async (src, maxBytes) => {
    const file = resolve(folder, src);
    const size = await stat(file).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) throw new Error('文件不存在');
    if (size > maxBytes) throw new Error(`文件超过 ${Math.round(maxBytes / 1024 / 1024)} MB`);
    return readFile(file);
  };
}
