import type { VariableScopes } from '../ports.js';
import { dynamicValue } from './dynamic.js';

/** Scopes in the order a name is looked up: Postman's precedence, the narrowest first. */
export const SCOPE_PRECEDENCE = ['local', 'data', 'environment', 'collection', 'globals'] as const;
export type ScopeName = keyof VariableScopes;

export interface ReplaceOptions {
  /** Looked up before every scope (`Property.replaceSubstitutions(text, variables)`). */
  extra?: ReadonlyMap<string, string> | Record<string, string>;
  /** Resolve `{{$guid}}`, `{{$randomInt}}` …; default true. */
  dynamic?: boolean;
}

export interface Replaced {
  text: string;
  /** Names written as `{{name}}` that no scope holds, each once, in the order met; they stay in the text. */
  unresolved: string[];
}

// Postman's own pattern: anything but braces between the double braces.
const REFERENCE = /\{\{([^{}]*?)\}\}/g;
// A value may itself hold references (`{{base}}/v1`); deeper than this is a cycle.
const MAX_DEPTH = 10;

/** The value of a variable by precedence (local > data > environment > collection > globals), or undefined. */
export function lookupVariable(scopes: VariableScopes, name: string): string | undefined {
  for (const scope of SCOPE_PRECEDENCE) {
    const value = scopes[scope].get(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Resolves `{{name}}` and `{{$dynamic}}` references; unknown ones stay as written and are listed. */
export function replaceVariables(text: string, scopes: VariableScopes, options: ReplaceOptions = {}): Replaced {
  if (!text.includes('{{')) return { text, unresolved: [] };
  const unresolved = new Set<string>();
  const extra = options.extra;
  const fromExtra = (name: string): string | undefined => {
    if (!extra) return undefined;
    if (extra instanceof Map) return extra.get(name);
    const record = extra as Record<string, string>;
    return Object.hasOwn(record, name) ? String(record[name]) : undefined;
  };
  const resolve = (input: string, depth: number): string =>
    input.replace(REFERENCE, (whole, name: string) => {
      let value = fromExtra(name) ?? lookupVariable(scopes, name);
      if (value === undefined && name.startsWith('$') && options.dynamic !== false) value = dynamicValue(name.slice(1));
      if (value === undefined) {
        unresolved.add(name);
        return whole;
      }
      return depth < MAX_DEPTH && value.includes('{{') ? resolve(value, depth + 1) : value;
    });
  return { text: resolve(text, 0), unresolved: [...unresolved] };
}

/** Empty scopes, for callers that resolve only dynamic variables (and tests). */
export function emptyScopes(): VariableScopes {
  return {
    globals: new Map(),
    collection: new Map(),
    environment: new Map(),
    data: new Map(),
    local: new Map(),
  };
}
