import { Ajv2020 } from 'ajv/dist/2020.js';

/** Where `$ref`s to the project's shared models point: `#/components/schemas/<name>` (OpenAPI 3.1's place). */
export const MODEL_REF = '#/components/schemas/';

/**
 * The 2020-12 meta-schema check. `strict: false`: OpenAPI adds keywords of its own (example, xml, discriminator,
 * x-…). Schemas are not compiled: generating a validator costs ~0.5 s for a 600-node schema, so what compiling
 * would catch beyond the meta-schema (regular expressions, local references) is checked by walking the schema.
 */
const ajv = new Ajv2020({ strict: false, validateFormats: false, addUsedSchema: false });

type Walk = (node: Record<string, unknown>, path: string) => string;

/** The first problem `visit` finds in any subschema-bearing object of the schema, or ''. */
function walk(value: unknown, path: string, visit: Walk): string {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = walk(value[i], `${path}/${i}`, visit);
      if (problem) return problem;
    }
    return '';
  }
  if (!value || typeof value !== 'object') return '';
  const node = value as Record<string, unknown>;
  const problem = visit(node, path);
  if (problem) return problem;
  for (const [key, child] of Object.entries(node)) {
    // Examples, defaults and enum values are data, not schemas: a `$ref` or `pattern` key in them means nothing.
    if (key === 'example' || key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
    const found = walk(child, `${path}/${key}`, visit);
    if (found) return found;
  }
  return '';
}

const badPattern = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return false;
  } catch {
    return true;
  }
};

/** Whether a `#/…` JSON pointer names something in the schema itself. */
function resolves(root: unknown, ref: string): boolean {
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    if (raw === '' && ref === '#/') break;
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!at || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/** The names of the project's models a schema refers to. */
export function modelRefsOf(schema: unknown): string[] {
  const names: string[] = [];
  walk(schema, '', (node) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith(MODEL_REF)) {
      names.push(decodeURIComponent(node.$ref.slice(MODEL_REF.length).split('/')[0] ?? ''));
    }
    return '';
  });
  return names;
}

/**
 * Why a value is not a JSON Schema 2020-12 the project can use, or '' when it is: the meta-schema must accept it,
 * its patterns must be regular expressions, its local `$ref`s must resolve, and each model `$ref` must name one of
 * the project's schema nodes (`models`; undefined skips that check).
 */
export function schemaProblem(schema: unknown, models?: ReadonlySet<string>): string {
  if (typeof schema === 'boolean') return '';
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return '必须是一个对象';
  if (!ajv.validateSchema(schema)) {
    const [first] = ajv.errors ?? [];
    return `${first?.instancePath || '/'} ${first?.message ?? ''}`.trim();
  }
  return walk(schema, '', (node, path) => {
    if (typeof node.pattern === 'string' && badPattern(node.pattern)) return `${path}/pattern 不是正则表达式`;
    const patterns = node.patternProperties;
    if (patterns && typeof patterns === 'object') {
      const bad = Object.keys(patterns).find(badPattern);
      if (bad !== undefined) return `${path}/patternProperties 的「${bad}」不是正则表达式`;
    }
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return '';
    if (ref.startsWith(MODEL_REF)) {
      const name = decodeURIComponent(ref.slice(MODEL_REF.length).split('/')[0] ?? '');
      return models && !models.has(name) ? `引用的数据模型「${name}」不存在` : '';
    }
    return ref === '#' || resolves(schema, ref) ? '' : `${path}/$ref 指向的「${ref}」不存在`;
  });
}
