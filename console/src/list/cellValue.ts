import type { FieldOption, LeafColumn, RegionPart } from './fields';
import { REGION_PARTS } from './fields';
import { formatValue } from './values';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface CellContext {
  translate: Translate;
  /** A region code's name (empty while the region data loads). */
  regionName: (code: string) => string;
}

/** A list of values, whether the record holds an array or a comma-separated text. */
export function valueList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The region codes (province, city, district) of a region field's value. */
export function regionCode(value: unknown, part: RegionPart): string {
  return valueList(value)[REGION_PARTS.indexOf(part)] ?? '';
}

/** The labels along a cascader path of values. */
export function cascaderLabels(options: FieldOption[], path: unknown[]): string[] {
  const labels: string[] = [];
  let level: FieldOption[] | undefined = options;
  for (const value of path) {
    const option: FieldOption | undefined = level?.find((item) => String(item.value) === String(value));
    if (!option) break;
    labels.push(option.label);
    level = option.children;
  }
  return labels;
}

/** What a column shows for a record, as text; dates and times as SPEC §5 stores them are formatted. */
export function cellText(record: Record<string, unknown>, column: LeafColumn<never>, context: CellContext): string {
  const { definition } = column;
  const value = record[definition.field];
  if (column.regionPart) return context.regionName(regionCode(value, column.regionPart));
  if (definition.type === 'cascader' && definition.options) {
    return cascaderLabels(definition.options, valueList(value))
      .map((label) => context.translate(label))
      .join(' / ');
  }
  if (definition.options?.length) {
    const values = definition.multiple ? valueList(value) : [value];
    return values
      .map((item) => definition.options?.find((option) => String(option.value) === String(item)))
      .map((option, index) => (option ? context.translate(option.label) : formatValue(values[index], undefined)))
      .filter(Boolean)
      .join(', ');
  }
  if (definition.type === 'images') return valueList(value).join(', ');
  return formatValue(value, definition.type);
}
