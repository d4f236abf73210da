import { sourceFromPlan } from '../../src/interchange/export/source.js';
import { parseImport } from '../../src/interchange/import/index.js';
import type { ExportSource } from '../../src/interchange/model.js';
import { corpusFiles, readCorpus } from './collectionsCorpus.js';

/** Every importable corpus file (all formats; Postman environments are not collections). */
export const importableFiles = [
  ...['openapi-3.0', 'openapi-3.1', 'swagger-2.0', 'zh'].flatMap((dir) => corpusFiles(dir, /\.(json|ya?ml)$/)),
  ...corpusFiles('postman-v2.1', /\.postman_collection\.json$/),
  ...corpusFiles('har', /\.har$/),
  ...corpusFiles('yapi', /\.json$/),
];

/** A corpus file as the project an import of it would make. */
export async function corpusSource(file: string): Promise<ExportSource> {
  return sourceFromPlan(await parseImport(readCorpus(file), { fileName: file.split('/').pop() }));
}
