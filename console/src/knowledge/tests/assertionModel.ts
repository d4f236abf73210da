import type { Assertion, AssertionOperator, AssertionSource, Extraction } from '@pmbok/runner';

/** The vocabulary of assertions and extractions without code, as the runner's model has it (runner/src/model.ts). */

export const SOURCES: AssertionSource[] = ['status', 'header', 'jsonPath', 'body', 'responseTime', 'schema'];

const COMPARE: AssertionOperator[] = ['lessThan', 'lessOrEqual', 'greaterThan', 'greaterOrEqual'];
const TEXT: AssertionOperator[] = ['equals', 'notEquals', 'contains', 'notContains', 'matches'];

/** What each source can be compared with: a status is a number, a header text that may be missing … */
export const OPERATORS: Record<AssertionSource, AssertionOperator[]> = {
  status: ['equals', 'notEquals', ...COMPARE],
  header: [...TEXT, 'exists', 'notExists'],
  jsonPath: [...TEXT, 'exists', 'notExists', 'type', ...COMPARE],
  body: TEXT,
  responseTime: COMPARE,
  schema: ['conforms'],
};

export const EXTRACTION_SOURCES: Extraction['source'][] = ['jsonPath', 'header', 'regex', 'status', 'body'];

/** `type` expects one of these. */
export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/** The header name (header) or JSON path (jsonPath): the other sources read the whole status, body or time. */
export const needsPath = (source: AssertionSource | Extraction['source']) =>
  source === 'header' || source === 'jsonPath' || source === 'regex';

export const needsExpected = (operator: AssertionOperator) =>
  operator !== 'exists' && operator !== 'notExists' && operator !== 'conforms';

let counter = 0;
/** An id unique in the page's life: crypto.randomUUID needs a secure context, which an http intranet is not. */
export const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function newAssertion(source: AssertionSource = 'status'): Assertion {
  const operator = OPERATORS[source][0] as AssertionOperator;
  return { id: newId('a'), source, operator, path: source === 'jsonPath' ? '$.' : '', expected: '' };
}

/** The source changed: an operator the new source has no use for becomes its first one. */
export function withSource(assertion: Assertion, source: AssertionSource): Assertion {
  const operator = OPERATORS[source].includes(assertion.operator)
    ? assertion.operator
    : (OPERATORS[source][0] as AssertionOperator);
  return { ...assertion, source, operator, path: needsPath(source) ? (assertion.path ?? '') : '' };
}

export const newExtraction = (): Extraction => ({ id: newId('x'), variable: '', source: 'jsonPath', path: '$.' });

export const VARIABLE_NAME = /^[A-Za-z_$][\w.$-]{0,63}$/;

/** A JSON path as the runner reads it: from the root (`$`), then names and indexes. */
export const isJsonPath = (path: string) => /^\$(?:$|[.[])/.test(path.trim()) && !/\.\s*$/.test(path.trim());

export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
