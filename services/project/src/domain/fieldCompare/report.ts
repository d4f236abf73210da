import { createHash } from 'node:crypto';
import {
  type Convention,
  type ConventionChoice,
  checkable,
  follows,
  majorityConvention,
  matchKey,
  spell,
} from './naming.js';
import type { FieldUse, WalkedDoc } from './walk.js';
import { fieldUsesOf } from './walk.js';

export type IssueKind = 'type' | 'format' | 'descriptionMissing' | 'descriptionDiffers' | 'naming' | 'missing';
export type FixAction = 'useLibrary' | 'rename' | 'addToLibrary';

/** A field of the library as the comparison reads it (project fields over the team's). */
export interface LibraryField {
  dataFieldId: number;
  name: string;
  aliases: string[];
  type: string;
  format: string;
  description: string;
}

export interface FieldShape {
  name: string;
  type: string;
  format: string;
  description: string;
}

/** An issue as the report lists it, with the uses the fixes need (the wire shows at most 50 of them). */
export interface FieldIssue {
  issueId: string;
  kind: IssueKind;
  fieldName: string;
  uses: FieldUse[];
  useCount: number;
  actual: FieldShape;
  expected: FieldShape | null;
  dataFieldId: number;
  fixes: FixAction[];
  message: string;
}

export interface CompareOptions {
  convention: ConventionChoice | 'auto';
  /** A name missing from the library is reported once this many documents use it. */
  minUses: number;
}

export interface CompareResult {
  convention: ConventionChoice;
  reportHash: string;
  checkedDocs: number;
  checkedFields: number;
  libraryFields: number;
  counts: Record<IssueKind, number>;
  issues: FieldIssue[];
}

/** What the report lists first: what breaks clients, then what the library lacks, then the texts. */
export const KIND_ORDER: IssueKind[] = [
  'type',
  'format',
  'missing',
  'naming',
  'descriptionMissing',
  'descriptionDiffers',
];
/** The names a library holds (docs/api/mock-and-fields.md): only such names can be added to it. */
const LIBRARY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Form fields take these types only (domain/doc/content.ts). */
const FORM_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array']);
const CONVENTION_LABEL: Record<Convention, string> = {
  camelCase: '驼峰（camelCase）',
  snake_case: '下划线（snake_case）',
};

/**
 * Two 32-bit FNV-1a passes (different offsets, the second with an extra avalanche) as 16 hex digits: an id stable
 * across runs and processes, cheap enough for hundreds of thousands of findings (a SHA per finding cost seconds).
 */
function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  b = Math.imul(b ^ (b >>> 13), 0x5bd1e995);
  return (a >>> 0).toString(16).padStart(8, '0') + ((b ^ (b >>> 15)) >>> 0).toString(16).padStart(8, '0');
}

/** Stable across runs: the same finding at the same place keeps its id while the documents do not move. */
export const issueIdOf = (kind: IssueKind, nodeId: number, pointer: string, name: string) =>
  shortHash(`${kind}\n${nodeId}\n${pointer}\n${name}`);

/** Shared by every finding that allows the same fix (never changed after). */
const FIXES: Record<FixAction | 'none', FixAction[]> = {
  useLibrary: ['useLibrary'],
  rename: ['rename'],
  addToLibrary: ['addToLibrary'],
  none: [],
};

