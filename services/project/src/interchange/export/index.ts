import { invalid } from '@pmbok/infra';
import type { ExportedFile, ExportFormat, ExportSource } from '../model.js';
import { exportOpenApi } from './openapi.js';

type Exporter = (source: ExportSource) => ExportedFile;

const notYet =
  (name: string): Exporter =>
  () => {
    throw invalid(`暂不支持导出为 ${name}`);
  };

/** One writer per format. The collection exporters (Postman, Markdown, HTML) replace their `notYet` line. */
const EXPORTERS: Record<ExportFormat, Exporter> = {
  'openapi-json': (source) => exportOpenApi(source, 'openapi', 'json'),
  'openapi-yaml': (source) => exportOpenApi(source, 'openapi', 'yaml'),
  'swagger-json': (source) => exportOpenApi(source, 'swagger', 'json'),
  'swagger-yaml': (source) => exportOpenApi(source, 'swagger', 'yaml'),
  postman: notYet('Postman'),
  markdown: notYet('Markdown'),
  html: notYet('HTML'),
};

/** Writes a project (or a part or a version of it) in an interchange format. */
export function exportProject(source: ExportSource, format: ExportFormat): ExportedFile {
  const exporter = Object.hasOwn(EXPORTERS, format) ? EXPORTERS[format] : undefined;
  if (!exporter) throw invalid(`不支持的导出格式：${String(format)}`);
  return exporter(source);
}
