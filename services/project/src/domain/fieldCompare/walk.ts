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
export const escapePointer = (key: string) =>
  key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
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

/** Combinators a property may sit under without a name of its own. */
const BRANCHES = ['allOf', 'anyOf', 'oneOf'] as const;
/** Deeper than this a schema is not walked (a content built in memory could nest without end). */
const MAX_DEPTH = 64;

type Base = Pick<FieldUse, 'projectStructureId' | 'docName' | 'kind' | 'method' | 'path'>;

/** `list` read as `list[]`: the items of an array sit under its name. */
const arrayOf = (location: string) => (location ? `${location}[]` : '[]');

/**
 * Every property of `schema` at every level, depth first. Locations and pointers are built as strings on the way
 * down and only for what is there: 5,000 documents of a few dozen fields each are walked in tens of milliseconds.
 */
function walkSchema(schema: unknown, pointer: string, location: string, base: Base, out: FieldUse[], depth: number) {
  if (!isObject(schema) || depth > MAX_DEPTH) return;
  const properties = schema.properties;
  if (isObject(properties)) {
    for (const name in properties) {
      const child = properties[name];
      const at = `${pointer}/properties/${escapePointer(name)}`;
      const here = location ? `${location}${SEP}${name}` : name;
      const node = isObject(child) ? child : {};
      out.push({
        projectStructureId: base.projectStructureId,
        docName: base.docName,
        kind: base.kind,
        method: base.method,
        path: base.path,
        location: here,
        pointer: at,
        holder: 'property',
        header: false,
        name,
        type: schemaType(node),
        format: text(node.format),
        description: text(node.description),
      });
      walkSchema(child, at, here, base, out, depth + 1);
    }
  }
  const items = schema.items;
  if (Array.isArray(items)) {
    for (let i = 0; i < items.length; i += 1)
      walkSchema(items[i], `${pointer}/items/${i}`, location, base, out, depth + 1);
  } else if (isObject(items)) {
    walkSchema(items, `${pointer}/items`, arrayOf(location), base, out, depth + 1);
  }
  const prefixItems = schema.prefixItems;
  if (Array.isArray(prefixItems)) {
    for (let i = 0; i < prefixItems.length; i += 1) {
      walkSchema(prefixItems[i], `${pointer}/prefixItems/${i}`, arrayOf(location), base, out, depth + 1);
    }
  }
  for (const key of BRANCHES) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (let i = 0; i < branches.length; i += 1) {
      walkSchema(branches[i], `${pointer}/${key}/${i}`, location, base, out, depth + 1);
    }
  }
  if (isObject(schema.additionalProperties)) {
    const here = location ? `${location}${SEP}{}` : '{}';
    walkSchema(schema.additionalProperties, `${pointer}/additionalProperties`, here, base, out, depth + 1);
  }
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
  if (doc.kind === 'schema') {
    walkSchema(content.schema, '/schema', '数据模型', base, out, 0);
    return out;
  }
  list(content.parameters).forEach((raw, i) => {
    if (!isObject(raw)) return;
    const schema = isObject(raw.schema) ? raw.schema : {};
    const where = text(raw.in) || 'query';
    const name = text(raw.name);
    const location = `请求参数 ${where}${SEP}${name}`;
    // Every use built with the same fields in the same order: one shape (a spread of `base` made them slow to read).
    out.push({
      projectStructureId: base.projectStructureId,
      docName: base.docName,
      kind: base.kind,
      method: base.method,
      path: base.path,
      location,
      pointer: `/parameters/${i}`,
      holder: 'parameter',
      header: where === 'header' || where === 'cookie',
      name,
      type: schemaType(schema),
      format: text(schema.format),
      description: text(raw.description) || text(schema.description),
    });
    walkSchema(schema, `/parameters/${i}/schema`, location, base, out, 0);
  });
  const body = isObject(content.requestBody) ? content.requestBody : {};
  list(body.fields).forEach((raw, i) => {
    if (!isObject(raw)) return;
    const schema = isObject(raw.schema) ? raw.schema : {};
    const name = text(raw.name);
    const location = `请求体表单${SEP}${name}`;
    out.push({
      projectStructureId: base.projectStructureId,
      docName: base.docName,
      kind: base.kind,
      method: base.method,
      path: base.path,
      location,
      pointer: `/requestBody/fields/${i}`,
      holder: 'formField',
      header: false,
      name,
      // A file field has no library type to compare with.
      type: text(raw.type) === 'file' ? '' : text(raw.type),
      format: text(schema.format),
      description: text(raw.description),
    });
    walkSchema(schema, `/requestBody/fields/${i}/schema`, location, base, out, 0);
  });
  walkSchema(body.schema, '/requestBody/schema', '请求体', base, out, 0);
  list(content.responses).forEach((raw, i) => {
    if (!isObject(raw)) return;
    walkSchema(raw.schema, `/responses/${i}/schema`, `响应 ${text(raw.status)}`, base, out, 0);
  });
  return out;
}
