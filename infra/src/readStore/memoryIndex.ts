import btree from 'sorted-btree';
import type { Doc, Filter, IndexSpec, Sort } from './types.js';

// sorted-btree is CommonJS with its class as `exports.default`: Node.js imports the exports object, bundlers and
// vitest the class itself.
const BTree = ((btree as { default?: unknown }).default ?? btree) as typeof btree.default;

type Primitive = string | number | boolean;
export const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * MongoDB's order between values of the types read models sort on (missing and null first, then numbers,
 * strings, booleans); `undefined` answers "not one of those", and the sort falls back to mingo.
 */
const TYPE_ORDER: Record<string, number> = { undefined: 0, object: 0, number: 1, string: 2, boolean: 3 };
export function compareValues(a: unknown, b: unknown): number | undefined {
  if ((a !== null && typeof a === 'object') || (b !== null && typeof b === 'object')) return undefined;
  const ta = TYPE_ORDER[typeof a];
  const tb = TYPE_ORDER[typeof b];
  if (ta === undefined || tb === undefined) return undefined;
  if (ta !== tb) return ta - tb;
  if (ta === 0) return 0;
  return (a as Primitive) < (b as Primitive) ? -1 : (a as Primitive) > (b as Primitive) ? 1 : 0;
}

/**
 * A dotted path's value through plain objects (a path through a primitive is missing, as in MongoDB); `IRREGULAR`
 * when an array or an object is on the way or at its end.
 */
const IRREGULAR = Symbol('irregular');
function orderable(doc: Doc, path: readonly string[]): unknown {
  let value: unknown = doc[path[0]!];
  for (let i = 1; i < path.length; i++) {
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value)) return IRREGULAR;
    if (typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[path[i]!];
  }
  return value !== null && typeof value === 'object' ? IRREGULAR : value;
}

/** What the tree holds for a document: replaced in place while the document keeps its key. */
type Held<T> = { doc: T };

/** Bounds of a key range: below or above every value whatever the field's direction. */
const LOWEST = Symbol('lowest');
const HIGHEST = Symbol('highest');
type Key = unknown[];

/** What an index can do for a query: the documents in sort order from `walk`, and how many of them match. */
export interface IndexPlan<T> {
  /**
   * Visits the documents with the filter's equalities on the index's leading fields, in the query's order, until
   * `visit` answers true (a callback: a generator's steps and entry pairs cost more than the page; issue 24).
   */
  each(visit: (doc: T) => boolean): void;
  /** How many documents `walk` yields, counted in the tree without visiting them one by one in JavaScript. */
  size(): number;
  /** The filter's conditions the index does not answer (empty when it answers all). */
  rest: Filter;
}

/**
 * An ordered index, as MongoDB keeps one: the documents sorted by the index's fields in their directions (then by
 * `_id`), in a B+ tree, so that a page in that order, or in its reverse, after equalities on leading fields costs
 * the page, not a scan and a sort. A document whose indexed value is an array or an object (MongoDB would index it
 * multikey or by its BSON order) is not in the tree; while any is, the index answers nothing and queries scan.
 */
export class OrderedIndex<T extends Doc> {
  readonly fields: string[];
  private readonly paths: string[][];
  private readonly directions: (1 | -1)[];
  /** Key → a holder of the document: a change that keeps the key swaps the holder's document, not a tree entry. */
  private readonly tree: InstanceType<typeof BTree<Key, Held<T>>>;
  /** Per `_id`, its key and holder (no key: the document is irregular and not in the tree). */
  private readonly filed = new Map<string, { key: Key | undefined; held: Held<T> }>();
  private irregular = 0;

  constructor(spec: IndexSpec) {
    this.fields = Object.keys(spec.fields);
    this.paths = this.fields.map((field) => field.split('.'));
    this.directions = Object.values(spec.fields);
    const { directions } = this;
    this.tree = new BTree<Key, Held<T>>(undefined, (a, b) => {
      for (let i = 0; i < a.length && i < b.length; i++) {
        const x = a[i];
        const y = b[i];
        if (x === y) continue;
        // Two numbers or two strings (nearly every comparison): no need to ask for their types' order.
        const type = typeof x;
        const plain = type === 'string' || (type === 'number' && !Number.isNaN(x) && !Number.isNaN(y));
        if (plain && type === typeof y) {
          return ((x as number) < (y as number) ? -1 : 1) * (directions[i] ?? 1);
        }
        if (x === LOWEST || y === HIGHEST) return -1;
        if (x === HIGHEST || y === LOWEST) return 1;
        // the last key part is the _id, a string, ascending
        const order = compareValues(x, y)! * (directions[i] ?? 1);
        if (order !== 0) return order;
      }
      return a.length - b.length;
    });
  }

