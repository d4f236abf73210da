import { invalid } from '@pmbok/infra';
import type { ExportedFile, ExportFormat, ExportSource } from '../model.js';
import { exportHtml } from './html.js';
import { exportMarkdown } from './markdown.js';
import { exportOpenApi } from './openapi.js';
import { exportPostman } from './postman.js';

type Exporter = (source: ExportSource) => ExportedFile;

/** One writer per format. */
const EXPORTERS: Record<ExportFormat, Exporter> = {
  'openapi-json': (source) => exportOpenApi(source, 'openapi', 'json'),
  'openapi-yaml': (source) => exportOpenApi(source, 'openapi', 'yaml'),
  'swagger-json': (source) => exportOpenApi(source, 'swagger', 'json'),
  'swagger-yaml': (source) => exportOpenApi(source, 'swagger', 'yaml'),
  postman: exportPostman,
  markdown: exportMarkdown,
  html: exportHtml,
};

/** Writes a project (or a part or a version of it) in an interchange format. */
export function exportProject(source: ExportSource, format: ExportFormat): ExportedFile {
  const exporter = Object.hasOwn(EXPORTERS, format) ? EXPORTERS[format] : undefined;
  if (!exporter) throw invalid(`不支持的导出格式：${String(format)}`);
  return exporter(source);
}
