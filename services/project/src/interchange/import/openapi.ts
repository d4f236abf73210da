import { invalid } from '@pmbok/infra';
import type { ImportPlan } from '../model.js';
import { isObject } from './common.js';
import type { ImportSource } from './index.js';

export const isOpenApi = (value: unknown) => isObject(value) && typeof value.openapi === 'string';
export const isSwagger = (value: unknown) => isObject(value) && String(value.swagger ?? '').startsWith('2');

export async function parseOpenApi(_source: ImportSource): Promise<ImportPlan> {
  throw invalid('OpenAPI 导入尚未完成');
}
