import { invalid } from '@pmbok/infra';
import type {
  Assertion,
  AssertionOperator,
  AssertionSource,
  AuthSpec,
  BodyType,
  Extraction,
  FormDataField,
  KeyValue,
  RequestBodySpec,
  RequestSpec,
  TestCaseContent,
} from '@pmbok/runner';
import { Fields, jsonPathProblem, regexProblem } from './fields.js';

/**
 * Checks of a test case's content (docs/api/tests.md, "Cases"): the runner's `TestCaseContent`, in its canonical
 * shape (defaults filled, ids given), or a refusal naming the field in Chinese.
 */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export const URL_MAX = 2_000;
export const ENTRIES_MAX = 200;
export const CHECKS_MAX = 100;
export const SCRIPT_MAX_BYTES = 100 * 1024;
/** The content without its files' bytes. */
export const CASE_MAX_BYTES = 1024 * 1024;
/** A file field's or a binary body's content, and all of a case's files together. */
export const FILES_MAX_BYTES = 5 * 1024 * 1024;
export const VARIABLE_NAME = /^[A-Za-z_$][\w.$-]{0,63}$/;

const SOURCES: readonly AssertionSource[] = ['status', 'header', 'jsonPath', 'body', 'responseTime', 'schema'];
const OPERATORS: readonly AssertionOperator[] = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'matches',
  'exists',
  'notExists',
  'type',
  'lessThan',
  'lessOrEqual',
  'greaterThan',
  'greaterOrEqual',
  'conforms',
];
const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
const BODY_TYPES: readonly BodyType[] = ['none', 'json', 'form-data', 'x-www-form-urlencoded', 'raw', 'xml', 'binary'];
const EXTRACTION_SOURCES: readonly Extraction['source'][] = ['jsonPath', 'header', 'regex', 'status', 'body'];
const AUTH_TYPES: readonly AuthSpec['type'][] = ['none', 'inherit', 'bearer', 'basic', 'apikey'];
const TEXT_MAX = 1024 * 1024;

export const variableNameMessage = (label: string) =>
  `${label}只能以字母、_ 或 $ 开头，由字母、数字和 _ . $ - 组成，最多 64 个字符`;

/** Bytes a base64 text decodes to (padding aside). */
const decodedBytes = (base64: string) => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

class FileBudget {
  used = 0;
  take(base64: string, label: string) {
    if (!BASE64.test(base64)) throw invalid(`${label}的文件内容必须是 base64`);
    const bytes = decodedBytes(base64);
    if (bytes > FILES_MAX_BYTES) throw invalid(`${label}的文件不能超过 5 MB`);
    this.used += bytes;
    if (this.used > FILES_MAX_BYTES) throw invalid('一个用例的文件加起来不能超过 5 MB');
  }
}

function keyValues(r: Fields, field: string, name: string): KeyValue[] {
  return r.list(field, name, ENTRIES_MAX).map((item, i) => {
    const e = Fields.of(item, `${name}第 ${i + 1} 项`, ['name', 'value', 'enabled', 'description']);
    return compact({
      name: e.text('name', '名称', 500),
      value: e.text('value', '值', TEXT_MAX, { fallback: '' }),
      enabled: e.optionalBoolean('enabled', '启用'),
      description: e.optionalText('description', '说明', 1_000),
    });
  });
}

function formFields(r: Fields, files: FileBudget): FormDataField[] {
  const known = ['name', 'value', 'enabled', 'description', 'type', 'fileName', 'contentType', 'base64'];
  return r.list('fields', '字段', ENTRIES_MAX).map((item, i) => {
    const label = `请求体第 ${i + 1} 个字段`;
    const f = Fields.of(item, label, known);
    const type = f.oneOf('type', '类型', ['text', 'file'] as const, 'text');
    const base64 = f.optionalText('base64', '文件内容', Number.MAX_SAFE_INTEGER);
    if (base64 !== undefined) files.take(base64, label);
    return compact({
      name: f.text('name', '名称', 500),
      value: f.text('value', '值', TEXT_MAX, { fallback: '' }),
      enabled: f.optionalBoolean('enabled', '启用'),
      description: f.optionalText('description', '说明', 1_000),
      type,
      fileName: f.optionalText('fileName', '文件名', 255),
      contentType: f.optionalText('contentType', '文件类型', 200),
      base64,
    });
  });
}

