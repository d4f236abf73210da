import type { PublishedContent, PublishedJson } from '@pmbok/project-service/events';

/**
 * The searchable text of a document, written as a reader would (it is also what the model reads): the parts of the
 * content that say something (names, descriptions, paths), none of the machinery (examples, extras, raw bodies).
 */

/** A JSON Schema's deepest nesting walked, and its most properties listed: enough to be found, bounded. */
const SCHEMA_DEPTH = 8;
const SCHEMA_PROPERTIES = 500;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** `name：description` or whichever of them there is. */
const named = (name: string, description: string) => [name, description].filter(Boolean).join('：');

/** The properties of a JSON Schema, one line each (`- order.items.sku：商品编号`), nested ones with their path. */
export function schemaLines(schema: PublishedJson | unknown, prefix = ''): string[] {
  const lines: string[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (!isObject(node) || depth > SCHEMA_DEPTH || lines.length >= SCHEMA_PROPERTIES) return;
    const ref = str(node.$ref).split('/').pop();
    if (ref && path === '') lines.push(`- 引用 ${ref}`);
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (lines.length >= SCHEMA_PROPERTIES) return;
        const full = path ? `${path}.${name}` : name;
        const described = isObject(property) ? str(property.description) || str(property.title) : '';
        lines.push(`${prefix}- ${named(full, described)}`);
        walk(property, full, depth + 1);
      }
    }
    walk(node.items, path, depth + 1);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      for (const part of list(node[key])) walk(part, path, depth + 1);
  };
  walk(schema, '', 0);
  return lines;
}

const REQUIRED = '必填';

function apiText(content: PublishedContent): string[] {
  const lines = [`${str(content.method) || 'GET'} ${str(content.path) || '/'}`];
  if (content.operationId) lines.push(`operationId：${content.operationId}`);
  if (list(content.tags).length > 0) lines.push(`标签：${list(content.tags).map(str).join('、')}`);
  if (content.deprecated) lines.push('已废弃');
  if (str(content.description)) lines.push(str(content.description));
  const parameters = list(content.parameters).filter(isObject);
  if (parameters.length > 0) {
    lines.push('参数：');
    for (const p of parameters) {
      const where = [str(p.in), p.required ? REQUIRED : ''].filter(Boolean).join('，');
      lines.push(
        `- ${str(p.name)}${where ? `（${where}）` : ''}${str(p.description) ? `：${str(p.description)}` : ''}`,
      );
    }
  }
  const body = isObject(content.requestBody) ? content.requestBody : undefined;
  if (body && str(body.type) !== 'none') {
    lines.push(`请求体（${str(body.type)}）：${str(body.description)}`.replace(/：$/, ''));
    for (const f of list(body.fields).filter(isObject)) {
      lines.push(
        `- ${str(f.name)}${f.required ? `（${REQUIRED}）` : ''}${str(f.description) ? `：${str(f.description)}` : ''}`,
      );
      lines.push(...schemaLines(f.schema, '  '));
    }
    lines.push(...schemaLines(body.schema));
  }
  for (const r of list(content.responses).filter(isObject)) {
    lines.push(
      `响应 ${[str(r.status), str(r.name)].filter(Boolean).join(' ')}${str(r.description) ? `：${str(r.description)}` : ''}`,
    );
    for (const h of list(r.headers).filter(isObject)) lines.push(`- 响应头 ${named(str(h.name), str(h.description))}`);
    lines.push(...schemaLines(r.schema));
  }
  return lines;
}

/** The searchable text of an api, page or schema document. */
export function docText(kind: 'api' | 'page' | 'schema', content: PublishedContent | undefined): string {
  if (!content) return '';
  if (kind === 'page') return str(content.markdown);
  if (kind === 'schema') {
    const lines = str(content.description) ? [str(content.description)] : [];
    const properties = schemaLines(content.schema);
    return [...lines, ...(properties.length > 0 ? ['字段：', ...properties] : [])].join('\n');
  }
  return apiText(content).join('\n');
}

/** A field standard as a sentence list: name, type and format, description, aliases, allowed values, example. */
export function fieldText(field: {
  name: string;
  aliases: string[];
  type: string;
  format: string;
  description: string;
  example: unknown;
  enum: unknown[];
  mockRule: string;
}): string {
  const lines = [`字段 ${field.name}（${[field.type, field.format].filter(Boolean).join('，')}）`];
  if (field.description) lines.push(`说明：${field.description}`);
  if (field.aliases.length > 0) lines.push(`别名：${field.aliases.join('、')}`);
  if (field.enum.length > 0) lines.push(`可选值：${field.enum.map((v) => JSON.stringify(v)).join('、')}`);
  if (field.example !== null && field.example !== undefined && field.example !== '') {
    lines.push(`示例：${JSON.stringify(field.example).slice(0, 300)}`);
  }
  if (field.mockRule) lines.push(`Mock 规则：${field.mockRule}`);
  return lines.join('\n');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of a task's description. It is sanitised HTML (the task service allows basic formatting only), so
 * block tags become line breaks, other tags go, and entities are decoded.
 */
export function plainText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote|\/pre)\b[^>]*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? entity;
      const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
