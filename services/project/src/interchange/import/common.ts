import { invalid } from '@pmbok/infra';
import { parseDocument } from 'yaml';
import type { ImportFormat, ImportPlan, InterchangeProblem } from '../model.js';

/** The largest source an import reads (the file's text, or a fetched URL's body). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Anchors and aliases beyond this are a resource exhaustion attack (billion laughs), not a real API description. */
const YAML_MAX_ALIASES = 1_000;

/** The folder of a document that names none. */
export const DEFAULT_FOLDER = '默认分组';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A field that should be text, or '' when it is anything else. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An empty plan of a format, which an importer fills. */
export function emptyPlan(format: ImportFormat, formatVersion: string): ImportPlan {
  return { format, formatVersion, title: '', description: '', servers: [], nodes: [], problems: [], scripts: [] };
}

/** Collects what an importer could not map, with where it is in the source. */
export class Problems {
  readonly list: InterchangeProblem[] = [];
  add(where: string, message: string) {
    this.list.push({ where, message });
  }
}

/** A JSON pointer segment (RFC 6901), for `where`s that name a place in the source. */
export const pointer = (...segments: (string | number)[]) =>
  `#/${segments.map((s) => String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/**
 * Refuses what is not a text document before anything parses it: too large, or a zip, an image or another binary
 * read as text (its bytes decode to NULs and replacement characters).
 */
export function guardText(source: string): string {
  if (source.length > IMPORT_MAX_BYTES || Buffer.byteLength(source) > IMPORT_MAX_BYTES) {
    throw invalid('导入内容不能超过 20 MB');
  }
  const body = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!body.trim()) throw invalid('导入内容是空的');
  if (body.startsWith('PK\u0003\u0004') || body.startsWith('PK\u0005\u0006')) {
    throw invalid('导入的是压缩包（zip），请解压后导入其中的 JSON 或 YAML 文件');
  }
  if (body.startsWith('\u001f\u008b') || body.startsWith('\u001f\ufffd')) {
    throw invalid('导入的是 gzip 压缩文件，请解压后导入');
  }
  const head = body.slice(0, 64 * 1024);
  let control = 0;
  let undecodable = 0;
  for (let i = 0; i < head.length; i += 1) {
    const code = head.charCodeAt(i);
    if (code === 0) throw invalid('导入的是二进制文件，不是 JSON 或 YAML 文本');
    if (code === 0xfffd) undecodable += 1;
    else if (code < 32 && code !== 9 && code !== 10 && code !== 13) control += 1;
  }
  if (control > head.length / 20) throw invalid('导入的是二进制文件，不是 JSON 或 YAML 文本');
  // Bytes that are not UTF-8 decode to U+FFFD: a GBK file, say, which would import as garbled names.
  if (undecodable > head.length / 50) throw invalid('导入的文件不是 UTF-8 编码的文本，请转换为 UTF-8 后再导入');
  return body;
}

/** 1-based line and column of an offset of the text. */
export function lineColumn(source: string, offset: number) {
  let line = 1;
  let start = 0;
  const end = Math.min(Math.max(offset, 0), source.length);
  for (let i = source.indexOf('\n'); i !== -1 && i < end; i = source.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: end - start + 1 };
}

/** Whether a JSON prefix may still become valid text (it only ends early), as V8's messages tell. */
function viablePrefix(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('Unexpected end of JSON input')) return true;
    const at = /at position (\d+)/.exec(message);
    return !!at && Number(at[1]) >= prefix.length;
  }
}

/**
 * Where JSON.parse failed. V8 names the position for some errors only ("Unexpected token 'x', … is not valid
 * JSON" has none), so the first bad character is found by bisecting prefixes: a prefix of valid JSON only ever
 * fails by ending early, and once a prefix is invalid every longer one is too.
 */
function jsonErrorOffset(source: string, message: string): number {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (message.startsWith('Unexpected end of JSON input')) return source.length;
  let low = 0;
  let high = source.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (viablePrefix(source.slice(0, middle + 1))) low = middle + 1;
    else high = middle;
  }
  return low;
}

function parseJson(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch (error) {
    const { line, column } = lineColumn(source, jsonErrorOffset(source, (error as Error).message));
    throw invalid(`JSON 格式不正确：第 ${line} 行第 ${column} 列附近有语法错误`);
  }
}

function parseYaml(source: string): unknown {
  const doc = parseDocument(source, { merge: true });
  const [error] = doc.errors;
  if (error) {
    const position = error.linePos?.[0];
    const place = position ? `第 ${position.line} 行第 ${position.col} 列` : '';
    const reason = error.code === 'DUPLICATE_KEY' ? '有重复的键' : '有语法错误';
    throw invalid(`YAML 格式不正确：${place}${place ? '附近' : ''}${reason}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_MAX_ALIASES });
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw invalid('YAML 的锚点别名（& 与 *）展开过多，疑似恶意构造的文件，已拒绝');
    }
    throw invalid(`YAML 无法读取：${(error as Error).message}`);
  }
  // An alias inside its own anchor (`a: &x {b: *x}`) makes a circular value, which no mapper could walk; a copy
  // through JSON refuses it and also unshares aliased nodes, so the mappers may change what they read.
  try {
    return JSON.parse(JSON.stringify(value));
  } catch (error) {
    if (error instanceof RangeError) throw invalid(TOO_DEEP);
    throw invalid('YAML 的锚点别名（& 与 *）形成了循环引用，无法导入');
  }
}

/** Deeper than any real API description; the mappers and libraries after the parser walk values recursively. */
const MAX_DEPTH = 256;
export const TOO_DEEP = `导入内容的嵌套层级过深（超过 ${MAX_DEPTH} 层），无法导入`;

/** Refuses a value nested so deep that walking it recursively would overflow the stack. */
function assertDepth(root: unknown) {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) throw invalid(TOO_DEEP);
    for (const child of Object.values(value)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
}

/**
 * The source's value: JSON when it starts like JSON (a `{` or `[`) and is not named .yaml/.yml, else YAML. Errors name the line and column.
 * The text must have passed `guardText`.
 */
export function parseStructured(source: string, fileName = ''): unknown {
  const start = source.trimStart()[0];
  // A .yaml file may open with a flow mapping `{`: its name says how to read it.
  const json = (start === '{' || start === '[') && !/\.ya?ml$/i.test(fileName);
  const value = json ? parseJson(source) : parseYaml(source);
  if (!value || typeof value !== 'object') throw invalid('导入内容不是 JSON 或 YAML 对象，无法识别格式');
  assertDepth(value);
  return value;
}
