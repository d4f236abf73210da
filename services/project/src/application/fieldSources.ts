import { getNodeValue, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import sqlParser from 'node-sql-parser';
import { type FieldType, NAME_MAX, NAME_PATTERN, nameKeyOf } from '../domain/dataField/names.js';

/**
 * `project/parseFieldSource` (docs/api/mock-and-fields.md, "Parsing sources"): fields offered for a library from a
 * pasted SQL `CREATE TABLE` (MySQL or PostgreSQL, node-sql-parser) or a JSON example. Pure, and free of the
 * service's infrastructure: it runs in a thread with a deadline (fieldSourcePool.ts), since a parser's grammar may
 * take exponential time on a crafted paste. Bad text throws FieldSourceError with the message the user sees.
 */
export class FieldSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldSourceError';
  }
}
const invalid = (message: string) => new FieldSourceError(message);

export interface FieldCandidate {
  name: string;
  type: FieldType;
  format: string;
  description: string;
  example: unknown;
  enum: unknown[];
  required: boolean;
  table: string;
  path: string;
  line: number;
  exists: boolean;
}

export const SOURCE_MAX_BYTES = 200 * 1024;
const CANDIDATES_MAX = 2_000;
const EXAMPLE_MAX_BYTES = 10 * 1024;

export const sourceMessages = {
  tooLarge: '粘贴的内容不能超过 200 KB',
  empty: '请粘贴 SQL 建表语句或 JSON 示例',
  kind: '来源只能是 sql 或 json',
  noTable: '没有找到 CREATE TABLE 语句',
  syntax: (line: number, what: string) => `第 ${line} 行附近有语法错误：${what}`,
  notObject: 'JSON 示例必须是一个对象或对象的列表',
} as const;

