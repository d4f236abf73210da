import { invalid } from '@pmbok/infra';
import type { ExportedFile, ExportSource } from '../model.js';

export function exportOpenApi(
  _source: ExportSource,
  _flavour: 'openapi' | 'swagger',
  _syntax: 'json' | 'yaml',
): ExportedFile {
  throw invalid('OpenAPI 导出尚未完成');
}
