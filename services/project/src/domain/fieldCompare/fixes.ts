import type { FieldIssue } from './report.js';
import type { FieldUse } from './walk.js';

/**
 * Chosen fixes applied to one document's content (a copy). `useLibrary` takes from the library what the issue is
 * about — the type (with its format), the format, or the description — so a row fixes what it says; `rename`
 * spells the name by the convention where it is declared (a property's key and its parent's `required`, a
 * parameter with its `{name}` in the path, a form field).
 */

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);

export interface DocFix {
  issue: FieldIssue;
  action: 'useLibrary' | 'rename';
}

export interface DocFixResult {
  content: Record<string, unknown>;
  applied: string[];
  skipped: { issueId: string; msg: string }[];
}

const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The object a JSON pointer names, or undefined. */
function resolve(root: unknown, pointer: string): Node | undefined {
  let at: unknown = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = unescapeToken(token);
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isObject(at)) at = at[key];
    else return undefined;
  }
  return isObject(at) ? at : undefined;
}

/** A schema's type set to `type`, keeping a declared `null` (the field stays nullable). */
function typed(schema: Node, type: string) {
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  schema.type = nullable ? [type, 'null'] : type;
}
function formatted(schema: Node, format: string) {
  if (format) schema.format = format;
  else delete schema.format;
}

function useLibrary(content: Node, issue: FieldIssue, use: FieldUse): string {
  const target = resolve(content, use.pointer);
  const expected = issue.expected;
  if (!target || !expected) return '字段已不在原位置';
  const schemaOf = (holder: Node) => {
    if (!isObject(holder.schema)) holder.schema = {};
    return holder.schema as Node;
  };
  if (issue.kind === 'descriptionMissing' || issue.kind === 'descriptionDiffers') {
    target.description = expected.description;
    return '';
  }
  if (use.holder === 'property') {
    if (issue.kind === 'type') typed(target, expected.type);
    formatted(target, expected.format);
    return '';
  }
  if (use.holder === 'formField') {
    if (issue.kind === 'type') target.type = expected.type;
    formatted(schemaOf(target), expected.format);
    return '';
  }
  const schema = schemaOf(target);
  if (issue.kind === 'type') typed(schema, expected.type);
  formatted(schema, expected.format);
  return '';
}

/** Renames the key of `properties` in place, keeping the order of the others. */
function renameKey(properties: Node, from: string, to: string) {
  const entries = Object.entries(properties);
  for (const key of Object.keys(properties)) delete properties[key];
  for (const [key, value] of entries) properties[key === from ? to : key] = value;
}

function rename(content: Node, issue: FieldIssue, use: FieldUse): string {
  const to = issue.expected?.name ?? '';
  const from = use.name;
  if (!to) return '没有可用的新名称';
  if (use.holder === 'property') {
    const cut = use.pointer.lastIndexOf('/properties/');
    const parent = resolve(content, use.pointer.slice(0, cut));
    const properties = parent && isObject(parent.properties) ? parent.properties : undefined;
    if (!parent || !properties || !(from in properties)) return '字段已不在原位置';
    if (to in properties) return `已有同名字段 ${to}`;
    renameKey(properties, from, to);
    if (Array.isArray(parent.required)) parent.required = parent.required.map((name) => (name === from ? to : name));
    return '';
  }
  const target = resolve(content, use.pointer);
  if (!target || target.name !== from) return '字段已不在原位置';
  const listPointer = use.pointer.slice(0, use.pointer.lastIndexOf('/'));
  const siblings = (resolve(content, listPointer.slice(0, listPointer.lastIndexOf('/'))) ?? {}) as Node;
  const list = listPointer.endsWith('/parameters') ? siblings.parameters : siblings.fields;
  const clash =
    Array.isArray(list) &&
    list.some((other) => isObject(other) && other !== target && other.name === to && other.in === target.in);
  if (clash) return `已有同名参数 ${to}`;
  target.name = to;
  if (use.holder === 'parameter' && target.in === 'path' && typeof content.path === 'string') {
    content.path = content.path.split(`{${from}}`).join(`{${to}}`);
  }
  return '';
}

/**
 * Applies `fixes` to a copy of `content`: the library's values first (no key moves), then renames from the
 * deepest place up, so a renamed parent never leaves a child's pointer behind.
 */
export function applyDocFixes(content: Record<string, unknown>, fixes: DocFix[]): DocFixResult {
  const copy = structuredClone(content);
  const applied: string[] = [];
  const skipped: DocFixResult['skipped'] = [];
  const ordered = [
    ...fixes.filter((fix) => fix.action === 'useLibrary'),
    ...fixes
      .filter((fix) => fix.action === 'rename')
      .sort((a, b) => (b.issue.uses[0]?.pointer.length ?? 0) - (a.issue.uses[0]?.pointer.length ?? 0)),
  ];
  for (const { issue, action } of ordered) {
    const use = issue.uses[0];
    if (!use) {
      skipped.push({ issueId: issue.issueId, msg: '字段已不在原位置' });
      continue;
    }
    const problem = action === 'useLibrary' ? useLibrary(copy, issue, use) : rename(copy, issue, use);
    if (problem) skipped.push({ issueId: issue.issueId, msg: problem });
    else applied.push(issue.issueId);
  }
  return { content: copy, applied, skipped };
}
