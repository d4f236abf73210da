import { JSONPath } from 'jsonpath-plus';
import type { Assertion, AssertionResult, Extraction, ResponseSchemas } from '../model.js';
import type { HttpResponse } from '../ports.js';
import { type SchemaChecker, schemaFor } from './schemas.js';
import { compilePattern, contains, looselyEqual, parseExpected, shown, toNumber, typeNames } from './values.js';

/** A response as assertions and extractions read it: the body parsed as JSON once, when asked. */
export class ResponseView {
  private parsed?: { ok: true; value: unknown } | { ok: false; message: string };
  constructor(readonly response: HttpResponse) {}

  get text(): string {
    return this.response.bodyEncoding === 'base64' ? '' : this.response.body;
  }

  json(): { ok: true; value: unknown } | { ok: false; message: string } {
    if (!this.parsed) {
      const text = new TextDecoder().decode(this.response.raw);
      try {
        this.parsed = { ok: true, value: JSON.parse(text) };
      } catch {
        const start = text.slice(0, 60).replace(/\s+/g, ' ');
        this.parsed = { ok: false, message: `响应不是 JSON（${start || '空响应'}），无法按 JSON 路径取值` };
      }
    }
    return this.parsed;
  }

  header(name: string): string | undefined {
    const lower = name.toLowerCase();
    const values = this.response.headers.filter(([key]) => key.toLowerCase() === lower).map(([, value]) => value);
    return values.length ? values.join(', ') : undefined;
  }
}

export const SOURCE_NAMES: Record<Assertion['source'], string> = {
  status: '状态码',
  header: '响应头',
  jsonPath: 'JSON 路径',
  body: '响应体',
  responseTime: '响应时间',
  schema: '响应结构',
};

export const OPERATOR_NAMES: Record<Assertion['operator'], string> = {
  equals: '等于',
  notEquals: '不等于',
  contains: '包含',
  notContains: '不包含',
  matches: '匹配',
  exists: '存在',
  notExists: '不存在',
  type: '类型为',
  lessThan: '小于',
  lessOrEqual: '小于等于',
  greaterThan: '大于',
  greaterOrEqual: '大于等于',
  conforms: '符合文档',
};

/** The values a JSON path selects: none, one (the value itself), or several (as a list). */
export function selectPath(json: unknown, path: string): { found: boolean; value?: unknown; error?: string } {
  let results: unknown[];
  try {
    results = JSONPath({ path: path.trim() || '$', json: json as object, wrap: true, eval: 'safe' }) as unknown[];
  } catch (error) {
    return { found: false, error: `JSON 路径不正确：${(error as Error).message}` };
  }
  if (results.length === 0) return { found: false };
  return { found: true, value: results.length === 1 ? results[0] : results };
}

function assertionName(assertion: Assertion, expected: string | undefined): string {
  if (assertion.name) return assertion.name;
  const parts = [SOURCE_NAMES[assertion.source]];
  if (assertion.path && (assertion.source === 'header' || assertion.source === 'jsonPath')) parts.push(assertion.path);
  parts.push(OPERATOR_NAMES[assertion.operator]);
  if (!['exists', 'notExists', 'conforms'].includes(assertion.operator) && expected !== undefined) {
    parts.push(assertion.source === 'responseTime' ? `${expected} ms` : expected);
  }
  return parts.join(' ');
}

/** What the assertion looks at, or a failure message when it cannot be read. */
function actualOf(assertion: Assertion, view: ResponseView): { found: boolean; value?: unknown; error?: string } {
  switch (assertion.source) {
    case 'status':
      return { found: true, value: view.response.status };
    case 'responseTime':
      return { found: true, value: Math.round(view.response.timings.totalMs) };
    case 'body':
      return { found: true, value: view.text };
    case 'header': {
      const value = view.header(assertion.path ?? '');
      return value === undefined ? { found: false } : { found: true, value };
    }
    case 'jsonPath': {
      const json = view.json();
      if (!json.ok) return { found: false, error: json.message };
      return selectPath(json.value, assertion.path ?? '$');
    }
    case 'schema':
      return { found: true };
  }
}

