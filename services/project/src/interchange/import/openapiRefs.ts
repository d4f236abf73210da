import { invalid } from '@pmbok/infra';
import type { Json } from '../../domain/doc/content.js';
import { MODEL_REF, schemaProblem } from '../../domain/doc/jsonSchema.js';
import { isObject, type Problems, pointer } from './common.js';

/** Keys whose values are data (examples, defaults), not schemas or objects that may hold a `$ref`. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/**
 * Refuses a `$ref` to another file or a URL anywhere in the document, naming where it is: an import reads only
 * the text it is given and never fetches (a URL would let a document make the server call anywhere).
 */
export function assertLocalRefs(root: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    if (!isObject(value)) continue;
    const ref = value.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      throw invalid(
        `不支持引用其他文件或网址的 $ref（不会去读取）：${pointer(...path)} 引用了「${ref.slice(0, 200)}」`,
      );
    }
    for (const [key, child] of Object.entries(value)) {
      if (!DATA_KEYS.has(key) && child && typeof child === 'object') stack.push({ value: child, path: [...path, key] });
    }
  }
}

const COMPONENT_SCHEMAS = '#/components/schemas/';

/** The value a `#/…` pointer names in the document, or undefined. */
export function lookup(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isObject(at) && Object.hasOwn(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}

/** A model's name as the project's `$ref`s carry it: as is, unless a character would confuse the pointer. */
export const modelRef = (name: string, rest = '') =>
  `${MODEL_REF}${/[%/#~?]/.test(name) ? encodeURIComponent(name) : name}${rest}`;

/**
 * The reading of one OpenAPI 3.1 document: `$ref`s of parameters, responses, bodies, headers and examples are
 * replaced by what they name (the project has no place for shared ones), while schema `$ref`s to
 * `components/schemas` stay references to the project's models (renamed when a model's name differs from its key).
 */
export class RefReader {
  /** components/schemas key → the model (schema node) name. */
  readonly modelNames = new Map<string, string>();
  readonly models = new Set<string>();

  constructor(
    readonly root: Record<string, unknown>,
    readonly problems: Problems,
  ) {}

  addModel(key: string, name: string) {
    this.modelNames.set(key, name);
    this.models.add(name);
  }

  /** An object that may be a `$ref` to another, followed to the end; undefined (with a problem) when broken. */
  follow(value: unknown, where: string): Record<string, unknown> | undefined {
    const seen: string[] = [];
    let at = value;
    while (isObject(at) && typeof at.$ref === 'string') {
      const ref = at.$ref;
      if (seen.includes(ref)) {
        throw invalid(`$ref 循环引用，无法导入：${where} 经 ${[...seen, ref].join(' → ')}`);
      }
      seen.push(ref);
      const target = lookup(this.root, ref);
      if (target === undefined) {
        this.problems.add(where, `$ref 指向的「${ref}」不存在，已跳过`);
        return undefined;
      }
      at = target;
    }
    return isObject(at) ? at : undefined;
  }

  /**
   * A schema in the project's shape: model `$ref`s kept (with the model's name), other local `$ref`s replaced by
   * a copy of their target (a cycle among those cannot be inlined: it becomes `{}` with a problem). A schema the
   * project's checker refuses becomes `{}` with the reason in `problems`.
   */
  schema(value: unknown, where: string): Json {
    if (value === undefined) return {};
    const converted = this.convert(value, where, []);
    const problem = schemaProblem(converted, this.models);
    if (problem) {
      this.problems.add(where, `JSON Schema 不正确（${problem}），已改为空的 Schema`);
      return {};
    }
    return converted;
  }

  private convert(value: unknown, where: string, inlining: string[]): Json {
    if (Array.isArray(value)) return value.map((item) => this.convert(item, where, inlining));
    if (!isObject(value)) return value as Json;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.$ref = child;
      else out[key] = DATA_KEYS.has(key) ? (child as Json) : this.convert(child, where, inlining);
    }
    const ref = value.$ref;
    if (typeof ref !== 'string') return out;
    if (ref.startsWith(COMPONENT_SCHEMAS)) {
      const [key = '', ...rest] = ref.slice(COMPONENT_SCHEMAS.length).split('/');
      let decoded = key;
      try {
        decoded = decodeURIComponent(key);
      } catch {}
      const name = this.modelNames.get(decoded);
      if (name !== undefined) {
        out.$ref = modelRef(name, rest.length > 0 ? `/${rest.join('/')}` : '');
        return out;
      }
      this.problems.add(where, `引用的数据模型「${decoded}」不存在，已去掉该引用`);
      delete out.$ref;
      return out;
    }
    // Any other local pointer (into paths, parameters, $defs of the document…) is inlined.
    if (inlining.includes(ref)) {
      this.problems.add(where, `Schema 的 $ref「${ref}」循环引用，且不在 components/schemas 中，已改为空的 Schema`);
      delete out.$ref;
      return out;
    }
    const target = lookup(this.root, ref);
    if (target === undefined) {
      this.problems.add(where, `$ref 指向的「${ref}」不存在，已去掉该引用`);
      delete out.$ref;
      return out;
    }
    const { $ref: _, ...siblings } = out;
    const inlined = this.convert(target, where, [...inlining, ref]);
    return isObject(inlined) && Object.keys(siblings).length === 0
      ? inlined
      : ({ allOf: [inlined], ...siblings } as Json);
  }
}
