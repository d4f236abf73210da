/**
 * The parts of a Postman collection, environment and globals file the adapter reads, as they appear in the JSON
 * (v2.0 and v2.1 differ only in auth parameters, which the SDK's RequestAuth reads either way).
 */

export interface RawScript {
  exec?: string | string[];
  src?: unknown;
  type?: string;
}

export interface RawEvent {
  listen?: string;
  script?: RawScript | string;
  disabled?: boolean;
}

export interface RawAuth {
  type?: string;
  [parameters: string]: unknown;
}

export interface RawItem {
  id?: string;
  _postman_id?: string;
  name?: string;
  item?: RawItem[];
  request?: unknown;
  event?: RawEvent[] | RawEvent;
  auth?: RawAuth | null;
  protocolProfileBehavior?: unknown;
}

export interface RawVariable {
  key?: string;
  /** v2.0 named variables by `id`. */
  id?: string;
  value?: unknown;
  type?: string;
  disabled?: boolean;
  enabled?: boolean;
}

export interface RawCollection extends RawItem {
  info?: { name?: string; _postman_id?: string; schema?: string };
  item: RawItem[];
  variable?: RawVariable[];
}

export interface RawVariableFile {
  name?: string;
  values?: RawVariable[];
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Postman event list is an array, though some exports write a single event as an object. */
export function eventsOf(owner: { event?: RawEvent[] | RawEvent }): RawEvent[] {
  const events = owner.event;
  if (Array.isArray(events)) return events.filter(isObject);
  return isObject(events) ? [events] : [];
}

/** A variable's value as text: numbers and booleans as written, objects as JSON (Postman's `any` type). */
export function variableText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