const shapeOf = (use: Pick<FieldUse, 'name' | 'type' | 'format' | 'description'>): FieldShape => ({
  name: use.name,
  type: use.type,
  format: use.format,
  description: use.description,
});
const normalText = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Finds a name's library field: by name, then by alias, then as the same words spelt otherwise (`user_id`). */
function libraryLookup(library: LibraryField[]) {
  const byName = new Map<string, LibraryField>();
  const byAlias = new Map<string, LibraryField>();
  const byKey = new Map<string, LibraryField | null>();
  for (const field of library) {
    byName.set(field.name.toLowerCase(), field);
    for (const alias of field.aliases) if (!byAlias.has(alias.toLowerCase())) byAlias.set(alias.toLowerCase(), field);
    for (const name of [field.name, ...field.aliases]) {
      const key = matchKey(name);
      // A key two fields share matches neither.
      byKey.set(key, byKey.has(key) && byKey.get(key) !== field ? null : field);
    }
  }
  return (name: string): LibraryField | undefined => {
    const lower = name.toLowerCase();
    return byName.get(lower) ?? byAlias.get(lower) ?? byKey.get(matchKey(name)) ?? undefined;
  };
}

/** The value most often seen (the first seen on a tie); '' for none. */
function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  for (const value of values) {
    if (!value) continue;
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}

/** A library field with what every finding against it shares, made once per comparison. */
interface Known {
  field: LibraryField;
  expected: FieldShape;
  description: string;
}

function useIssues(use: FieldUse, known: Known | undefined, convention: ConventionChoice, out: FieldIssue[]) {
  const actual = shapeOf(use);
  const name = use.name;
  const at = (kind: IssueKind, expected: FieldShape, fixes: FixAction[], message: string) =>
    out.push({
      issueId: issueIdOf(kind, use.projectStructureId, use.pointer, name),
      kind,
      fieldName: name,
      uses: [use],
      useCount: 1,
      actual,
      expected,
      dataFieldId: known?.field.dataFieldId ?? 0,
      fixes,
      message,
    });
  if (known) {
    const { field, expected, description } = known;
    const typeFixable = use.holder !== 'formField' || FORM_TYPES.has(field.type);
    if (use.type && use.type !== field.type) {
      const fixes = typeFixable ? FIXES.useLibrary : FIXES.none;
      at('type', expected, fixes, `字段 ${name} 在字段库中是 ${field.type}，这里是 ${use.type}`);
    } else if (use.type && field.format && use.format !== field.format) {
      const shown = use.format || '空';
      at('format', expected, FIXES.useLibrary, `字段 ${name} 在字段库中的格式是 ${field.format}，这里是 ${shown}`);
    }
    if (description) {
      const own = normalText(use.description);
      if (!own) {
        at('descriptionMissing', expected, FIXES.useLibrary, `字段 ${name} 没有说明，字段库中是「${description}」`);
      } else if (own !== description) {
        const message = `字段 ${name} 的说明与字段库不同，字段库中是「${description}」`;
        at('descriptionDiffers', expected, FIXES.useLibrary, message);
      }
    }
  }
  if (convention !== 'none' && !use.header && checkable(name) && !follows(name, convention)) {
    const spelt = spell(name, convention);
    if (spelt !== name) {
      const expected = { ...actual, name: spelt };
      at('naming', expected, FIXES.rename, `字段 ${name} 不符合${CONVENTION_LABEL[convention]}命名，应为 ${spelt}`);
    }
  }
}

/** One issue per name used in `minUses` documents or more that the library lacks, with every place it is used. */
function missingIssues(unknown: Map<string, FieldUse[]>, minUses: number): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [name, uses] of unknown) {
    const docs = new Set(uses.map((use) => use.projectStructureId)).size;
    if (docs < minUses) continue;
    const type = mostCommon(uses.map((use) => use.type)) || 'string';
    const actual = {
      name,
      type,
      format: mostCommon(uses.filter((use) => use.type === type).map((use) => use.format)),
      description: mostCommon(uses.map((use) => use.description.trim())),
    };
    issues.push({
      issueId: issueIdOf('missing', 0, '', name),
      kind: 'missing',
      fieldName: name,
      uses,
      useCount: docs,
      actual,
      expected: null,
      dataFieldId: 0,
      fixes: FIXES.addToLibrary,
      message: `字段 ${name} 在 ${docs} 个文档中使用，字段库中没有`,
    });
  }
  return issues;
}

