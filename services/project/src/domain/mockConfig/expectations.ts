import { invalid } from '@pmbok/infra';
import type { Json } from '../doc/content.js';
import { schemaProblem } from '../doc/jsonSchema.js';

/**
 * Checks of an api document's mock expectations (docs/api/mock-and-fields.md, "Mock settings and expectations"):
 * what the user sent, in its canonical shape, or a refusal naming the expectation and the field in Chinese.
 */
export const CONDITION_SOURCES = ['path', 'query', 'header', 'body'] as const;
export const CONDITION_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'exists',
  'notExists',
  'matches',
  'greaterThan',
  'lessThan',
  'in',
] as const;
export const BODY_TYPES = ['example', 'template', 'schema', 'text'] as const;

export const EXPECTATIONS_MAX = 50;
export const CONDITIONS_MAX = 20;
export const HEADERS_MAX = 50;
export const DELAY_MAX = 10_000;
export const PATTERN_MAX = 200;
/** A body or text answers at most 1 MB; the list as a whole is bounded by the call's body anyway. */
export const BODY_MAX_BYTES = 1024 * 1024;

export interface Condition {
  source: (typeof CONDITION_SOURCES)[number];
  name: string;
  operator: (typeof CONDITION_OPERATORS)[number];
  value: string;
}

