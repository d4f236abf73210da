/**
 * A JSON Schema as the tree editor's rows, and back. The rows hold only what the editor shows (name, type,
 * required, description, enum, format, $ref) next to the schema node they came from; writing back starts from that
 * node and replaces only the shown fields the user changed, so every keyword the editor does not know (oneOf,
 * minimum, examples, x- keys …) and every value it shows differently (a type list, an enum of objects) survives.
 */

export type JsonSchema = Record<string, unknown>;

export const SCHEMA_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'] as const;
/** `ref`: a `$ref` to a shared model; `any`: no single type (none given, or only combinators). */
export type RowType = (typeof SCHEMA_TYPES)[number] | 'ref' | 'any';

export const REF_PREFIX = '#/components/schemas/';

export interface SchemaRow {
  id: string;
  /** root: the schema itself; property: one of its parent's properties; items: its parent array's items. */
  role: 'root' | 'property' | 'items';
  name: string;
  required: boolean;
  type: RowType;
  description: string;
  /** The enum values as the user types them: comma separated. */
  enumText: string;
  format: string;
  /** The model name for `#/components/schemas/<name>`, or the whole $ref when it points elsewhere. */
  ref: string;
  children: SchemaRow[];
  items?: SchemaRow;
  /** The node as read: the base the row is written back onto. */
  source: JsonSchema;
  /** Names in the source's `required` that name no property: kept. */
  orphanRequired: string[];
  /** A boolean schema (`true`, `false`) as read, written back as it was unless the row is edited. */
  raw?: unknown;
}

let nextId = 0;
export const newRowId = () => `r${++nextId}`;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const enumToText = (values: unknown): string =>
  Array.isArray(values) ? values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : '';

function typeOf(node: JsonSchema): RowType {
  if (typeof node.$ref === 'string') return 'ref';
  const type = node.type;
  if (typeof type === 'string') return (SCHEMA_TYPES as readonly string[]).includes(type) ? (type as RowType) : 'any';
  if (Array.isArray(type)) {
    const named = type.filter((t) => t !== 'null');
    if (named.length === 0 && type.includes('null')) return 'null';
    if (named.length === 1 && (SCHEMA_TYPES as readonly string[]).includes(named[0] as string)) {
      return named[0] as RowType;
    }
    return 'any';
  }
  if (isObject(node.properties)) return 'object';
  if (isObject(node.items)) return 'array';
  return 'any';
}

const refName = (ref: unknown) =>
  typeof ref === 'string' ? (ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : ref) : '';
const refValue = (name: string) => (name.startsWith('#') || name.includes('/') ? name : `${REF_PREFIX}${name}`);

/** What the editor shows of one node (no children). */
function fieldsOf(node: JsonSchema) {
  return {
    type: typeOf(node),
    description: typeof node.description === 'string' ? node.description : '',
    enumText: enumToText(node.enum),
    format: typeof node.format === 'string' ? node.format : '',
    ref: refName(node.$ref),
  };
}

function readRow(node: unknown, role: SchemaRow['role'], name: string, required: boolean): SchemaRow {
  const source = isObject(node) ? node : {};
  const properties = isObject(source.properties) ? source.properties : {};
  const requiredNames = Array.isArray(source.required)
    ? source.required.filter((r): r is string => typeof r === 'string')
    : [];
  return {
    id: newRowId(),
    role,
    name,
    required,
    ...fieldsOf(source),
    children: Object.entries(properties).map(([key, child]) =>
      readRow(child, 'property', key, requiredNames.includes(key)),
    ),
    items: isObject(source.items) ? readRow(source.items, 'items', '', false) : undefined,
    source,
    orphanRequired: requiredNames.filter((r) => !(r in properties)),
    raw: isObject(node) ? undefined : node,
  };
}

export const schemaToRows = (schema: unknown): SchemaRow => readRow(schema, 'root', '', false);

/** Parses the typed enum text by the row's type; a token that is not of the type stays a string. */
export function parseEnum(text: string, type: RowType): unknown[] {
  return text
    .split(/[,，]/)
    .map((token) => token.trim())
    .filter((token) => token !== '')
    .map((token) => {
      if (type === 'integer' || type === 'number') return Number.isNaN(Number(token)) ? token : Number(token);
      if (type === 'boolean' && (token === 'true' || token === 'false')) return token === 'true';
      if (type === 'any' || type === 'object' || type === 'array') {
        try {
          return JSON.parse(token);
        } catch {
          return token;
        }
      }
      return token;
    });
}

function writeType(out: JsonSchema, row: SchemaRow, before: RowType) {
  if (row.type === before) return;
  if (row.type === 'ref') {
    delete out.type;
    return;
  }
  delete out.$ref;
  if (row.type === 'any') {
    delete out.type;
    return;
  }
  // A nullable type stays nullable when its named type changes.
  const nullable = Array.isArray(out.type) && out.type.includes('null') && row.type !== 'null';
  out.type = nullable ? [row.type, 'null'] : row.type;
}

const sameSet = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Writes the row tree back into a schema; unchanged fields keep the source's exact value. */
export const rowsToSchema = (row: SchemaRow): JsonSchema => writeRow(row) as JsonSchema;

