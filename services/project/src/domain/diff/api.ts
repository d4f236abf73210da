import { Diffs, isObj, listOf, type Obj, pairBy, same, shown } from './model.js';
import { diffSchema } from './schema.js';

const PARAMETER_LABEL: Record<string, string> = {
  path: '路径参数',
  query: '查询参数',
  header: '请求头',
  cookie: 'Cookie 参数',
};
const STATUS_LABEL: Record<string, string> = {
  designing: '设计中',
  developing: '开发中',
  testing: '测试中',
  released: '已发布',
  deprecated: '已废弃',
};
/** The api document's fields compared as a whole (none of them changes what a client sends or reads). */
const PLAIN: Record<string, string> = {
  tags: '标签',
  ownerId: '负责人',
  description: '接口说明',
  operationId: 'operationId',
};
const WALKED = new Set(['method', 'path', 'status', 'deprecated', 'parameters', 'requestBody', 'responses', 'extra']);

const verbOf = (before: unknown, after: unknown) =>
  before === undefined ? '新增了' : after === undefined ? '删除了' : '修改了';

/** The keys of `extra` (what an import kept from the source), one entry each. */
function extras(diffs: Diffs, before: unknown, after: unknown, at: string, label: string) {
  const from = isObj(before) ? before : {};
  const to = isObj(after) ? after : {};
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (same(from[key], to[key])) continue;
    diffs.add(`${at}.${key}`, from[key], to[key], false, `${label}${verbOf(from[key], to[key])}扩展字段 ${key}`);
  }
}

/** Fields whose change only informs (description, example, name): one non-breaking entry each. */
function plain(diffs: Diffs, before: Obj, after: Obj, fields: Record<string, string>, at: string, label: string) {
  for (const [field, name] of Object.entries(fields)) {
    if (same(before[field], after[field])) continue;
    const path = at ? `${at}.${field}` : field;
    diffs.add(path, before[field], after[field], false, `${label}${verbOf(before[field], after[field])}${name}`);
  }
}

function parameters(diffs: Diffs, before: unknown, after: unknown) {
  const key = (p: Obj) => `${String(p.in ?? 'query')}.${String(p.name ?? '')}`;
  for (const pair of pairBy(listOf(before), listOf(after), key)) {
    const at = `parameters.${pair.key}`;
    const { before: a, after: b } = pair;
    const label = `${PARAMETER_LABEL[String((a ?? b)?.in)] ?? '参数'} ${String((a ?? b)?.name)}`;
    if (!a) {
      const required = b?.required === true;
      diffs.add(at, undefined, b, required, `新增${required ? '必填' : ''}${label}`);
      continue;
    }
    if (!b) {
      diffs.add(at, a, undefined, true, `删除了${label}`);
      continue;
    }
    if (a.required !== b.required) {
      diffs.add(
        `${at}.required`,
        a.required ?? false,
        b.required ?? false,
        b.required === true,
        `${label} 改为${b.required ? '必填' : '选填'}`,
      );
    }
    plain(diffs, a, b, { description: '说明', example: '示例', deprecated: '废弃标记' }, at, label);
    diffSchema(diffs, a.schema, b.schema, { at: `${at}.schema`, label, dir: 'request' });
    extras(diffs, a.extra, b.extra, `${at}.extra`, label);
  }
}

function requestBody(diffs: Diffs, before: unknown, after: unknown) {
  const a = isObj(before) ? before : {};
  const b = isObj(after) ? after : {};
  const at = 'requestBody';
  const label = '请求体';
  for (const [field, name] of [
    ['type', '类型'],
    ['mediaType', '媒体类型'],
  ] as const) {
    if (!same(a[field], b[field])) {
      diffs.add(
        `${at}.${field}`,
        a[field],
        b[field],
        true,
        `${label}的${name}由 ${shown(a[field])} 改为 ${shown(b[field])}`,
      );
    }
  }
  if (a.required !== b.required) {
    diffs.add(
      `${at}.required`,
      a.required ?? false,
      b.required ?? false,
      b.required === true,
      `${label}改为${b.required ? '必填' : '选填'}`,
    );
  }
  plain(diffs, a, b, { description: '说明', raw: '原始内容', examples: '示例' }, at, label);
  diffSchema(diffs, a.schema, b.schema, { at: `${at}.schema`, label, dir: 'request' });
  for (const pair of pairBy(listOf(a.fields), listOf(b.fields), (f) => String(f.name ?? ''))) {
    const path = `${at}.fields.${pair.key}`;
    const field = `${label}的表单字段 ${pair.key}`;
    const { before: x, after: y } = pair;
    if (!x || !y) {
      const required = y?.required === true;
      diffs.add(
        path,
        x,
        y,
        required,
        !x ? `${label}新增${required ? '必填' : ''}表单字段 ${pair.key}` : `${label}删除了表单字段 ${pair.key}`,
      );
      continue;
    }
    if (!same(x.type, y.type))
      diffs.add(`${path}.type`, x.type, y.type, true, `${field} 的类型由 ${shown(x.type)} 改为 ${shown(y.type)}`);
    if (x.required !== y.required) {
      diffs.add(
        `${path}.required`,
        x.required ?? false,
        y.required ?? false,
        y.required === true,
        `${field} 改为${y.required ? '必填' : '选填'}`,
      );
    }
    plain(diffs, x, y, { description: '说明', example: '示例' }, path, field);
    diffSchema(diffs, x.schema, y.schema, { at: `${path}.schema`, label: field, dir: 'request' });
  }
  extras(diffs, a.extra, b.extra, `${at}.extra`, label);
}

