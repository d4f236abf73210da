import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The shared corpus of real documents (never copied into the repository): tests skip when it is absent. */
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const corpusExists = existsSync(corpusDir);
if (!corpusExists) console.warn(`interchange tests: ${corpusDir} is absent, the corpus tests are skipped`);

/** The files of one corpus folder whose names match. */
export function corpusFiles(folder: string, pattern: RegExp): string[] {
  const dir = path.join(corpusDir, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(folder, name));
}

export const readCorpus = (file: string) => readFileSync(path.join(corpusDir, file), 'utf8');
export const readCorpusJson = (file: string) => JSON.parse(readCorpus(file)) as unknown;
