import type { Content, Json } from '../../domain/doc/content.js';
import { MODEL_REF } from '../../domain/doc/jsonSchema.js';

/**
 * One document as Markdown, for the Markdown and the HTML exports (the HTML one renders this with marked, so both
 * read the same). Labels are Chinese, as the console shows them.
 */

type Obj = Record<string, Json>;
const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(obj) : []);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const STATUS_LABELS: Record<string, string> = {
  designing: '设计中',
  developing: '开发中',
  testing: '测试中',
  released: '已发布',
  deprecated: '已废弃',
};
const IN_LABELS: Record<string, string> = { path: '路径', query: '查询', header: '请求头', cookie: 'Cookie' };
const BODY_LABELS: Record<string, string> = {
  'form-data': 'form-data',
  'x-www-form-urlencoded': 'x-www-form-urlencoded',
  json: 'JSON',
  xml: 'XML',
  raw: '文本',
  binary: '二进制',
};

/** Where a model's section is: the exports give each node an anchor `node-<id>`. */
export type ModelAnchors = ReadonlyMap<string, number>;

/** A table cell: pipes escaped, lines joined, so the row stays one row. */
export const cell = (value: unknown) =>
  (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value))
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
    .trim();

/** A code block whose fence is longer than any backtick run inside it. */
export function fence(text: string, language = '') {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}

const exampleBlock = (value: Json) =>
  typeof value === 'string' ? fence(value, 'text') : fence(JSON.stringify(value, null, 2), 'json');

function modelName(ref: string) {
  return ref.startsWith(MODEL_REF) ? decodeURIComponent(ref.slice(MODEL_REF.length).split('/')[0] ?? '') : ref;
}

/** A schema's type as a reader says it: `string`, `array<Pet>`, `integer | null`, a model as a link. */
export function typeLabel(schema: unknown, models: ModelAnchors): string {
  const s = obj(schema);
  if (typeof s.$ref === 'string') {
    const name = modelName(s.$ref);
    const id = models.get(name);
    return id === undefined ? name : `[${name}](#node-${id})`;
  }
  const union = (key: string, join: string) =>
    list(s[key])
      .map((part) => typeLabel(part, models))
      .join(join);
  if (Array.isArray(s.oneOf)) return union('oneOf', ' | ');
  if (Array.isArray(s.anyOf)) return union('anyOf', ' | ');
  if (Array.isArray(s.allOf)) return union('allOf', ' & ');
  const types = Array.isArray(s.type) ? s.type.map(str) : s.type ? [str(s.type)] : [];
  // `string[]`, not `array<string>`: Markdown viewers take `<string>` for an HTML tag.
  const label = (type: string) => {
    if (type !== 'array') return type;
    const item = typeLabel(s.items ?? {}, models);
    return item.includes(' ') && !item.startsWith('[') ? `(${item})[]` : `${item}[]`;
  };
  if (types.length > 0) return types.map(label).join(' | ') + (s.format ? ` (${str(s.format)})` : '');
  return s.properties ? 'object' : 'any';
}

function notesOf(s: Obj) {
  const notes = [str(s.description) || str(s.title)];
  if (Array.isArray(s.enum)) notes.push(`可选值：${s.enum.map((v) => JSON.stringify(v)).join('、')}`);
  if (s.default !== undefined) notes.push(`默认：${JSON.stringify(s.default)}`);
  if (typeof s['x-mock'] === 'string') notes.push(`Mock：${s['x-mock']}`);
  return notes.filter(Boolean).join('；');
}

/** The fields of a schema, nested ones indented under their parent (to a depth a reader can follow). */
export function schemaRows(schema: unknown, models: ModelAnchors, depth = 0, prefix = ''): string[] {
  if (depth > 6) return [];
  let s = obj(schema);
  if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) s = obj(s.items);
  const required = new Set(Array.isArray(s.required) ? s.required.map(str) : []);
  // The inline parts of an allOf add their fields (the model parts are linked from the type).
  const rows = list(s.allOf).flatMap((part) =>
    typeof part.$ref === 'string' ? [] : schemaRows(part, models, depth, prefix),
  );
  for (const [name, child] of Object.entries(obj(s.properties))) {
    const c = obj(child);
    const label = `${prefix}${name}`;
    rows.push(
      `| ${cell(label)} | ${cell(typeLabel(c, models))} | ${required.has(name) ? '是' : '否'} | ${cell(notesOf(c))} |`,
    );
    if (typeof c.$ref !== 'string') rows.push(...schemaRows(c, models, depth + 1, `${prefix}${'\u2003'}`));
  }
  return rows;
}

export function schemaTable(schema: unknown, models: ModelAnchors): string {
  const rows = schemaRows(schema, models);
  const s = obj(schema);
  if (rows.length === 0) {
    return Object.keys(s).length === 0 ? '' : `类型：${typeLabel(s, models)}${notesOf(s) ? `；${notesOf(s)}` : ''}`;
  }
  return ['| 字段 | 类型 | 必填 | 说明 |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function examplesOf(part: Obj, heading: string) {
  return list(part.examples).flatMap((example) => [
    `${heading}${example.name ? `：${str(example.name)}` : ''}${example.summary ? `（${str(example.summary)}）` : ''}`,
    '',
    exampleBlock(example.value ?? null),
    '',
  ]);
}

/** Headings of a page's Markdown moved down below the export's own, outside code fences. */
export function shiftHeadings(markdown: string, by: number) {
  let inFence = '';
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fenceMark && (!inFence || fenceMark.startsWith(inFence))) {
        inFence = inFence ? '' : fenceMark;
        return line;
      }
      if (inFence) return line;
      return line.replace(/^(\s{0,3})(#{1,6})(?=\s|$)/, (_, space, hashes: string) => {
        return `${space}${'#'.repeat(Math.min(6, hashes.length + by))}`;
      });
    })
    .join('\n');
}