function responses(diffs: Diffs, before: unknown, after: unknown) {
  for (const pair of pairBy(listOf(before), listOf(after), (r) => String(r.status ?? ''))) {
    const at = `responses.${pair.key}`;
    const label = `响应 ${pair.key}`;
    const { before: a, after: b } = pair;
    if (!a || !b) {
      // A status clients handled no longer comes; a new one is documented, not new behaviour to them.
      diffs.add(at, a, b, !b, !a ? `新增${label}` : `删除了${label}`);
      continue;
    }
    if (!same(a.mediaType, b.mediaType)) {
      diffs.add(
        `${at}.mediaType`,
        a.mediaType,
        b.mediaType,
        true,
        `${label}的媒体类型由 ${shown(a.mediaType)} 改为 ${shown(b.mediaType)}`,
      );
    }
    plain(diffs, a, b, { name: '名称', description: '说明', examples: '示例' }, at, label);
    diffSchema(diffs, a.schema, b.schema, { at: `${at}.schema`, label, dir: 'response' });
    for (const h of pairBy(listOf(a.headers), listOf(b.headers), (x) => String(x.name ?? ''))) {
      const path = `${at}.headers.${h.key}`;
      const header = `${label}的响应头 ${h.key}`;
      if (!h.before || !h.after) {
        diffs.add(
          path,
          h.before,
          h.after,
          !h.after,
          h.after ? `${label}新增响应头 ${h.key}` : `${label}删除了响应头 ${h.key}`,
        );
        continue;
      }
      if (h.before.required !== h.after.required) {
        const required = h.after.required === true;
        diffs.add(
          `${path}.required`,
          h.before.required ?? false,
          h.after.required ?? false,
          !required,
          `${header} 改为${required ? '必有' : '可选'}`,
        );
      }
      plain(diffs, h.before, h.after, { description: '说明' }, path, header);
      diffSchema(diffs, h.before.schema, h.after.schema, { at: `${path}.schema`, label: header, dir: 'response' });
    }
    extras(diffs, a.extra, b.extra, `${at}.extra`, label);
  }
}

/** An api document: each part walked by what identifies it (parameters by location and name, responses by status). */
export function diffApi(before: Obj, after: Obj): Diffs {
  const diffs = new Diffs();
  if (!same(before.method, after.method)) {
    diffs.add(
      'method',
      before.method,
      after.method,
      true,
      `请求方法由 ${shown(before.method)} 改为 ${shown(after.method)}`,
    );
  }
  if (!same(before.path, after.path)) {
    diffs.add('path', before.path, after.path, true, `接口路径由 ${shown(before.path)} 改为 ${shown(after.path)}`);
  }
  if (!same(before.status, after.status)) {
    const name = (s: unknown) => STATUS_LABEL[String(s)] ?? shown(s);
    diffs.add('status', before.status, after.status, false, `状态由 ${name(before.status)} 改为 ${name(after.status)}`);
  }
  plain(diffs, before, after, PLAIN, '', '');
  if (before.deprecated !== after.deprecated) {
    const now = after.deprecated === true;
    diffs.add(
      'deprecated',
      before.deprecated ?? false,
      after.deprecated ?? false,
      false,
      now ? '接口标记为已废弃' : '接口取消废弃标记',
    );
  }
  parameters(diffs, before.parameters, after.parameters);
  requestBody(diffs, before.requestBody, after.requestBody);
  responses(diffs, before.responses, after.responses);
  extras(diffs, before.extra, after.extra, 'extra', '接口');
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (WALKED.has(key) || key in PLAIN || same(before[key], after[key])) continue;
    diffs.add(key, before[key], after[key], false, `${verbOf(before[key], after[key])} ${key}`);
  }
  return diffs;
}