/** Checks the documents against the library: every finding, in KIND_ORDER, then document order. */
export function compareFields(docs: WalkedDoc[], library: LibraryField[], options: CompareOptions): CompareResult {
  return compareUses(docs.map(fieldUsesOf), library, options);
}

/** compareFields on documents walked already (`fieldUsesOf` of each, in document order). */
export function compareUses(walked: FieldUse[][], library: LibraryField[], options: CompareOptions): CompareResult {
  const uses = walked.flat().filter((use) => use.name);
  const convention =
    options.convention === 'auto'
      ? majorityConvention(uses.filter((use) => !use.header).map((use) => use.name))
      : options.convention;
  const lookup = libraryLookup(library);
  const found: FieldIssue[] = [];
  const unknown = new Map<string, FieldUse[]>();
  const knownOf = new Map<LibraryField, Known>();
  for (const field of library) {
    knownOf.set(field, { field, expected: shapeOf(field), description: normalText(field.description) });
  }
  for (const use of uses) {
    const field = lookup(use.name);
    useIssues(use, field && knownOf.get(field), convention, found);
    if (!field && !use.header && LIBRARY_NAME.test(use.name)) {
      const same = unknown.get(use.name);
      if (same) same.push(use);
      else unknown.set(use.name, [use]);
    }
  }
  found.push(...missingIssues(unknown, options.minUses));
  const rank = new Map(KIND_ORDER.map((kind, i) => [kind, i]));
  // A stable sort: within a kind, the documents' order.
  const issues = found.sort((a, b) => (rank.get(a.kind) ?? 0) - (rank.get(b.kind) ?? 0));
  const counts = Object.fromEntries(KIND_ORDER.map((kind) => [kind, 0])) as Record<IssueKind, number>;
  for (const issue of issues) counts[issue.kind] += 1;
  return {
    convention,
    reportHash: reportHashOf(convention, options.minUses, issues),
    checkedDocs: walked.length,
    checkedFields: uses.length,
    libraryFields: library.length,
    counts,
    issues,
  };
}

/**
 * What a fix request is checked against: every finding with what was found and what the library says, so a
 * document or library field changed since the report (in a way that matters to it) refuses the fixes; the
 * convention checked and minUses follow the digest (optionsOfReportHash).
 */
export function reportHashOf(convention: ConventionChoice, minUses: number, issues: FieldIssue[]): string {
  const digest = createHash('sha256').update(`${convention}\n${minUses}\n`);
  const shape = (s: FieldShape | null) => (s ? `${s.name}\t${s.type}\t${s.format}\t${s.description}` : '-');
  // Fed in chunks: one string per finding handed to the hash costs more than the hashing.
  let chunk = '';
  for (let i = 0; i < issues.length; i += 1) {
    const issue = issues[i] as FieldIssue;
    chunk += `${issue.issueId}\t${issue.useCount}\t${issue.dataFieldId}\t${shape(issue.actual)}\t${shape(issue.expected)}\n`;
    if (chunk.length > 65_536) {
      digest.update(chunk);
      chunk = '';
    }
  }
  const letter = convention === 'camelCase' ? 'c' : convention === 'snake_case' ? 's' : 'n';
  return `${digest.update(chunk).digest('hex').slice(0, 32)}${letter}${minUses}`;
}

/**
 * The options a report was made with, from its hash's tail (`…c3`: camelCase, minUses 3), so fixes sent with the
 * hash alone are checked against a report recomputed as that one was. Null for a hash not of this form.
 */
export function optionsOfReportHash(reportHash: string): CompareOptions | null {
  const match = /^[0-9a-f]{32}([csn])(\d{1,4})$/.exec(reportHash);
  if (!match) return null;
  const convention = match[1] === 'c' ? 'camelCase' : match[1] === 's' ? 'snake_case' : 'none';
  return { convention, minUses: Number(match[2]) };
}