function apiMarkdown(doc: Obj, level: number, models: ModelAnchors, summary: boolean): string {
  const h = '#'.repeat(Math.min(6, level));
  const h2 = '#'.repeat(Math.min(6, level + 1));
  const out: string[] = [];
  const badges = [
    `**${str(doc.method)}** \`${str(doc.path)}\``,
    `状态：${STATUS_LABELS[str(doc.status)] ?? str(doc.status)}`,
  ];
  if (doc.deprecated) badges.push('**已废弃**');
  if (Array.isArray(doc.tags) && doc.tags.length > 0) badges.push(`标签：${doc.tags.map(str).join('、')}`);
  if (doc.operationId) badges.push(`operationId：\`${str(doc.operationId)}\``);
  if (summary) out.push(badges.join(' · '), '');
  if (str(doc.description)) out.push(str(doc.description), '');
  const parameters = list(doc.parameters);
  if (parameters.length > 0) {
    out.push(
      `${h} 请求参数`,
      '',
      '| 名称 | 位置 | 类型 | 必填 | 说明 | 示例 |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const p of parameters) {
      const notes = [str(p.description), p.deprecated ? '已废弃' : ''].filter(Boolean).join('；');
      out.push(
        `| ${cell(p.name)} | ${IN_LABELS[str(p.in)] ?? cell(p.in)} | ${cell(typeLabel(p.schema, models))} | ${p.required ? '是' : '否'} | ${cell(notes)} | ${cell(p.example)} |`,
      );
    }
    out.push('');
  }
  const body = obj(doc.requestBody);
  if (body.type && body.type !== 'none') {
    const media = str(body.mediaType) ? `（${str(body.mediaType)}）` : '';
    out.push(
      `${h} 请求体：${BODY_LABELS[str(body.type)] ?? str(body.type)}${media}${body.required ? ' · 必填' : ''}`,
      '',
    );
    if (str(body.description)) out.push(str(body.description), '');
    const fields = list(body.fields);
    if (fields.length > 0) {
      out.push('| 字段 | 类型 | 必填 | 说明 | 示例 |', '| --- | --- | --- | --- | --- |');
      for (const f of fields) {
        out.push(
          `| ${cell(f.name)} | ${cell(f.type)} | ${f.required ? '是' : '否'} | ${cell(f.description)} | ${cell(f.example)} |`,
        );
      }
      out.push('');
    }
    const table = schemaTable(body.schema, models);
    if (table) out.push(table, '');
    out.push(...examplesOf(body, '请求示例'));
    if (str(body.raw) && list(body.examples).length === 0) out.push('请求示例', '', fence(str(body.raw), 'text'), '');
  }
  const responses = list(doc.responses);
  if (responses.length > 0) {
    out.push(`${h} 响应`, '');
    for (const r of responses) {
      const name = str(r.name) && str(r.name) !== str(r.status) ? ` ${str(r.name)}` : '';
      out.push(`${h2} ${str(r.status)}${name}${str(r.mediaType) ? `（${str(r.mediaType)}）` : ''}`, '');
      if (str(r.description) && str(r.description) !== str(r.name)) out.push(str(r.description), '');
      const headers = list(r.headers);
      if (headers.length > 0) {
        out.push('| 响应头 | 类型 | 说明 |', '| --- | --- | --- |');
        for (const header of headers) {
          out.push(
            `| ${cell(header.name)} | ${cell(typeLabel(header.schema, models))} | ${cell(header.description)} |`,
          );
        }
        out.push('');
      }
      const table = schemaTable(r.schema, models);
      if (table) out.push(table, '');
      out.push(...examplesOf(r, '响应示例'));
    }
  }
  return out.join('\n').trimEnd();
}

/** A document's body (its title is the caller's): `level` is the heading level of its sections. */
export function docMarkdown(
  kind: string,
  content: Content | undefined,
  level: number,
  models: ModelAnchors,
  /** Whether an api document starts with its method, path and status (the HTML export draws those itself). */
  summary = true,
): string {
  const doc = obj(content);
  if (kind === 'api') return apiMarkdown(doc, level, models, summary);
  if (kind === 'page') return shiftHeadings(str(doc.markdown), level - 1).trim();
  if (kind === 'schema') {
    const parts = [
      str(doc.description),
      schemaTable(doc.schema, models),
      fence(JSON.stringify(doc.schema ?? {}, null, 2), 'json'),
    ];
    return parts.filter(Boolean).join('\n\n');
  }
  return '';
}

/** The project's models (schema nodes) by name, for links from the documents that use them. */
export function modelAnchors(nodes: { nodeId: number; kind: string; name: string }[]): Map<string, number> {
  return new Map(nodes.filter((n) => n.kind === 'schema').map((n) => [n.name, n.nodeId]));
}
