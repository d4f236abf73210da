import { createContext } from 'react';
import type { DataField } from './mockApi';

/**
 * The project whose field library the editors' name inputs suggest from; 0 (the default) offers nothing, so a
 * schema editor outside a server project (local mode, a dialog elsewhere) stays a plain input.
 */
export const FieldSuggestProject = createContext(0);

const enumText = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

/** What a picked library field sets on a schema editor row: the shown fields and the `x-mock` rule in its node. */
export function schemaRowPatch<S extends Record<string, unknown>>(field: DataField, source: S) {
  return {
    name: field.name,
    type: field.type,
    format: field.format,
    description: field.description,
    enumText: enumText(field.enum),
    source: field.mockRule ? { ...source, 'x-mock': field.mockRule } : source,
  };
}

/** What a picked library field sets on a parameter or form-field line; a type the table does not offer stays. */
export function paramLinePatch(field: DataField, types: readonly string[]) {
  return {
    name: field.name,
    ...(types.includes(field.type) ? { type: field.type } : {}),
    description: field.description,
    enumText: enumText(field.enum),
    format: field.format,
    mockRule: field.mockRule,
  };
}

/** A line's library format and mock rule written into its schema (empty ones leave the schema's as they are). */
export function withLibraryKeywords(
  schema: Record<string, unknown>,
  patch: { format?: string; mockRule?: string },
): Record<string, unknown> {
  const next = { ...schema };
  if (patch.format) next.format = patch.format;
  if (patch.mockRule) next['x-mock'] = patch.mockRule;
  return next;
}