export interface Expectation {
  id: string;
  name: string;
  enabled: boolean;
  conditions: Condition[];
  response: {
    status: number;
    headers: { name: string; value: string }[];
    bodyType: (typeof BODY_TYPES)[number];
    body: Json;
    text: string;
    delayMs: number;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The fields as the expectation editor names them (refusals read as the screen does). */
const NAMES: Record<string, string> = {
  name: '名称',
  enabled: '启用',
  conditions: '条件',
  source: '来源',
  operator: '运算符',
  value: '值',
  status: '状态码',
  headers: '响应头',
  bodyType: '响应体类型',
  text: '响应文本',
  delayMs: '延迟（毫秒）',
};
const named = (field: string) => NAMES[field] ?? field;

class Field {
  constructor(
    private readonly value: Record<string, unknown>,
    private readonly label: string,
  ) {}
  text(field: string, min: number, max: number, fallback = ''): string {
    const value = this.value[field] ?? fallback;
    if (typeof value !== 'string') throw invalid(`${this.label}的${named(field)}必须是文字`);
    const trimmed = value.trim();
    if (trimmed.length < min || trimmed.length > max) {
      throw invalid(
        min > 0
          ? `${this.label}的${named(field)}为 ${min}–${max} 个字符`
          : `${this.label}的${named(field)}最多 ${max} 个字符`,
      );
    }
    return trimmed;
  }
  oneOf<T extends string>(field: string, allowed: readonly T[], fallback?: T): T {
    const value = this.value[field] ?? fallback;
    if (!allowed.includes(value as T)) throw invalid(`${this.label}的${named(field)}只能是 ${allowed.join('、')}`);
    return value as T;
  }
  integer(field: string, min: number, max: number, fallback: number): number {
    const value = this.value[field] ?? fallback;
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
      throw invalid(`${this.label}的${named(field)}必须是 ${min}–${max} 的整数`);
    }
    return value as number;
  }
  boolean(field: string, fallback: boolean): boolean {
    const value = this.value[field] ?? fallback;
    if (typeof value !== 'boolean') throw invalid(`${this.label}的${named(field)}必须是 true 或 false`);
    return value;
  }
  list(field: string, max: number): unknown[] {
    const value = this.value[field] ?? [];
    if (!Array.isArray(value)) throw invalid(`${this.label}的${named(field)}必须是列表`);
    if (value.length > max) throw invalid(`${this.label}最多 ${max} 个${named(field)}`);
    return value;
  }
}

const fieldsOf = (value: unknown, label: string) => {
  if (!isObject(value)) throw invalid(`${label}必须是一个对象`);
  return new Field(value, label);
};

function checkCondition(value: unknown, label: string): Condition {
  const r = fieldsOf(value, label);
  const source = r.oneOf('source', CONDITION_SOURCES);
  const operator = r.oneOf('operator', CONDITION_OPERATORS);
  const name = r.text('name', 1, 200);
  if (source === 'body' && !/^[^.\s][^\s]*$/.test(name)) {
    throw invalid(`${label}的名称是请求体中的路径，如 user.id、items.0.sku`);
  }
  const unary = operator === 'exists' || operator === 'notExists';
  const text = unary ? '' : r.text('value', 0, 1_000);
  if (operator === 'matches') {
    if (text.length > PATTERN_MAX) throw invalid(`${label}的正则表达式最多 ${PATTERN_MAX} 个字符`);
    try {
      new RegExp(text, 'u');
    } catch {
      throw invalid(`${label}的正则表达式不正确`);
    }
  }
  if ((operator === 'greaterThan' || operator === 'lessThan') && (text === '' || !Number.isFinite(Number(text)))) {
    throw invalid(`${label}的比较值必须是数字`);
  }
  if (operator === 'in' && text === '') throw invalid(`${label}的值写逗号分隔的可选值`);
  return { source, name, operator, value: text };
}

function checkResponse(value: unknown, label: string): Expectation['response'] {
  const r = fieldsOf(value, `${label}的响应`);
  const headers = r.list('headers', HEADERS_MAX).map((header, i) => {
    const h = fieldsOf(header, `${label}的第 ${i + 1} 个响应头`);
    const name = h.text('name', 1, 200);
    if (!HEADER_NAME.test(name)) throw invalid(`${label}的第 ${i + 1} 个响应头名称只能有字母、数字和 -`);
    const headerValue = h.text('value', 0, 2_000);
    // A line break would let a value add headers of its own to the mock's answer.
    if (/[\r\n\0]/.test(headerValue)) throw invalid(`${label}的第 ${i + 1} 个响应头的值不能换行`);
    return { name, value: headerValue };
  });
  const bodyType = r.oneOf('bodyType', BODY_TYPES, 'example');
  const raw = value as Record<string, unknown>;
  const body = (raw.body ?? null) as Json;
  if (Buffer.byteLength(JSON.stringify(body) ?? 'null') > BODY_MAX_BYTES)
    throw invalid(`${label}的响应体不能超过 1 MB`);
  if (bodyType === 'schema') {
    const problem = schemaProblem(body);
    if (problem) throw invalid(`${label}的响应体 JSON Schema 不正确：${problem}`);
  }
  const text = typeof raw.text === 'string' ? raw.text : r.text('text', 0, 0);
  if (Buffer.byteLength(text) > BODY_MAX_BYTES) throw invalid(`${label}的响应文本不能超过 1 MB`);
  return {
    status: r.integer('status', 100, 599, 200),
    headers,
    bodyType,
    body: bodyType === 'text' ? null : body,
    text: bodyType === 'text' ? text : '',
    delayMs: r.integer('delayMs', 0, DELAY_MAX, 0),
  };
}

/**
 * The list as saved: order is priority. `newId` names an expectation that has none (or whose id is not one of
 * this document's, or repeats one), so ids stay unique within the document.
 */
export function checkExpectations(value: unknown, known: ReadonlySet<string>, newId: () => string): Expectation[] {
  if (!Array.isArray(value)) throw invalid('期望必须是一个列表');
  if (value.length > EXPECTATIONS_MAX) throw invalid(`一个接口最多 ${EXPECTATIONS_MAX} 个期望`);
  const seen = new Set<string>();
  return value.map((item, i) => {
    const label = `第 ${i + 1} 个期望`;
    const r = fieldsOf(item, label);
    const given = typeof (item as Record<string, unknown>).id === 'string' ? String((item as { id: string }).id) : '';
    const id = given && known.has(given) && !seen.has(given) ? given : newId();
    seen.add(id);
    const conditions = r.list('conditions', CONDITIONS_MAX);
    return {
      id,
      name: r.text('name', 1, 100),
      enabled: r.boolean('enabled', true),
      conditions: conditions.map((condition, j) => checkCondition(condition, `${label}的第 ${j + 1} 个条件`)),
      response: checkResponse((item as Record<string, unknown>).response, label),
    };
  });
}