function writeRow(row: SchemaRow): unknown {
  const before = fieldsOf(row.source);
  const untouched = (Object.keys(before) as (keyof typeof before)[]).every((key) => row[key] === before[key]);
  if (row.raw !== undefined && untouched && row.children.length === 0 && !row.items) return row.raw;
  const out: JsonSchema = { ...row.source };
  writeType(out, row, before.type);
  if (row.type === 'ref' && (row.ref !== before.ref || before.type !== 'ref')) out.$ref = refValue(row.ref);
  const text = (key: 'description' | 'format', value: string) => {
    if (value === before[key]) return;
    if (value === '') delete out[key];
    else out[key] = value;
  };
  text('description', row.description);
  text('format', row.format);
  if (row.enumText !== before.enumText || (row.type !== before.type && row.enumText !== '')) {
    const values = parseEnum(row.enumText, row.type);
    if (values.length === 0) delete out.enum;
    else out.enum = values;
  }

  const holdsProperties = row.type === 'object' || (row.type === 'any' && row.children.length > 0);
  if (holdsProperties && (row.children.length > 0 || isObject(row.source.properties))) {
    out.properties = Object.fromEntries(row.children.map((child) => [child.name, writeRow(child)]));
    const required = [
      ...new Set([...row.children.filter((c) => c.required).map((c) => c.name), ...row.orphanRequired]),
    ];
    const sourceRequired = Array.isArray(row.source.required) ? row.source.required : undefined;
    // The source's own order is kept while the set of required names is the same.
    if (sourceRequired && sameSet(required, sourceRequired)) out.required = sourceRequired;
    else if (required.length > 0 || sourceRequired) out.required = required;
  } else if (row.type !== before.type) {
    delete out.properties;
    delete out.required;
  }
  if (row.items && (row.type === 'array' || row.type === 'any')) out.items = writeRow(row.items);
  else if (row.type !== before.type && row.type !== 'any') delete out.items;
  return out;
}

/** A blank row of a type; arrays get string items so they are never without an item type. */
export function blankRow(role: SchemaRow['role'], name = '', type: RowType = 'string'): SchemaRow {
  const row: SchemaRow = {
    id: newRowId(),
    role,
    name,
    required: false,
    type,
    description: '',
    enumText: '',
    format: '',
    ref: '',
    children: [],
    source: {},
    orphanRequired: [],
  };
  if (type === 'array') row.items = blankRow('items');
  return row;
}

/** Applies `change` to the row with `id`; returns a new tree (the untouched branches are shared). */
export function updateRow(root: SchemaRow, id: string, change: (row: SchemaRow) => SchemaRow): SchemaRow {
  if (root.id === id) return change(root);
  let changed = false;
  const children = root.children.map((child) => {
    const next = updateRow(child, id, change);
    if (next !== child) changed = true;
    return next;
  });
  const items = root.items ? updateRow(root.items, id, change) : undefined;
  if (items !== root.items) changed = true;
  return changed ? { ...root, children, items } : root;
}

/** Sets a row's shown fields; a type change gives arrays their items and objects room for properties. */
export function editRow(root: SchemaRow, id: string, patch: Partial<SchemaRow>): SchemaRow {
  return updateRow(root, id, (row) => {
    const next = { ...row, ...patch };
    if (patch.type === 'array' && !next.items) next.items = blankRow('items');
    return next;
  });
}

function uniqueName(siblings: SchemaRow[], base = 'field'): string {
  const names = new Set(siblings.map((s) => s.name));
  for (let n = 1; ; n++) if (!names.has(`${base}${n}`)) return `${base}${n}`;
}

/** A new property inside an object row (an array row: inside its items, which become an object). */
export function addChild(root: SchemaRow, id: string): SchemaRow {
  return updateRow(root, id, (row) => {
    if (row.type === 'array') {
      const items = row.items ?? blankRow('items', '', 'object');
      const objectItems = { ...items, type: 'object' as RowType };
      return {
        ...row,
        items: { ...objectItems, children: [...items.children, blankRow('property', uniqueName(items.children))] },
      };
    }
    // A schema saying nothing yet ({}) becomes an object; one of combinators (oneOf …) stays as it is.
    const bare = row.type === 'any' && Object.keys(row.source).every((key) => key === 'description' || key === 'title');
    const type = bare ? 'object' : row.type === 'any' ? 'any' : 'object';
    return { ...row, type, children: [...row.children, blankRow('property', uniqueName(row.children))] };
  });
}

/** The parent of the row with `id`, found by walking the tree. */
export function findParent(root: SchemaRow, id: string): SchemaRow | undefined {
  for (const child of [...root.children, ...(root.items ? [root.items] : [])]) {
    if (child.id === id) return root;
    const found = findParent(child, id);
    if (found) return found;
  }
  return undefined;
}

/** A new property right after the row with `id` (a property). */
export function addSibling(root: SchemaRow, id: string): SchemaRow {
  const parent = findParent(root, id);
  if (!parent) return root;
  return updateRow(root, parent.id, (row) => {
    const at = row.children.findIndex((c) => c.id === id);
    if (at < 0) return row;
    const children = [...row.children];
    children.splice(at + 1, 0, blankRow('property', uniqueName(row.children)));
    return { ...row, children };
  });
}

export function removeRow(root: SchemaRow, id: string): SchemaRow {
  const parent = findParent(root, id);
  if (!parent) return root;
  return updateRow(root, parent.id, (row) => ({ ...row, children: row.children.filter((c) => c.id !== id) }));
}

/** Empty and repeated property names, per object: what a save must refuse. */
export interface SchemaProblem {
  path: string;
  problem: 'empty' | 'duplicate' | 'ref';
  name: string;
}

export function schemaProblems(root: SchemaRow, path = ''): SchemaProblem[] {
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  if (root.type === 'ref' && root.ref.trim() === '') problems.push({ path, problem: 'ref', name: root.name });
  for (const child of root.children) {
    const name = child.name.trim();
    if (name === '') problems.push({ path, problem: 'empty', name });
    else if (seen.has(name)) problems.push({ path, problem: 'duplicate', name });
    seen.add(name);
    problems.push(...schemaProblems(child, path ? `${path}.${name}` : name));
  }
  if (root.items) problems.push(...schemaProblems(root.items, `${path}[]`));
  return problems;
}