/** Whether a value stands to an expected one as the operator says, or why they cannot be compared. */
export function compare(operator: Assertion['operator'], actual: unknown, expected: unknown): boolean | string {
  switch (operator) {
    case 'equals':
      return looselyEqual(actual, expected);
    case 'notEquals':
      return !looselyEqual(actual, expected);
    case 'contains':
      return contains(actual, expected);
    case 'notContains':
      return !contains(actual, expected);
    case 'matches': {
      const pattern = compilePattern(String(expected ?? ''));
      if (typeof pattern === 'string') return pattern;
      // Bounded: a pattern that backtracks badly still only sees the first megabyte.
      const text = typeof actual === 'string' ? actual : JSON.stringify(actual);
      return pattern.test(text.slice(0, 1024 * 1024));
    }
    case 'type':
      return typeNames(actual).includes(String(expected).toLowerCase());
    case 'lessThan':
    case 'lessOrEqual':
    case 'greaterThan':
    case 'greaterOrEqual': {
      const left = toNumber(actual);
      const right = toNumber(expected);
      if (left === undefined || right === undefined) return `无法按数字比较：${shown(actual)} 与 ${shown(expected)}`;
      if (operator === 'lessThan') return left < right;
      if (operator === 'lessOrEqual') return left <= right;
      if (operator === 'greaterThan') return left > right;
      return left >= right;
    }
    default:
      return `不支持的比较方式：${operator}`;
  }
}

/** One assertion without code against a response; `resolve` fills the expected text's variables. */
export function checkAssertion(
  assertion: Assertion,
  view: ResponseView,
  resolve: (text: string) => string,
  context: {
    schemas?: ResponseSchemas;
    components?: Record<string, unknown>;
    cacheKey: string;
    checker: SchemaChecker;
  },
): AssertionResult {
  const expectedText = assertion.expected === undefined ? undefined : resolve(assertion.expected);
  const name = assertionName(assertion, expectedText);
  const result = (passed: boolean, extra: Partial<AssertionResult> = {}): AssertionResult => ({
    name,
    passed,
    origin: 'assertion',
    ...extra,
  });
  if (assertion.source === 'schema') {
    const status = view.response.status;
    const schema = schemaFor(context.schemas, status);
    if (!schema) return result(false, { message: `文档没有为状态码 ${status} 定义响应结构` });
    const json = view.json();
    if (!json.ok) return result(false, { message: json.message.replace('无法按 JSON 路径取值', '无法校验响应结构') });
    const errors = context.checker.errors(
      schema.schema,
      context.components,
      json.value,
      `${context.cacheKey}:${schema.key}`,
    );
    if (typeof errors === 'string') return result(false, { message: errors });
    return errors.length === 0
      ? result(true)
      : result(false, {
          message: `响应不符合文档中 ${schema.key} 的响应结构（${errors.length} 处）`,
          schemaErrors: errors,
        });
  }
  const actual = actualOf(assertion, view);
  if (actual.error) return result(false, { message: actual.error });
  if (assertion.operator === 'exists' || assertion.operator === 'notExists') {
    const passed = assertion.operator === 'exists' ? actual.found : !actual.found;
    return result(passed, {
      actual: actual.found ? shown(actual.value) : '(不存在)',
      ...(passed ? {} : { message: actual.found ? '期望不存在，实际存在' : '期望存在，实际不存在' }),
    });
  }
  if (!actual.found) {
    return result(false, {
      expected: expectedText,
      actual: '(不存在)',
      message: `${SOURCE_NAMES[assertion.source]} ${assertion.path ?? ''} 不存在`,
    });
  }
  const expected =
    assertion.operator === 'matches' || assertion.operator === 'type' ? expectedText : parseExpected(expectedText);
  const outcome = compare(assertion.operator, actual.value, expected);
  const shownActual = shown(actual.value);
  if (typeof outcome === 'string')
    return result(false, { expected: expectedText, actual: shownActual, message: outcome });
  return result(outcome, {
    expected: expectedText,
    actual: shownActual,
    ...(outcome
      ? {}
      : { message: `期望${OPERATOR_NAMES[assertion.operator]} ${expectedText ?? ''}，实际为 ${shownActual}` }),
  });
}

/** The value an extraction takes, as text (JSON for non-text values), or undefined when it finds nothing. */
export function extractValue(extraction: Extraction, view: ResponseView): string | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  switch (extraction.source) {
    case 'status':
      return String(view.response.status);
    case 'body':
      return view.text;
    case 'header':
      return view.header(extraction.path ?? '');
    case 'jsonPath': {
      const json = view.json();
      if (!json.ok) return undefined;
      const selected = selectPath(json.value, extraction.path ?? '$');
      return selected.found ? text(selected.value) : undefined;
    }
    case 'regex': {
      const pattern = compilePattern(extraction.path ?? '');
      if (typeof pattern === 'string') return undefined;
      const match = pattern.exec(view.text.slice(0, 1024 * 1024));
      return match ? (match[1] ?? match[0]) : undefined;
    }
  }
}
