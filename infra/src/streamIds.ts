/**
 * Stream ids of aggregates keyed by a numeric id: `<kind>-<id>` (`team-42`). Producers name their streams with
 * `streamId` and consumers read the id back with `parseStreamId`, so the format lives in one place and a consumer
 * that follows the wrong kind of stream fails loudly instead of projecting `NaN`.
 */
export type StreamId<Kind extends string = string> = `${Kind}-${number}`;

export class StreamIdError extends Error {
  constructor(
    readonly streamId: string,
    readonly kind: string,
  ) {
    super(`stream id ${JSON.stringify(streamId)} is not a ${kind} stream`);
    this.name = 'StreamIdError';
  }
}

// 0 is allowed: ids from requests (0 meaning none) name streams that have no events, and deciders refuse them.
const isId = (id: number) => Number.isSafeInteger(id) && id >= 0;
const DIGITS = /^(0|[1-9][0-9]*)$/;

export function streamId<Kind extends string>(kind: Kind, id: number): StreamId<Kind> {
  if (!isId(id)) throw new StreamIdError(`${kind}-${id}`, kind);
  return `${kind}-${id}`;
}

/** The numeric id of a `<kind>-<id>` stream; throws `StreamIdError` for another kind or a malformed id. */
export function parseStreamId(id: string, kind: string): number {
  const prefix = `${kind}-`;
  const digits = id.startsWith(prefix) ? id.slice(prefix.length) : '';
  // Digits only: `Number` would also accept ' 1', '1e3' or '0x1'.
  const value = DIGITS.test(digits) ? Number(digits) : Number.NaN;
  if (!isId(value)) throw new StreamIdError(id, kind);
  return value;
}

/** The kind and numeric id of a stream, or null when it is not `<kind>-<id>` (string-keyed streams). */
export function splitStreamId(id: string): { kind: string; id: number } | null {
  const match = /^([A-Za-z]+)-(0|[1-9][0-9]*)$/.exec(id);
  if (!match) return null;
  const value = Number(match[2]);
  return isId(value) ? { kind: match[1]!, id: value } : null;
}
