import { type Diffs, type Direction, isObj, type Obj, same, shown } from './model.js';

/**
 * Where a schema sits: `at` is the diff path of its root, `label` how a reader names it ('查询参数 limit', '响应 200'),
 * `dir` which way its data flows (decides what breaks clients).
 */
export interface SchemaPlace {
  at: string;
  label: string;
  dir: Direction;
}

/** Breaking for a request when it narrows what clients may send, for a response when it widens what they read. */
const breaks = (dir: Direction, narrows: boolean, widens: boolean) =>
  dir === 'request' ? narrows : dir === 'response' ? widens : narrows || widens;

const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Keywords walked below; any other keyword (description, example, title, x-…) is compared as a whole, not breaking. */
const WALKED = new Set([
  '$ref',
  'type',
  'format',
  'enum',
  'const',
  'properties',
  'required',
  'items',
  'prefixItems',
  'additionalProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'nullable',
  'pattern',
  'multipleOf',
  'uniqueItems',
  ...LOWER,
  ...UPPER,
]);
/** Past this depth a subschema is compared as a whole (a guard against pathological nesting). */
const MAX_DEPTH = 64;

const typesOf = (schema: Obj): string[] | null => {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return null;
};
const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

class SchemaWalk {
  constructor(
    private readonly diffs: Diffs,
    private readonly place: SchemaPlace,
  ) {}

  /** The reader's name of a property chain: '响应 200 的字段 data.id', or the schema's own label at its root. */
  private where(prop: string) {
    return prop ? `${this.place.label}的字段 ${prop}` : this.place.label;
  }

  private emit(path: string, before: unknown, after: unknown, narrows: boolean, widens: boolean, message: string) {
    this.diffs.add(path, before, after, breaks(this.place.dir, narrows, widens), message);
  }