function body(value: unknown, files: FileBudget): RequestBodySpec {
  const b = Fields.of(value, '请求体', ['type', 'raw', 'fields', 'base64', 'mediaType']);
  const type = b.oneOf('type', '类型', BODY_TYPES, 'none');
  const base64 = b.optionalText('base64', '文件内容', Number.MAX_SAFE_INTEGER);
  if (base64 !== undefined) files.take(base64, '请求体');
  return compact({
    type,
    raw: b.optionalText('raw', '内容', TEXT_MAX),
    fields: b.has('fields') ? formFields(b, files) : undefined,
    base64,
    mediaType: b.optionalText('mediaType', '媒体类型', 200),
  });
}

function auth(value: unknown): AuthSpec {
  const type = Fields.of(value, '认证', ['type', 'token', 'username', 'password', 'key', 'value', 'in']).oneOf(
    'type',
    '方式',
    AUTH_TYPES,
  );
  switch (type) {
    case 'none':
    case 'inherit':
      return { type };
    case 'bearer': {
      const a = Fields.of(value, '认证', ['type', 'token']);
      return { type, token: a.text('token', '令牌', 10_000, { fallback: '' }) };
    }
    case 'basic': {
      const a = Fields.of(value, '认证', ['type', 'username', 'password']);
      return {
        type,
        username: a.text('username', '用户名', 500, { fallback: '' }),
        password: a.text('password', '密码', 500, { fallback: '' }),
      };
    }
    case 'apikey': {
      const a = Fields.of(value, '认证', ['type', 'key', 'value', 'in']);
      return {
        type,
        key: a.text('key', '参数名', 500, { min: 1 }),
        value: a.text('value', '值', 10_000, { fallback: '' }),
        in: a.oneOf('in', '位置', ['header', 'query'] as const, 'header'),
      };
    }
  }
}

export function checkRequest(value: unknown, files = new FileBudget()): RequestSpec {
  const known = ['method', 'url', 'pathParams', 'query', 'headers', 'body', 'auth', 'timeoutMs'];
  const r = Fields.of(value, '请求', known);
  const method = r.text('method', '方法', 10, { fallback: 'GET' }).toUpperCase();
  if (!METHODS.includes(method as never)) throw invalid(`请求的方法只能是 ${METHODS.join('、')}`);
  const url = r.text('url', '地址', URL_MAX, { fallback: '' }).trim();
  if (/[\r\n]/.test(url)) throw invalid('请求的地址不能换行');
  return compact({
    method,
    url,
    pathParams: r.has('pathParams') ? keyValues(r, 'pathParams', '路径参数') : undefined,
    query: r.has('query') ? keyValues(r, 'query', '查询参数') : undefined,
    headers: r.has('headers') ? keyValues(r, 'headers', '请求头') : undefined,
    body: r.has('body') ? body(r.raw('body'), files) : undefined,
    auth: r.has('auth') ? auth(r.raw('auth')) : undefined,
    timeoutMs: r.optionalInteger('timeoutMs', '超时（毫秒）', 1, 600_000),
  });
}

/** Ids keep their place in a list; a missing or repeated one gets a new id. */
const idOf = (given: unknown, seen: Set<string>, newId: () => string) => {
  const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) && !seen.has(given) ? given : newId();
  seen.add(id);
  return id;
};