const lineAt = (text: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

// --- SQL ---------------------------------------------------------------------------------------------------------

type Definition = { dataType?: string; length?: number; expr?: { value?: { value?: unknown }[] } };
type ColumnDef = {
  resource?: string;
  column?: { column?: string | { expr?: { value?: string } } };
  definition?: Definition;
  nullable?: { type?: string };
  primary_key?: string;
  comment?: { value?: { value?: unknown } };
  default_val?: { value?: { type?: string; value?: unknown } };
};
type Statement = {
  type?: string;
  keyword?: string;
  table?: { table?: string }[] | null;
  create_definitions?: ColumnDef[] | null;
  target?: { type?: string; name?: ColumnDef['column'] & { table?: string } };
  expr?: { expr?: { value?: unknown } };
};

const STRING_TYPES =
  /^(VARCHAR|CHAR|CHARACTER|CHARACTER VARYING|NVARCHAR|NCHAR|TEXT|TINYTEXT|MEDIUMTEXT|LONGTEXT|CITEXT|SET)$/;
const INTEGER_TYPES = /^(INT|INTEGER|SMALLINT|MEDIUMINT|TINYINT|INT2|INT4|SERIAL|SMALLSERIAL|YEAR)$/;
const INT64_TYPES = /^(BIGINT|INT8|BIGSERIAL|SERIAL8)$/;
const NUMBER_TYPES = /^(DECIMAL|NUMERIC|FLOAT|FLOAT4|FLOAT8|DOUBLE|DOUBLE PRECISION|REAL|MONEY)$/;

/** The contract's mapping of SQL column types to field types and formats. */
export function mapSqlType(definition: Definition): { type: FieldType; format: string; enum: unknown[] } {
  const name = String(definition.dataType ?? '').toUpperCase();
  const plain = (type: FieldType, format = '') => ({ type, format, enum: [] as unknown[] });
  // PostgreSQL arrays (`text[]`, `integer[]`).
  if (name.endsWith('[]')) return plain('array');
  if (name === 'ENUM') {
    const values = (definition.expr?.value ?? []).map((v) => v.value).filter((v) => typeof v === 'string');
    return { type: 'string', format: '', enum: values };
  }
  if ((name === 'TINYINT' && definition.length === 1) || name === 'BOOLEAN' || name === 'BOOL') return plain('boolean');
  if (name === 'BIT' && (definition.length ?? 1) === 1) return plain('boolean');
  if (INT64_TYPES.test(name)) return plain('integer', 'int64');
  if (INTEGER_TYPES.test(name)) return plain('integer');
  if (NUMBER_TYPES.test(name)) return plain('number');
  if (name === 'DATE') return plain('string', 'date');
  if (/^(DATETIME|TIMESTAMP|TIMESTAMPTZ|TIMESTAMP WITH TIME ZONE|TIMESTAMP WITHOUT TIME ZONE)$/.test(name)) {
    return plain('string', 'date-time');
  }
  if (/^(TIME|TIMETZ)$/.test(name)) return plain('string', 'time');
  if (name === 'JSON' || name === 'JSONB') return plain('object');
  if (name === 'UUID') return plain('string', 'uuid');
  if (STRING_TYPES.test(name)) return plain('string');
  return plain('string');
}

const columnName = (column: ColumnDef['column']) =>
  typeof column?.column === 'string' ? column.column : String(column?.column?.expr?.value ?? '');

/** A literal default as an example (`DEFAULT 0`, `DEFAULT 'active'`); expressions (`CURRENT_TIMESTAMP`) are not. */
function defaultOf(column: ColumnDef): unknown {
  const value = column.default_val?.value;
  if (!value) return null;
  if (value.type === 'number' || value.type === 'bool' || value.type === 'boolean') return value.value;
  if (value.type === 'single_quote_string' || value.type === 'string') return value.value;
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** node-sql-parser keeps no positions in its tree: a column's line is found after its table's CREATE TABLE. */
function lineFinder(text: string) {
  return (table: string, column: string) => {
    const quoted = (name: string) => `[\`"\\[]?${escapeRegExp(name)}[\`"\\]]?`;
    const start = new RegExp(
      `create\\s+(?:temporary\\s+)?table\\s+(?:if\\s+not\\s+exists\\s+)?(?:\\S+\\.)?${quoted(table)}`,
      'i',
    ).exec(text);
    const from = start ? start.index + start[0].length : 0;
    const at = new RegExp(`(?:^|[\\s,(])${quoted(column)}\\s`, 'i').exec(text.slice(from));
    return lineAt(text, at ? from + at.index + 1 : from);
  };
}

function syntaxOf(text: string, error: unknown): { offset: number; message: string } {
  const location = (error as { location?: { start?: { offset?: number; line?: number; column?: number } } }).location;
  const offset = location?.start?.offset ?? text.length;
  const lineText = text.split('\n')[(location?.start?.line ?? 1) - 1] ?? '';
  const token = lineText.slice((location?.start?.column ?? 1) - 1).match(/^\S{1,40}/)?.[0];
  const what = token ? `无法识别“${token}”` : '语句不完整';
  return { offset, message: sourceMessages.syntax(lineAt(text, offset), what) };
}

/** Parses as MySQL or PostgreSQL; when both fail, the error that got further names the line. */
function astOf(text: string): Statement[] {
  const parser = new sqlParser.Parser();
  const failures: { offset: number; message: string }[] = [];
  // Either grammar accepts much of the other's: what only PostgreSQL writes decides which is tried first.
  const postgres = /\bcomment\s+on\b|\bserial\b|\bbigserial\b|\btimestamptz\b|\bjsonb\b|::/i.test(text);
  for (const database of postgres ? ['PostgresQL', 'MySQL'] : ['MySQL', 'PostgresQL']) {
    try {
      const ast = parser.astify(text, { database });
      return (Array.isArray(ast) ? ast : [ast]) as Statement[];
    } catch (error) {
      failures.push(syntaxOf(text, error));
    }
  }
  const furthest = failures.sort((a, b) => b.offset - a.offset)[0]!;
  throw invalid(furthest.message);
}

export function parseSql(text: string): { tables: string[]; fields: FieldCandidate[] } {
  const statements = astOf(text);
  const lineOf = lineFinder(text);
  const tables: string[] = [];
  const fields: FieldCandidate[] = [];
  // PostgreSQL's COMMENT ON COLUMN t.c IS '…' describes a column after its table.
  const comments = new Map<string, string>();
  for (const statement of statements) {
    if (statement.type === 'comment' && statement.target?.type === 'column') {
      const target = statement.target.name;
      const value = statement.expr?.expr?.value;
      if (typeof value === 'string') comments.set(`${target?.table ?? ''}.${columnName(target)}`, value);
    }
  }
  for (const statement of statements) {
    if (statement.type !== 'create' || statement.keyword !== 'table') continue;
    const table = statement.table?.[0]?.table ?? '';
    tables.push(table);
    for (const column of statement.create_definitions ?? []) {
      if (column.resource !== 'column') continue;
      const name = columnName(column.column);
      const comment = column.comment?.value?.value;
      fields.push({
        name,
        ...mapSqlType(column.definition ?? {}),
        description: typeof comment === 'string' ? comment : (comments.get(`${table}.${name}`) ?? ''),
        example: defaultOf(column),
        required: column.nullable?.type === 'not null' || !!column.primary_key,
        table,
        path: name,
        line: lineOf(table, name),
        exists: false,
      });
    }
  }
  if (tables.length === 0) throw invalid(sourceMessages.noTable);
  return { tables, fields };
}

// --- JSON --------------------------------------------------------------------------------------------------------

const JSON_ERRORS: Record<string, string> = {
  InvalidSymbol: '无法识别的符号',
  InvalidNumberFormat: '数字格式不正确',
  PropertyNameExpected: '缺少用双引号括起的属性名',
  ValueExpected: '缺少值',
  ColonExpected: '缺少冒号',
  CommaExpected: '缺少逗号',
  CloseBraceExpected: '缺少 }',
  CloseBracketExpected: '缺少 ]',
  EndOfFileExpected: '结尾有多余的内容',
  InvalidCommentToken: 'JSON 不能有注释',
  UnexpectedEndOfComment: '注释没有结束',
  UnexpectedEndOfString: '字符串没有结束',
  UnexpectedEndOfNumber: '数字没有结束',
  InvalidUnicode: 'Unicode 转义不正确',
  InvalidEscapeCharacter: '转义字符不正确',
  InvalidCharacter: '字符串中有不允许的字符',
};

/** A JSON value's field type; null is taken as a string (the common case of an empty text). */
const typeOfNode = (node: Node): FieldType => {
  if (node.type === 'array' || node.type === 'object' || node.type === 'boolean') return node.type;
  if (node.type === 'number') return Number.isInteger(node.value) ? 'integer' : 'number';
  return 'string';
};

/** The value as an example when it is small enough for a field (a big nested object is not). */
const exampleOf = (node: Node) => {
  if (node.length > EXAMPLE_MAX_BYTES) return null;
  const value: unknown = getNodeValue(node);
  return Buffer.byteLength(JSON.stringify(value)) <= EXAMPLE_MAX_BYTES ? value : null;
};

export function parseJson(text: string): { tables: string[]; fields: FieldCandidate[] } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first || !root) {
    const offset = first?.offset ?? 0;
    throw invalid(
      sourceMessages.syntax(lineAt(text, offset), JSON_ERRORS[printParseErrorCode(first?.error ?? 4)] ?? '格式不正确'),
    );
  }
  if (root.type !== 'object' && root.type !== 'array') throw invalid(sourceMessages.notObject);
  const fields: FieldCandidate[] = [];
  const walk = (node: Node, path: string, depth: number) => {
    if (depth > 32 || fields.length >= CANDIDATES_MAX) return;
    if (node.type === 'array') {
      for (const item of node.children ?? []) walk(item, path, depth + 1);
      return;
    }
    if (node.type !== 'object') return;
    for (const property of node.children ?? []) {
      const [key, valueNode] = property.children ?? [];
      if (!key || !valueNode) continue;
      const name = String(key.value);
      const at = path ? `${path}.${name}` : name;
      fields.push({
        name,
        type: typeOfNode(valueNode),
        format: '',
        description: '',
        example: exampleOf(valueNode),
        enum: [],
        required: false,
        table: '',
        path: at,
        line: lineAt(text, key.offset),
        exists: false,
      });
      walk(valueNode, at, depth + 1);
    }
  };
  walk(root, '', 0);
  return { tables: [], fields };
}

/**
 * The candidates of a pasted source: names a library can hold (others, such as `user-name` keys, are left out),
 * each name once (its first place), `exists` when `known` (lower-case names of the library) has it.
 */
export function parseFieldSource(kind: string, text: string, known: ReadonlySet<string>) {
  if (kind !== 'sql' && kind !== 'json') throw invalid(sourceMessages.kind);
  if (Buffer.byteLength(text) > SOURCE_MAX_BYTES) throw invalid(sourceMessages.tooLarge);
  if (!text.trim()) throw invalid(sourceMessages.empty);
  const parsed = kind === 'sql' ? parseSql(text) : parseJson(text);
  const seen = new Set<string>();
  const fields = parsed.fields.filter((field) => {
    const key = nameKeyOf(field.name);
    if (!NAME_PATTERN.test(field.name) || field.name.length > NAME_MAX || seen.has(key)) return false;
    seen.add(key);
    field.exists = known.has(key);
    return true;
  });
  return { kind, tables: parsed.tables, fields: fields.slice(0, CANDIDATES_MAX) };
}
