import type {
  DataField,
  DataFieldInput,
  DataFieldType,
  FieldCandidate,
  FieldFix,
  FieldIssue,
  FieldIssueKind,
  FieldUse,
} from './fieldsApi';

/**
 * What the field screens compute without the server: a field as a row of the generic list (its JSON values as the
 * texts the form, the export and the import share), the form's texts back into a field, and the comparison's helpers.
 */

export const FIELD_TYPES: DataFieldType[] = ['string', 'integer', 'number', 'boolean', 'array', 'object'];
export const ISSUE_KINDS: FieldIssueKind[] = [
  'type',
  'format',
  'descriptionMissing',
  'descriptionDiffers',
  'naming',
  'missing',
];

/** A field on the list: the JSON values also as texts, so an exported sheet imports back unchanged. */
export type FieldRow = DataField & { id: number; aliasesText: string; exampleText: string; enumText: string };

const jsonText = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

export const toRow = (field: DataField): FieldRow => ({
  ...field,
  id: field.dataFieldId,
  aliasesText: field.aliases.join(', '),
  exampleText: jsonText(field.example),
  enumText: field.enum.length ? JSON.stringify(field.enum) : '',
});

/** A text the user typed that is not a field: an i18n key of app.knowledge.field and its arguments. */
export class FieldInputError extends Error {
  constructor(
    readonly key: string,
    readonly args: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'FieldInputError';
  }
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

export const splitList = (value: string) =>
  value
    .split(/[,，、\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

const isType = (value: string): value is DataFieldType => (FIELD_TYPES as string[]).includes(value);

/** A value typed without JSON quotes, as the field's type reads it (`18` for an integer, `张三` for a string). */
function scalarOf(raw: string, type: DataFieldType): unknown {
  if (type === 'integer' || type === 'number') {
    const number = Number(raw);
    return raw !== '' && Number.isFinite(number) ? number : raw;
  }
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/**
 * The example: JSON, or for a string field any text (users type 张三, not "张三", and 13800138000 stays a text).
 * Empty: no example.
 * `label` names the input in the message.
 */
export function parseExample(raw: string, type: DataFieldType, label: string): unknown {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    // a string field's 13800138000 is the text, not a number
    return type === 'string' && typeof value !== 'string' ? raw : value;
  } catch (error) {
    if (type === 'string') return raw;
    throw new FieldInputError('bad_json', { field: label, reason: (error as Error).message });
  }
}

/** The enum: a JSON list, or values separated by commas read by the field's type. Empty: none. */
export function parseEnum(raw: string, type: DataFieldType): unknown[] {
  if (!raw) return [];
  if (raw.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(raw);
      if (Array.isArray(list)) return list;
    } catch {
      // not JSON: refused below
    }
    throw new FieldInputError('bad_enum');
  }
  return splitList(raw).map((value) => scalarOf(value, type));
}

/**
 * The form's (or an imported row's) values as a field. The type defaults to string (a sheet may leave it empty);
 * the server checks names, lengths and that enum values have the type.
 */
export function inputOf(values: Record<string, unknown>, labels: { example: string }, dataFieldId?: number) {
  const typed = text(values.type);
  const type: DataFieldType = isType(typed) ? typed : 'string';
  const input: DataFieldInput = {
    dataFieldId,
    name: text(values.name),
    aliases: splitList(text(values.aliasesText)),
    type,
    format: text(values.format),
    description: text(values.description),
    example: parseExample(text(values.exampleText), type, labels.example),
    enum: parseEnum(text(values.enumText), type),
    mockRule: text(values.mockRule),
  };
  return input;
}

/** A candidate of a pasted SQL table or JSON example, as a field of the library. */
export const candidateInput = (candidate: FieldCandidate): DataFieldInput => ({
  name: candidate.name,
  aliases: [],
  type: candidate.type,
  format: candidate.format,
  description: candidate.description,
  example: candidate.example ?? undefined,
  enum: candidate.enum,
  mockRule: '',
});

/** Candidates the library lacks are offered ticked; one name is offered once (a JSON example repeats keys). */
export function initialPicks(candidates: FieldCandidate[]): Set<number> {
  const seen = new Set<string>();
  const picks = new Set<number>();
  candidates.forEach((candidate, index) => {
    const key = candidate.name.toLowerCase();
    if (!candidate.exists && !seen.has(key)) picks.add(index);
    seen.add(key);
  });
  return picks;
}

// ---- the comparison ----

/** The fix a row offers first: the library's answer when there is one, then the rename, then adding the field. */
export const defaultFix = (issue: FieldIssue): FieldFix | undefined => {
  for (const fix of ['useLibrary', 'rename', 'addToLibrary'] as const) if (issue.fixes.includes(fix)) return fix;
  return undefined;
};

/** The workspace with the document open. */
export const docLink = (projectId: number, use: Pick<FieldUse, 'projectStructureId'>) =>
  `/project/index/${projectId}?doc=${use.projectStructureId}`;

/** `string · date-time`: a shape's type and format as one short text. */
export const shapeText = (shape: { type: string; format: string }) =>
  [shape.type, shape.format].filter(Boolean).join(' · ');

/** The issues of the kinds shown (all when `kind` is empty). */
export const issuesOfKind = (issues: FieldIssue[], kind: FieldIssueKind | '') =>
  kind ? issues.filter((issue) => issue.kind === kind) : issues;

/** The fixes picked, for fieldCompareUpdate: only rows whose fix the issue still allows. */
export function fixesToApply(issues: FieldIssue[], picked: ReadonlyMap<string, FieldFix>) {
  const byId = new Map(issues.map((issue) => [issue.issueId, issue]));
  return [...picked]
    .filter(([issueId, action]) => byId.get(issueId)?.fixes.includes(action))
    .map(([issueId, action]) => ({ issueId, action }));
}