function assertion(value: unknown, i: number, seen: Set<string>, newId: () => string): Assertion {
  const label = `第 ${i + 1} 个断言`;
  const a = Fields.of(value, label, ['id', 'enabled', 'name', 'source', 'path', 'operator', 'expected']);
  const source = a.oneOf('source', '来源', SOURCES);
  const operator = a.oneOf('operator', '运算符', OPERATORS);
  const path = a.optionalText('path', '路径', 1_000);
  const expected = a.optionalText('expected', '期望值', 100_000);
  if ((source === 'schema') !== (operator === 'conforms')) throw invalid(`${label}：「符合响应结构」只用于响应结构`);
  if (source === 'header' && !path?.trim()) throw invalid(`${label}的响应头名称不能为空`);
  if (source === 'jsonPath') {
    const problem = jsonPathProblem(path ?? '');
    if (problem) throw invalid(`${label}的 JSON 路径不正确：${problem}`);
  }
  if (operator === 'matches') {
    const problem = regexProblem(expected ?? '');
    if (problem) throw invalid(`${label}的正则表达式不正确：${problem}`);
  }
  if (operator === 'type' && !TYPES.includes(expected ?? '') && !expected?.includes('{{'))
    throw invalid(`${label}的类型只能是 ${TYPES.join('、')}`);
  if (source === 'responseTime' && !/^\d+(\.\d+)?$/.test(expected ?? ''))
    throw invalid(`${label}的响应时间上限必须是毫秒数`);
  return compact({
    id: idOf(a.raw('id'), seen, newId),
    enabled: a.optionalBoolean('enabled', '启用'),
    name: a.optionalText('name', '名称', 200),
    source,
    path,
    operator,
    expected,
  });
}

function extraction(value: unknown, i: number, seen: Set<string>, newId: () => string): Extraction {
  const label = `第 ${i + 1} 个提取`;
  const e = Fields.of(value, label, ['id', 'enabled', 'variable', 'source', 'path']);
  const variable = e.text('variable', '变量名', 64, { min: 1 });
  if (!VARIABLE_NAME.test(variable)) throw invalid(variableNameMessage(`${label}的变量名`));
  const source = e.oneOf('source', '来源', EXTRACTION_SOURCES);
  const path = e.optionalText('path', '路径', 1_000);
  if (source === 'jsonPath') {
    const problem = jsonPathProblem(path ?? '');
    if (problem) throw invalid(`${label}的 JSON 路径不正确：${problem}`);
  }
  if (source === 'regex') {
    const problem = regexProblem(path ?? '');
    if (problem) throw invalid(`${label}的正则表达式不正确：${problem}`);
  }
  if (source === 'header' && !path?.trim()) throw invalid(`${label}的响应头名称不能为空`);
  return compact({
    id: idOf(e.raw('id'), seen, newId),
    enabled: e.optionalBoolean('enabled', '启用'),
    variable,
    source,
    path,
  });
}

function script(r: Fields, field: string, name: string): string {
  const text = r.text(field, name, Number.MAX_SAFE_INTEGER, { fallback: '' });
  // A script with a syntax error may be saved: the run reports it with its line and column.
  if (Buffer.byteLength(text, 'utf8') > SCRIPT_MAX_BYTES) throw invalid(`${name}最多 100 KB`);
  return text;
}

/**
 * The content as saved. `newId` names an assertion or extraction that has no id (or repeats one), so the report's
 * results and the editor's rows keep pointing at the same check across saves.
 */
export function checkCaseContent(value: unknown, newId: () => string): TestCaseContent {
  const known = ['request', 'assertions', 'extractions', 'preScript', 'testScript'];
  const c = Fields.of(value, '用例内容', known);
  const files = new FileBudget();
  const request = checkRequest(c.raw('request') ?? {}, files);
  const assertionIds = new Set<string>();
  const extractionIds = new Set<string>();
  const content: TestCaseContent = {
    request,
    assertions: c.list('assertions', '断言', CHECKS_MAX).map((a, i) => assertion(a, i, assertionIds, newId)),
    extractions: c.list('extractions', '提取', CHECKS_MAX).map((e, i) => extraction(e, i, extractionIds, newId)),
    preScript: script(c, 'preScript', '前置脚本'),
    testScript: script(c, 'testScript', '测试脚本'),
  };
  if (Buffer.byteLength(JSON.stringify(content)) - files.used * (4 / 3) > CASE_MAX_BYTES)
    throw invalid('用例内容不能超过 1 MB（文件另计）');
  return content;
}

/** The object without its undefined fields (the stored JSON names only what was given). */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
