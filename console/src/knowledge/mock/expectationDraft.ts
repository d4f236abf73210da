import type { MockCondition, MockExpectation } from './mockApi';

/**
 * Expectations as the editor holds them: the body of an example or template as the text being typed (it need not
 * be JSON yet), a key per item for React. The checks mirror the service's (docs/api/mock-and-fields.md) so a refusal
 * is shown next to the field before a save.
 */

export const CONDITION_SOURCES = ['query', 'path', 'header', 'body'] as const;
export const CONDITION_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'exists',
  'notExists',
  'matches',
  'greaterThan',
  'lessThan',
  'in',
] as const;
export const BODY_TYPES = ['example', 'template', 'schema', 'text'] as const;

export const LIMITS = { expectations: 50, conditions: 20, name: 100, regex: 200, delayMs: 10_000 } as const;

/** Operators that look at no value. */
export const valueless = (operator: MockCondition['operator']) => operator === 'exists' || operator === 'notExists';

export interface ExpectationDraft {
  key: string;
  /** '' for one not saved yet. */
  id: string;
  name: string;
  enabled: boolean;
  conditions: MockCondition[];
  status: string;
  headers: { name: string; value: string }[];
  bodyType: MockExpectation['response']['bodyType'];
  /** example and template: the JSON being typed. */
  bodyText: string;
  /** schema: the JSON Schema the schema editor edits. */
  schema: Record<string, unknown>;
  /** text: answered as written. */
  text: string;
  delayMs: string;
}

let nextKey = 0;
const key = () => `e${++nextKey}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function toDraft(expectation: MockExpectation): ExpectationDraft {
  const { response } = expectation;
  return {
    key: key(),
    id: expectation.id,
    name: expectation.name,
    enabled: expectation.enabled,
    conditions: expectation.conditions.map((c) => ({ ...c })),
    status: String(response.status),
    headers: response.headers.map((h) => ({ ...h })),
    bodyType: response.bodyType,
    bodyText:
      response.bodyType === 'example' || response.bodyType === 'template'
        ? JSON.stringify(response.body ?? null, null, 2)
        : '{}',
    schema: response.bodyType === 'schema' && isObject(response.body) ? response.body : { type: 'object' },
    text: response.text,
    delayMs: String(response.delayMs),
  };
}

/** A new expectation: one condition to fill in, answering 200 with an empty object until edited. */
export function newDraft(name: string): ExpectationDraft {
  return {
    key: key(),
    id: '',
    name,
    enabled: true,
    conditions: [{ source: 'query', name: '', operator: 'equals', value: '' }],
    status: '200',
    headers: [],
    bodyType: 'example',
    bodyText: '{\n  \n}',
    schema: { type: 'object' },
    text: '',
    delayMs: '0',
  };
}

export const newCondition = (): MockCondition => ({ source: 'query', name: '', operator: 'equals', value: '' });

/** A problem found in one expectation: `field` names the input (`name`, `status`, `conditions.2.value` …). */
export interface DraftProblem {
  index: number;
  field: string;
  /** An i18n key under app.knowledge.mock.problems, with its arguments. */
  key: string;
  args?: Record<string, unknown>;
}

const integerIn = (text: string, min: number, max: number) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max;
};

export function draftProblems(drafts: ExpectationDraft[]): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (drafts.length > LIMITS.expectations) {
    problems.push({ index: -1, field: 'list', key: 'too_many', args: { max: LIMITS.expectations } });
  }
  drafts.forEach((draft, index) => {
    const add = (field: string, problem: string, args?: Record<string, unknown>) =>
      problems.push({ index, field, key: problem, args });
    const name = draft.name.trim();
    if (name === '') add('name', 'name_empty');
    else if (name.length > LIMITS.name) add('name', 'name_long', { max: LIMITS.name });
    if (!integerIn(draft.status, 100, 599)) add('status', 'status');
    if (!integerIn(draft.delayMs, 0, LIMITS.delayMs)) add('delayMs', 'delay', { max: LIMITS.delayMs });
    if (draft.conditions.length > LIMITS.conditions) add('conditions', 'conditions', { max: LIMITS.conditions });
    draft.conditions.forEach((condition, at) => {
      if (condition.name.trim() === '') add(`conditions.${at}.name`, 'condition_name', { n: at + 1 });
      if (condition.operator === 'matches') {
        if (condition.value.length > LIMITS.regex) {
          add(`conditions.${at}.value`, 'regex_long', { n: at + 1, max: LIMITS.regex });
        } else {
          try {
            new RegExp(condition.value);
          } catch {
            add(`conditions.${at}.value`, 'regex', { n: at + 1 });
          }
        }
      }
      if ((condition.operator === 'greaterThan' || condition.operator === 'lessThan') && !isNumeric(condition.value)) {
        add(`conditions.${at}.value`, 'number', { n: at + 1 });
      }
    });
    draft.headers.forEach((header, at) => {
      if (header.name.trim() === '' && header.value.trim() !== '') add(`headers.${at}.name`, 'header_name');
    });
    if (draft.bodyType === 'example' || draft.bodyType === 'template') {
      try {
        JSON.parse(draft.bodyText);
      } catch (error) {
        add('body', 'body_json', { error: (error as Error).message });
      }
    }
  });
  return problems;
}

const isNumeric = (text: string) => text.trim() !== '' && !Number.isNaN(Number(text.trim()));

/** The list as saveMockExpectations takes it; call only when draftProblems found nothing. */
export function fromDrafts(drafts: ExpectationDraft[]): MockExpectation[] {
  return drafts.map((draft) => {
    const body =
      draft.bodyType === 'example' || draft.bodyType === 'template'
        ? JSON.parse(draft.bodyText)
        : draft.bodyType === 'schema'
          ? draft.schema
          : null;
    return {
      id: draft.id,
      name: draft.name.trim(),
      enabled: draft.enabled,
      conditions: draft.conditions.map((c) => ({
        source: c.source,
        name: c.name.trim(),
        operator: c.operator,
        value: valueless(c.operator) ? '' : c.value,
      })),
      response: {
        status: Number(draft.status),
        headers: draft.headers
          .filter((h) => h.name.trim() !== '')
          .map((h) => ({ name: h.name.trim(), value: h.value })),
        bodyType: draft.bodyType,
        body,
        text: draft.bodyType === 'text' ? draft.text : '',
        delayMs: Number(draft.delayMs),
      },
    };
  });
}

/** Moves the item at `from` by `by` places (−1 up, +1 down); out of range leaves the list as it is. */
export function move<T>(list: T[], from: number, by: number): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A draft list compared with what was saved, ignoring the editor's own keys. */
export const sameDrafts = (a: ExpectationDraft[], b: ExpectationDraft[]) =>
  JSON.stringify(a.map(({ key: _k, ...rest }) => rest)) === JSON.stringify(b.map(({ key: _k, ...rest }) => rest));
