import { DomainError, invalid } from '@pmbok/infra';
import type { ImportFormat, ImportPlan } from '../model.js';
import { guardText, parseStructured, TOO_DEEP } from './common.js';
import { looksLikeHar, parseHar } from './har.js';
import { isOpenApi, isSwagger, parseOpenApi } from './openapi.js';
import { looksLikePostman, parsePostman } from './postman.js';
import { looksLikeYapi, parseYapi } from './yapi.js';

/** What an importer is given: the parsed value and the text it came from. */
export interface ImportSource {
  value: unknown;
  text: string;
  fileName?: string;
}

/**
 * One format's reader. `detect` looks at the parsed value only (cheap, no throwing); `parse` maps it, throwing
 * `invalid(...)` for what it refuses. Order matters for `auto`: the first importer that detects the value wins.
 */
export interface Importer {
  format: ImportFormat;
  detect(value: unknown): boolean;
  parse(source: ImportSource): ImportPlan | Promise<ImportPlan>;
}

const IMPORTERS: Importer[] = [
  { format: 'openapi', detect: isOpenApi, parse: parseOpenApi },
  { format: 'swagger', detect: isSwagger, parse: parseOpenApi },
  { format: 'postman', detect: looksLikePostman, parse: ({ value, fileName }) => parsePostman(value, { fileName }) },
  { format: 'har', detect: looksLikeHar, parse: ({ value, fileName }) => parseHar(value, { fileName }) },
  { format: 'yapi', detect: looksLikeYapi, parse: ({ value, fileName }) => parseYapi(value, { fileName }) },
];

const FORMAT_NAMES: Record<ImportFormat, string> = {
  openapi: 'OpenAPI',
  swagger: 'Swagger',
  postman: 'Postman',
  har: 'HAR',
  yapi: 'YApi',
};

/**
 * Reads an import source into a plan. A pure function of the text (it runs in a worker thread): no fetching, no
 * global state. Bad input is refused with `invalid(...)` naming what and where.
 */
export async function parseImport(
  text: string,
  options: { fileName?: string; format?: ImportFormat | 'auto' } = {},
): Promise<ImportPlan> {
  try {
    return await readImport(text, options);
  } catch (error) {
    // Bad input is a 400 with a message, never a crash: a library's own error on a strange document is one too.
    if (error instanceof DomainError) throw error;
    if (error instanceof RangeError) throw invalid(TOO_DEEP);
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(`无法读取导入内容：${reason.slice(0, 300)}`);
  }
}

async function readImport(
  text: string,
  options: { fileName?: string; format?: ImportFormat | 'auto' },
): Promise<ImportPlan> {
  const body = guardText(text);
  const value = parseStructured(body, options.fileName);
  const wanted = options.format ?? 'auto';
  const source: ImportSource = { value, text: body, fileName: options.fileName };
  if (wanted === 'auto') {
    const importer = IMPORTERS.find((candidate) => candidate.detect(value));
    if (!importer) {
      throw invalid('无法识别导入格式：支持 OpenAPI 3.0/3.1、Swagger 2.0、Postman Collection v2.1、HAR 1.2 和 YApi');
    }
    return importer.parse(source);
  }
  const importers = IMPORTERS.filter((candidate) => candidate.format === wanted);
  if (importers.length === 0) throw invalid(`暂不支持导入 ${FORMAT_NAMES[wanted] ?? wanted} 格式`);
  // OpenAPI and Swagger share one mapper: a Swagger file imported as OpenAPI (or the other way) is still read.
  const importer =
    importers.find((candidate) => candidate.detect(value)) ??
    (wanted === 'openapi' || wanted === 'swagger'
      ? IMPORTERS.find((c) => c.detect(value) && c.parse === parseOpenApi)
      : undefined);
  if (!importer) throw invalid(`导入内容不是 ${FORMAT_NAMES[wanted]} 格式的文件`);
  return importer.parse(source);
}
