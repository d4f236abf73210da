import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|md|map)$/;
/** Below this a compressed copy saves less than its extra lookup costs. */
const SMALLEST = 1024;

/** Every text file of the bundle under `dir`, with its size. */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => TEXT.test(path) && statSync(path).isFile() && statSync(path).size >= SMALLEST);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of the bundle once it is written, for the gateway's
 * static files (`preCompressed`) to send to browsers that accept them: the signed-in path's ~1.3 MB of script goes
 * as ~0.4 MB, which is most of a first visit over a real network (issue 24). Made once at build time, at the
 * strongest settings, so serving costs a file lookup.
 */
export function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pmbok-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of textFiles(outDir)) {
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}
