import { invalid } from '@pmbok/infra';
import type { CompareOptions } from '../domain/fieldCompare/index.js';

export const fieldCompareMessages = {
  convention: '命名规范只能是 auto、camelCase、snake_case 或 none',
  minUses: '最少使用文档数必须是 2 到 1000 的整数',
  changed: '文档已变化，请重新比对',
  fixesFormat: '修复列表格式错误：应为 [{"issueId": "...", "action": "useLibrary"}] 的列表',
  noFixes: '请选择要应用的修复',
  tooManyFixes: '一次最多应用 5000 项修复',
} as const;

const CONVENTIONS = ['auto', 'camelCase', 'snake_case', 'none'] as const;
export interface FieldCompareInput {
  /** '' for auto. */
  convention?: string;
  /** 0 for 3. */
  minUses?: number;
}

/** The options a request asks for, checked: a bad value is refused, not replaced. */
export function compareOptionsOf(input: FieldCompareInput): CompareOptions {
  const convention = input.convention || 'auto';
  if (!(CONVENTIONS as readonly string[]).includes(convention)) throw invalid(fieldCompareMessages.convention);
  const minUses = input.minUses || 3;
  if (!Number.isInteger(minUses) || minUses < 2 || minUses > 1000) throw invalid(fieldCompareMessages.minUses);
  return { convention: convention as CompareOptions['convention'], minUses };
}
