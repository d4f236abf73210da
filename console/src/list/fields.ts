import type { ReactNode } from 'react';

/** SPEC §3 generic table field types. */
export type FieldType =
  | 'text'
  | 'image'
  | 'index'
  | 'selection'
  | 'upload'
  | 'images'
  | 'thumb'
  | 'region'
  | 'cascader'
  | 'date'
  | 'time'
  | 'datetime';

/** SPEC §3 form input types. */
export type FormInputType =
  | 'image'
  | 'album'
  | 'integer'
  | 'text'
  | 'password'
  | 'textarea'
  | 'datetime'
  | 'datetimeRange'
  | 'date'
  | 'dateRange'
  | 'time'
  | 'timeRange'
  | 'select'
  | 'multiSelect'
  | 'cascader'
  | 'cascaderSearch'
  | 'content';

export interface FieldOption {
  value: string | number;
  /** A translation key or a literal text. */
  label: string;
  children?: FieldOption[];
}

export type FieldId = string | number;

/** SPEC §3 generic table field definition, plus a few optional hooks for screens (after `pid`). */
export interface FieldDefinition<R = Record<string, unknown>> {
  /** Column and input label: a translation key or a literal text. */
  name: string;
  field: string;
  type?: FieldType;
  width?: number;
  align?: 'left' | 'center' | 'right';
  readOnly?: boolean;
  bolShowColumn?: boolean;
  bolShowSearch?: boolean;
  bolShowFormItem?: boolean;
  /** A column group: its children are columns (groups nest up to three levels). */
  children?: FieldDefinition<R>[];
  options?: FieldOption[];
  multiple?: boolean;
  /** With `id` and `pid`: the flat form of a group tree (a field whose pid is a group's id belongs to it). */
  isHadChild?: boolean;
  id?: FieldId;
  pid?: FieldId;
  /** The input of the form dialog (and of the search when searchType is absent); derived from `type` otherwise. */
  formType?: FormInputType;
  searchType?: FormInputType;
  required?: boolean;
  sortable?: boolean;
  /** A cell of its own (rendered inside react-admin's record context). */
  render?: (record: R) => ReactNode;
}

export type RegionPart = 'province' | 'city' | 'district';
export const REGION_PARTS: RegionPart[] = ['province', 'city', 'district'];

/** One data column of the table, the export and the import. */
export interface LeafColumn<R = Record<string, unknown>> {
  /** Unique; what the field list hides and remembers. */
  key: string;
  definition: FieldDefinition<R>;
  label: string;
  align: 'left' | 'center' | 'right';
  /** Set on the three columns a region field expands into. */
  regionPart?: RegionPart;
}

export interface ColumnNode<R = Record<string, unknown>> {
  key: string;
  label: string;
  definition: FieldDefinition<R>;
  /** Present on groups (and on an expanded region field). */
  children?: ColumnNode<R>[];
  leaf?: LeafColumn<R>;
}

export const MAX_GROUP_DEPTH = 3;

/** Builds the tree from `id`/`pid` when the definitions are flat; nested `children` are kept as they are. */
export function fieldTree<R>(fields: FieldDefinition<R>[]): FieldDefinition<R>[] {
  const byParent = new Map<FieldId | undefined, FieldDefinition<R>[]>();
  const ids = new Set(fields.map((field) => field.id).filter((id) => id !== undefined));
  for (const field of fields) {
    const parent = field.pid !== undefined && ids.has(field.pid) ? field.pid : undefined;
    byParent.set(parent, [...(byParent.get(parent) ?? []), field]);
  }
  const attach = (field: FieldDefinition<R>): FieldDefinition<R> => {
    const flatChildren = field.id === undefined ? undefined : byParent.get(field.id);
    if (field.children?.length || !flatChildren) return field;
    return { ...field, children: flatChildren.map(attach) };
  };
  return (byParent.get(undefined) ?? []).map(attach);
}

const shownAsColumn = (field: FieldDefinition<never>) => field.bolShowColumn !== false && field.type !== 'selection';

/**
 * The column tree of the table: groups with their columns, a region field as a group of province, city and district
 * columns. A group deeper than three levels lends its columns to its third-level ancestor.
 */
