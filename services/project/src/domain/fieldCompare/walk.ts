/**
 * Where a project's documents use field names: every parameter, form field and property at every level of the
 * request and response schemas of an api document, and of a data model's schema. A `$ref` to a model is not
 * followed: the model's own document reports its properties, once for every document that refers to it.
 */

export type DocKind = 'api' | 'schema';

/** One document as the walk reads it: the node's identity and its content. */
export interface WalkedDoc {
  projectStructureId: number;
  docName: string;
  kind: DocKind;
  content: Record<string, unknown>;
}

/** One place a field name is used. */
export interface FieldUse {
  projectStructureId: number;
  docName: string;
  kind: DocKind;
  method: string;
  path: string;
  /** As a reader finds it: `响应 200 › data › list[] › userName`. */
  location: string;
  /** JSON pointer into the content: to the property's schema, or to the parameter / form field object. */
  pointer: string;
  /** What the pointer names: a schema property (renamed in its parent's `properties`), a parameter or form field. */
  holder: 'property' | 'parameter' | 'formField';
  /** A header's name follows HTTP's spelling, not the project's convention. */
  header: boolean;
  name: string;
  /** '' when the document does not say (a `$ref`, a schema without `type`). */
  type: string;
  format: string;
  description: string;
}

type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** RFC 6901: `~` and `/` in a key are escaped. */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
export const SEP = ' › ';

/** A schema's type as the library names types: the first that is not null; implied by properties or items. */
export function schemaType(schema: Node): string {
  const declared = schema.type;
  if (typeof declared === 'string') return declared === 'null' ? '' : declared;
  if (Array.isArray(declared)) return text(declared.find((t) => t !== 'null'));
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return '';
}

/** Combinators and containers a property may sit under without a name of its own. */
const BRANCHES = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * Every property of `schema` at every level, depth first. `seen` stops a schema object met twice (a content
 * built with shared objects never recurses for ever).
 */
function walkSchema(
  schema: unknown,
  pointer: string,
  location: string[],
  base: Omit<FieldUse, 'location' | 'pointer' | 'holder' | 'header' | 'name' | 'type' | 'format' | 'description'>,
  out: FieldUse[],
  seen: Set<unknown>,
) {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      const at = `${pointer}/properties/${escapePointer(name)}`;
      const node = isObject(child) ? child : {};
      out.push({
        ...base,
        location: [...location, name].join(SEP),
        pointer: at,
        holder: 'property',
        header: false,
        name,
        type: schemaType(node),
        format: text(node.format),
        description: text(node.description),
      });
      walkSchema(child, at, [...location, name], base, out, seen);
    }
  }
  if (Array.isArray(schema.items)) {
    for (const [i, item] of schema.items.entries())
      walkSchema(item, `${pointer}/items/${i}`, location, base, out, seen);
  } else {
    walkSchema(schema.items, `${pointer}/items`, appendArray(location), base, out, seen);
  }
  for (const [i, item] of list(schema.prefixItems).entries()) {
    walkSchema(item, `${pointer}/prefixItems/${i}`, appendArray(location), base, out, seen);
  }
  for (const key of BRANCHES) {
    for (const [i, branch] of list(schema[key]).entries())
      walkSchema(branch, `${pointer}/${key}/${i}`, location, base, out, seen);
  }
  if (isObject(schema.additionalProperties)) {
    walkSchema(schema.additionalProperties, `${pointer}/additionalProperties`, [...location, '{}'], base, out, seen);
  }
}

/** `list` read as `list[]`: the items of an array sit under its name. */
function appendArray(location: string[]): string[] {
  if (location.length === 0) return ['[]'];
  const copy = [...location];
  copy[copy.length - 1] = `${copy[copy.length - 1]}[]`;
  return copy;
}

/** Every use of a field name in one document, in document order. */
export function fieldUsesOf(doc: WalkedDoc): FieldUse[] {
  const { content } = doc;
  const out: FieldUse[] = [];
  const base = {
    projectStructureId: doc.projectStructureId,
    docName: doc.docName,
    kind: doc.kind,
    method: doc.kind === 'api' ? text(content.method) : '',
    path: doc.kind === 'api' ? text(content.path) : '',
  };
  const seen = new Set<unknown>();
  if (doc.kind === 'schema') {
    walkSchema(content.schema, '/schema', ['数据模型'], base, out, seen);
    return out;
  }
  list(content.parameters).forEach((raw, i) => {
    if (!isObject(raw)) return;
    const schema = isObject(raw.schema) ? raw.schema : {};
    const where = text(raw.in) || 'query';
    const name = text(raw.name);
    const location = [`请求参数 ${where}`, name];
    out.push({
      ...base,
      location: location.join(SEP),
      pointer: `/parameters/${i}`,
      holder: 'parameter',
      header: where === 'header' || where === 'cookie',
      name,
      type: schemaType(schema),
      format: text(schema.format),
      description: text(raw.description) || text(schema.description),
    });
    walkSchema(schema, `/parameters/${i}/schema`, location, base, out, seen);
  });
  const body = isObject(content.requestBody) ? content.requestBody : {};
  list(body.fields).forEach((raw, i) => {
    if (!isObject(raw)) return;
    const schema = isObject(raw.schema) ? raw.schema : {};
    const name = text(raw.name);
    const location = ['请求体表单', name];
    out.push({
      ...base,
      location: location.join(SEP),
      pointer: `/requestBody/fields/${i}`,
      holder: 'formField',
      header: false,
      name,
      // A file field has no library type to compare with.
      type: text(raw.type) === 'file' ? '' : text(raw.type),
      format: text(schema.format),
      description: text(raw.description),
    });
    walkSchema(schema, `/requestBody/fields/${i}/schema`, location, base, out, seen);
  });
  walkSchema(body.schema, '/requestBody/schema', ['请求体'], base, out, seen);
  list(content.responses).forEach((raw, i) => {
    if (!isObject(raw)) return;
    walkSchema(raw.schema, `/responses/${i}/schema`, [`响应 ${text(raw.status)}`], base, out, seen);
  });
  return out;
}