  private keyOf(doc: T): Key | undefined {
    const key: Key = [];
    for (const path of this.paths) {
      const value = orderable(doc, path);
      if (value === IRREGULAR) return undefined;
      key.push(value);
    }
    key.push(doc._id);
    return key;
  }

  /**
   * Files a stored document, in place of the one with its `_id` (if any). Stored documents are never changed in
   * place, so the key it is filed under stays its key. A change of fields the index does not hold keeps its
   * place: the holder in the tree gets the new document, and the tree is not searched (a projection's update of a
   * task touched three trees per event; issue 24).
   */
  put(next: T): void {
    const entry = this.filed.get(next._id);
    // Compared in place, so that an unchanged key (most puts, in most indexes) allocates nothing.
    if (entry && this.keeps(entry.key, next)) {
      entry.held.doc = next;
      return;
    }
    const key = this.keyOf(next);
    if (entry) this.unfile(entry);
    const held = { doc: next };
    this.filed.set(next._id, { key, held });
    if (key) this.tree.set(key, held);
    else this.irregular += 1;
  }

  /** Whether `doc` has the key `key` (undefined: an irregular document stays irregular only if it still is one). */
  private keeps(key: Key | undefined, doc: T): boolean {
    if (!key) return this.keyOf(doc) === undefined;
    const { paths } = this;
    for (let i = 0; i < paths.length; i++) {
      const value = orderable(doc, paths[i]!);
      if (value === IRREGULAR || value !== key[i]) return false;
    }
    return key[paths.length] === doc._id;
  }

  remove(doc: T): void {
    const entry = this.filed.get(doc._id);
    if (!entry) return;
    this.unfile(entry);
    this.filed.delete(doc._id);
  }

  private unfile(entry: { key: Key | undefined }): void {
    if (entry.key) this.tree.delete(entry.key);
    else this.irregular -= 1;
  }

  /**
   * A plan when the filter has equalities (string, number, boolean) on the index's first fields and the sort, if
   * any, is the index's next fields in their directions or all reversed; undefined when the index cannot help.
   */
  plan(filter: Filter, sort: Sort | undefined): IndexPlan<T> | undefined {
    if (this.irregular > 0) return undefined;
    const prefix: unknown[] = [];
    while (prefix.length < this.fields.length && isPrimitive(filter[this.fields[prefix.length]!])) {
      prefix.push(filter[this.fields[prefix.length]!]);
    }
    const sorted = Object.entries(sort ?? {});
    let reverse = false;
    if (sorted.length > 0) {
      const at = prefix.length;
      if (at + sorted.length > this.fields.length) return undefined;
      reverse = sorted[0]![1] !== this.directions[at];
      const follows = sorted.every(
        ([field, direction], i) => field === this.fields[at + i] && (direction === this.directions[at + i]) !== reverse,
      );
      if (!follows) return undefined;
    }
    if (prefix.length === 0 && sorted.length === 0) return undefined;
    const rest = Object.fromEntries(Object.entries(filter).filter(([field]) => !this.answers(field, prefix.length)));
    const low = [...prefix, LOWEST];
    const high = [...prefix, HIGHEST];
    const { tree } = this;
    const inPrefix = (key: Key) => prefix.every((value, i) => compareValues(key[i], value) === 0);
    const stop = { break: true };
    const each = (visit: (doc: T) => boolean) => {
      if (!reverse) {
        // The range holds exactly the keys with the prefix (LOWEST and HIGHEST bound it whatever follows).
        tree.forRange(low, high, true, (_key, held) => (visit(held.doc) ? stop : undefined));
        return;
      }
      for (const [key, held] of tree.entriesReversed(high)) {
        if (!inPrefix(key) || visit(held.doc)) return;
      }
    };
    return { each, size: () => tree.forRange(low, high, true), rest };
  }

  private answers(field: string, prefixLength: number): boolean {
    const at = this.fields.indexOf(field);
    return at >= 0 && at < prefixLength;
  }
}