export function columnTree<R>(fields: FieldDefinition<R>[], regionLabels: Record<RegionPart, string>): ColumnNode<R>[] {
  const build = (field: FieldDefinition<R>, parentKey: string, depth: number): ColumnNode<R>[] => {
    if (!shownAsColumn(field as FieldDefinition<never>)) return [];
    const key = parentKey ? `${parentKey}/${field.field}` : field.field;
    const align = field.align ?? 'center';
    if (field.children?.length) {
      const children = field.children.flatMap((child) => build(child, key, depth + 1));
      if (depth >= MAX_GROUP_DEPTH) return children;
      return children.length ? [{ key, label: field.name, definition: field, children }] : [];
    }
    if (field.type === 'region') {
      const parts = REGION_PARTS.map((part) => ({
        key: `${key}.${part}`,
        label: regionLabels[part],
        definition: field,
        leaf: { key: `${key}.${part}`, definition: field, label: regionLabels[part], align, regionPart: part },
      }));
      return depth >= MAX_GROUP_DEPTH ? parts : [{ key, label: field.name, definition: field, children: parts }];
    }
    return [{ key, label: field.name, definition: field, leaf: { key, definition: field, label: field.name, align } }];
  };
  return fieldTree(fields).flatMap((field) => build(field, '', 1));
}

export const leavesOf = <R>(nodes: ColumnNode<R>[]): LeafColumn<R>[] =>
  nodes.flatMap((node) => (node.leaf ? [node.leaf] : leavesOf(node.children ?? [])));

/** The tree without hidden columns, and without groups left empty. */
export function visibleTree<R>(nodes: ColumnNode<R>[], hidden: ReadonlySet<string>): ColumnNode<R>[] {
  return nodes.flatMap((node) => {
    if (node.leaf) return hidden.has(node.key) ? [] : [node];
    const children = visibleTree(node.children ?? [], hidden);
    return children.length ? [{ ...node, children }] : [];
  });
}

export const treeDepth = <R>(nodes: ColumnNode<R>[]): number =>
  nodes.reduce((depth, node) => Math.max(depth, node.children ? 1 + treeDepth(node.children) : 1), 0);

/** A cell of a header row above the column labels: a group label, or an empty spacer above a shallower column. */
export interface GroupCell {
  key: string;
  label: string;
  colSpan: number;
  rowSpan: number;
}

/**
 * The header rows above the row of column labels (none without groups). A column that is not inside a group as
 * deep as the deepest one gets an empty spacer reaching down to the label row.
 */
export function groupRows<R>(nodes: ColumnNode<R>[]): GroupCell[][] {
  const depth = treeDepth(nodes);
  const rows: GroupCell[][] = Array.from({ length: depth - 1 }, () => []);
  const place = (node: ColumnNode<R>, level: number) => {
    if (node.leaf) {
      if (level < depth - 1) rows[level]?.push({ key: node.key, label: '', colSpan: 1, rowSpan: depth - 1 - level });
      return;
    }
    rows[level]?.push({ key: node.key, label: node.label, colSpan: leavesOf([node]).length, rowSpan: 1 });
    for (const child of node.children ?? []) place(child, level + 1);
  };
  for (const node of nodes) place(node, 0);
  return rows;
}

/** The fields offered as search inputs, and as form inputs. */
export const searchFields = <R>(fields: FieldDefinition<R>[]) =>
  flatFields(fields).filter((field) => field.bolShowSearch && field.type !== 'selection' && field.type !== 'index');
export const formFields = <R>(fields: FieldDefinition<R>[]) =>
  flatFields(fields).filter((field) => field.bolShowFormItem && field.type !== 'selection' && field.type !== 'index');

/** Every field that is not a group, in order. */
export const flatFields = <R>(fields: FieldDefinition<R>[]): FieldDefinition<R>[] =>
  fieldTree(fields).flatMap((field) => (field.children?.length ? flatFields(field.children) : [field]));

/** The input a field gets when its definition names none. */
export function inputTypeOf(field: FieldDefinition<never>, purpose: 'form' | 'search'): FormInputType {
  const named = purpose === 'search' ? (field.searchType ?? field.formType) : field.formType;
  if (named) return named;
  if (field.options?.length) {
    if (field.type === 'cascader') return 'cascader';
    return field.multiple ? 'multiSelect' : 'select';
  }
  switch (field.type) {
    case 'image':
    case 'thumb':
      return 'image';
    case 'images':
      return 'album';
    case 'date':
      return purpose === 'search' ? 'dateRange' : 'date';
    case 'datetime':
      return purpose === 'search' ? 'datetimeRange' : 'datetime';
    case 'time':
      return purpose === 'search' ? 'timeRange' : 'time';
    default:
      return 'text';
  }
}