  walk(before: unknown, after: unknown, at: string, prop: string, depth: number) {
    if (same(before, after)) return;
    if (!isObj(before) || !isObj(after) || depth > MAX_DEPTH) {
      this.emit(at, before, after, true, true, `${this.where(prop)}的结构由 ${shown(before)} 改为 ${shown(after)}`);
      return;
    }
    const where = this.where(prop);
    this.ref(before, after, at, where);
    this.type(before, after, at, where);
    if (!same(before.format, after.format)) this.format(before, after, at, where);
    this.enums(before, after, at, where);
    this.constraints(before, after, at, where);
    this.properties(before, after, at, prop, depth);
    this.nested(before, after, at, prop, depth);
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (WALKED.has(key) || same(before[key], after[key])) continue;
      const verb = before[key] === undefined ? '新增了' : after[key] === undefined ? '删除了' : '修改了';
      this.diffs.add(`${at}.${key}`, before[key], after[key], false, `${where}${verb} ${key}`);
    }
  }

  private ref(before: Obj, after: Obj, at: string, where: string) {
    if (same(before.$ref, after.$ref)) return;
    const name = (ref: unknown) => (typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : '无');
    this.emit(
      `${at}.$ref`,
      before.$ref,
      after.$ref,
      true,
      true,
      `${where}引用的模型由 ${name(before.$ref)} 改为 ${name(after.$ref)}`,
    );
  }

  private type(before: Obj, after: Obj, at: string, where: string) {
    const from = typesOf(before);
    const to = typesOf(after);
    if (same(from, to)) return;
    // No type accepts anything: setting one narrows, dropping it widens.
    const narrows = !!to && (!from || from.some((t) => !to.includes(t)));
    const widens = !!from && (!to || to.some((t) => !from.includes(t)));
    const text = (types: string[] | null) => (types ? types.join(' | ') : '任意');
    this.emit(
      `${at}.type`,
      before.type,
      after.type,
      narrows,
      widens,
      `${where}的类型由 ${text(from)} 改为 ${text(to)}`,
    );
  }

  private format(before: Obj, after: Obj, at: string, where: string) {
    this.emit(
      `${at}.format`,
      before.format,
      after.format,
      after.format !== undefined,
      before.format !== undefined,
      `${where}的格式由 ${shown(before.format)} 改为 ${shown(after.format)}`,
    );
  }

  private enums(before: Obj, after: Obj, at: string, where: string) {
    for (const key of ['enum', 'const'] as const) {
      if (same(before[key], after[key])) continue;
      const from = key === 'enum' ? before.enum : before.const === undefined ? undefined : [before.const];
      const to = key === 'enum' ? after.enum : after.const === undefined ? undefined : [after.const];
      const a = Array.isArray(from) ? from : null;
      const b = Array.isArray(to) ? to : null;
      const removed = a ? a.filter((v) => !b?.some((w) => same(v, w))) : [];
      const added = b ? b.filter((v) => !a?.some((w) => same(v, w))) : [];
      // A list of values accepts only those: a new list (or a value fewer) narrows, dropping it (or a value more) widens.
      const narrows = !!b && (!a || removed.length > 0);
      const widens = !!a && (!b || added.length > 0);
      const parts = [
        removed.length ? `删除了枚举值 ${removed.map(shown).join('、')}` : '',
        added.length ? `新增了枚举值 ${added.map(shown).join('、')}` : '',
        !a ? '限定了取值' : !b ? '不再限定取值' : '',
      ].filter(Boolean);
      this.emit(
        `${at}.${key}`,
        before[key],
        after[key],
        narrows,
        widens,
        `${where}${parts.join('，') || '调整了枚举值顺序'}`,
      );
    }
  }

  private constraints(before: Obj, after: Obj, at: string, where: string) {
    const bound = (key: string, lower: boolean) => {
      const from = before[key];
      const to = after[key];
      if (same(from, to)) return;
      if (typeof from !== 'number' && from !== undefined) return this.other(key, before, after, at, where);
      if (typeof to !== 'number' && to !== undefined) return this.other(key, before, after, at, where);
      const up = from === undefined ? to !== undefined : to !== undefined && to > from;
      const down = to === undefined ? from !== undefined : from !== undefined && to < from;
      const narrows = lower ? up && to !== undefined : down && to !== undefined;
      const widens = from !== undefined && (to === undefined || (lower ? down : up));
      this.emit(`${at}.${key}`, from, to, narrows, widens, `${where}的 ${key} 由 ${shown(from)} 改为 ${shown(to)}`);
    };
    for (const key of LOWER) bound(key, true);
    for (const key of UPPER) bound(key, false);
    for (const key of ['pattern', 'multipleOf', 'uniqueItems']) {
      if (!same(before[key], after[key])) this.other(key, before, after, at, where);
    }
    if (!same(before.nullable, after.nullable)) {
      const to = after.nullable === true;
      this.emit(
        `${at}.nullable`,
        before.nullable,
        after.nullable,
        !to,
        to,
        `${where}${to ? '允许' : '不再允许'}为 null`,
      );
    }
  }

  /** A constraint whose effect cannot be ordered (a new pattern): set narrows, unset widens, changed does both. */
  private other(key: string, before: Obj, after: Obj, at: string, where: string) {
    const from = before[key];
    const to = after[key];
    this.emit(
      `${at}.${key}`,
      from,
      to,
      to !== undefined && to !== false,
      from !== undefined && from !== false,
      `${where}的 ${key} 由 ${shown(from)} 改为 ${shown(to)}`,
    );
  }

  private properties(before: Obj, after: Obj, at: string, prop: string, depth: number) {
    const from = isObj(before.properties) ? before.properties : {};
    const to = isObj(after.properties) ? after.properties : {};
    const fromRequired = new Set(stringsOf(before.required));
    const toRequired = new Set(stringsOf(after.required));
    const label = this.place.label;
    for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
      const name = prop ? `${prop}.${key}` : key;
      const path = `${at}.properties.${key}`;
      if (!(key in from)) {
        const required = toRequired.has(key);
        this.emit(path, undefined, to[key], required, false, `${label}新增${required ? '必填' : ''}字段 ${name}`);
        continue;
      }
      if (!(key in to)) {
        // Clients reading a response miss the field; a request's extra field is ignored by the server.
        this.emit(path, from[key], undefined, false, true, `${label}删除了字段 ${name}`);
        continue;
      }
      this.walk(from[key], to[key], path, name, depth + 1);
      const was = fromRequired.has(key);
      const is = toRequired.has(key);
      if (was !== is)
        this.emit(`${path}.required`, was, is, is, was, `${label}的字段 ${name} 改为${is ? '必填' : '选填'}`);
    }
    const listed = new Set([...Object.keys(from), ...Object.keys(to)]);
    const rest = (names: Set<string>) => [...names].filter((n) => !listed.has(n)).sort();
    const a = rest(fromRequired);
    const b = rest(toRequired);
    if (!same(a, b)) {
      const narrows = b.some((n) => !a.includes(n));
      const widens = a.some((n) => !b.includes(n));
      this.emit(
        `${at}.required`,
        before.required,
        after.required,
        narrows,
        widens,
        `${this.where(prop)}的必填字段由 ${shown(a)} 改为 ${shown(b)}`,
      );
    }
  }

  private nested(before: Obj, after: Obj, at: string, prop: string, depth: number) {
    const where = this.where(prop);
    if (!same(before.items, after.items)) {
      if (isObj(before.items) && isObj(after.items)) {
        this.walk(before.items, after.items, `${at}.items`, prop ? `${prop}[]` : '[]', depth + 1);
      } else {
        this.emit(
          `${at}.items`,
          before.items,
          after.items,
          true,
          true,
          `${where}的元素由 ${shown(before.items)} 改为 ${shown(after.items)}`,
        );
      }
    }
    if (!same(before.additionalProperties, after.additionalProperties)) {
      const from = before.additionalProperties;
      const to = after.additionalProperties;
      if (isObj(from) && isObj(to)) {
        this.walk(from, to, `${at}.additionalProperties`, prop ? `${prop}.*` : '*', depth + 1);
      } else {
        // Absent or true accepts any extra key; false or a schema limits them.
        const open = (v: unknown) => v === undefined || v === true;
        this.emit(
          `${at}.additionalProperties`,
          from,
          to,
          open(from) && !open(to),
          !open(from) && open(to),
          `${where}的额外字段由 ${shown(from)} 改为 ${shown(to)}`,
        );
      }
    }
    // A branch more in anyOf/oneOf lets more through (widens), in allOf it constrains more (narrows).
    const lists = [
      ['anyOf', 'widens'],
      ['oneOf', 'widens'],
      ['allOf', 'narrows'],
      ['prefixItems', 'both'],
    ] as const;
    for (const [key, adding] of lists) {
      const from = Array.isArray(before[key]) ? (before[key] as unknown[]) : [];
      const to = Array.isArray(after[key]) ? (after[key] as unknown[]) : [];
      if (same(from, to)) continue;
      for (let i = 0; i < Math.max(from.length, to.length); i += 1) {
        const path = `${at}.${key}.${i}`;
        if (i < from.length && i < to.length) this.walk(from[i], to[i], path, prop, depth + 1);
        else if (i < to.length)
          this.emit(
            path,
            undefined,
            to[i],
            adding !== 'widens',
            adding !== 'narrows',
            `${where}的 ${key} 新增了第 ${i + 1} 项`,
          );
        else
          this.emit(
            path,
            from[i],
            undefined,
            adding !== 'narrows',
            adding !== 'widens',
            `${where}的 ${key} 删除了第 ${i + 1} 项`,
          );
      }
    }
    if (!same(before.not, after.not)) {
      this.emit(
        `${at}.not`,
        before.not,
        after.not,
        true,
        true,
        `${where}的 not 由 ${shown(before.not)} 改为 ${shown(after.not)}`,
      );
    }
  }
}

/** The differences between two JSON Schemas, walked keyword by keyword, with breaking flags for the direction. */
export function diffSchema(diffs: Diffs, before: unknown, after: unknown, place: SchemaPlace) {
  new SchemaWalk(diffs, place).walk(before, after, place.at, '', 0);
}
