import type { Json } from './api.js';
import { parseArgs } from './args.js';
import { PLACEHOLDERS, type Placeholder } from './placeholders.js';
import { charged, type Run } from './random.js';

/** Where a template value sits: the keys from the root (for `@/path` and `@../name` references). */
export interface Path {
  parent: Path | undefined;
  key: string | number;
}

type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'call'; run: Placeholder; args: Json[]; raw: string }
  | { kind: 'ref'; path: string; raw: string };

/** A template string compiled once: its placeholders resolved to functions, its arguments parsed. */
export interface CompiledString {
  /** Whether it reads other values of the answer (then it runs after them, `fill`). */
  refs: boolean;
  make: (run: Run, where: string) => Json;
  fill: (run: Run, root: Json, at: Path | undefined, where: string) => Json;
}

const NAME = /^(\/[\w$/.]*|\.\.?\/[\w$/.]*|[A-Za-z_$][\w$]*)/;

/** The index after a balanced `(…)` starting at `open`, quotes respected; -1 when it never closes. */
function closing(text: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The segments of a template string. `@name` counts only at the start or after a character that is not a letter or
 * digit, so an e-mail address in an example (`user@email.com`) stays as written; `\@` is a literal `@`.
 */
function segmentsOf(text: string, siblings: ReadonlySet<string>, self: string): Segment[] {
  const segments: Segment[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\' && text[i + 1] === '@') {
      literal += '@';
      i += 2;
      continue;
    }
    const before = i > 0 ? (text[i - 1] as string) : '';
    const match = c === '@' && !/[A-Za-z0-9]/.test(before) ? NAME.exec(text.slice(i + 1)) : null;
    if (!match) {
      literal += c;
      i += 1;
      continue;
    }
    const name = match[1] as string;
    let end = i + 1 + name.length;
    let args: Json[] = [];
    if (text[end] === '(') {
      const close = closing(text, end);
      if (close > 0) {
        args = parseArgs(text.slice(end + 1, close - 1));
        end = close;
      }
    }
    const raw = text.slice(i, end);
    const run = PLACEHOLDERS[name.toLowerCase()];
    let segment: Segment | undefined;
    // Mock.js reads a sibling's value first (`full: '@name'` beside `name`); `email: '@email'` is the placeholder.
    if ((siblings.has(name) && name !== self) || name.includes('/')) segment = { kind: 'ref', path: name, raw };
    else if (run) segment = { kind: 'call', run, args, raw };
    if (!segment) {
      // An unknown placeholder is kept as written.
      literal += raw;
    } else {
      if (literal) segments.push({ kind: 'text', text: literal });
      literal = '';
      segments.push(segment);
    }
    i = end;
  }
  if (literal) segments.push({ kind: 'text', text: literal });
  return segments;
}

export function hasPlaceholder(text: string): boolean {
  if (!text.includes('@')) return false;
  return segmentsOf(text, new Set(), '').some((segment) => segment.kind !== 'text');
}

function lookup(root: Json, keys: (string | number)[]): Json | undefined {
  let at: Json | undefined = root;
  for (const key of keys) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, Json>)[key];
  }
  return at;
}

/** A reference's value: `/a/b` from the root, `name` and `../name` from the object the string is in. */
function resolve(root: Json, at: Path | undefined, path: string): Json | undefined {
  const keys: (string | number)[] = [];
  if (!path.startsWith('/')) {
    // The keys of the object holding the string: the string's own key is dropped.
    for (let node = at?.parent; node?.parent; node = node.parent) keys.unshift(node.key);
  }
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') keys.pop();
    else keys.push(part);
  }
  return lookup(root, keys);
}

/** Compiles a string of a template (a `x-mock` rule, a library field's mock rule, a template's leaf). */
export function compileString(text: string, siblings: ReadonlySet<string> = new Set(), self = ''): CompiledString {
  const segments = segmentsOf(text, siblings, self);
  const refs = segments.some((segment) => segment.kind === 'ref');
  const value = (segment: Segment, run: Run, root: Json, at: Path | undefined, where: string): Json => {
    if (segment.kind === 'text') return segment.text;
    if (segment.kind === 'call') return segment.run(run, segment.args, where);
    return resolve(root, at, segment.path) ?? segment.raw;
  };
  const only = segments.length === 1 ? segments[0] : undefined;
  const fill = (run: Run, root: Json, at: Path | undefined, where: string): Json => {
    // A string that is one placeholder keeps the placeholder's type (`@integer` a number, `@pick` a list).
    if (only) return only.kind === 'text' ? only.text : value(only, run, root, at, where);
    let out = '';
    for (const segment of segments) {
      const part = value(segment, run, root, at, where);
      out += typeof part === 'string' ? part : JSON.stringify(part);
    }
    return charged(run, out, where);
  };
  if (segments.length === 0) return { refs: false, make: () => '', fill: () => '' };
  if (only?.kind === 'text') return { refs: false, make: () => only.text, fill: () => only.text };
  return { refs, make: (run, where) => fill(run, null, undefined, where), fill };
}
