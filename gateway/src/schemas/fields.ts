import { Type } from '@sinclair/typebox';

/**
 * A regular expression (no anchors) for the decimal integers 1 to `max` without leading zeros: shorter numbers, then
 * numbers of `max`'s length that fall below it at some digit, then `max` itself. JSON Schema cannot compare a
 * string's numeric value, and an id is a string in a form body.
 */
export function integersUpTo(max: number): string {
  const digits = String(max);
  const alternatives = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : [];
  for (let i = 0; i < digits.length; i++) {
    const low = i === 0 ? 1 : 0;
    const digit = Number(digits[i]);
    if (digit > low) alternatives.push(`${digits.slice(0, i)}[${low}-${digit - 1}]\\d{${digits.length - i - 1}}`);
  }
  alternatives.push(digits);
  return `(?:${alternatives.join('|')})`;
}

/**
 * Ids are numbers the services read as int64 into JavaScript numbers: one above 2^53 - 1 loses its last digits and
 * fails the services' decoding, so it is refused here as a malformed field (400), not passed on.
 */
const SAFE_ID = integersUpTo(Number.MAX_SAFE_INTEGER);

/** A positive numeric id as a form field. */
export const id = Type.String({ pattern: `^${SAFE_ID}$` });
/** An id that may be left out, empty or 0 ("none"). */
export const optionalId = Type.Optional(Type.String({ pattern: `^(?:0|${SAFE_ID})?$` }));
/**
 * An integer from `minimum` to `maximum`. Ajv coerces the form text "Infinity" or "1e309" to Infinity and then skips
 * the number keywords (the bounds) for a value that is not finite, so the bounded check comes second, where nothing
 * is coerced any more and Infinity fails the type.
 */
export const integer = (minimum: number, maximum: number) =>
  Type.Unsafe<number>({ allOf: [Type.Integer(), Type.Integer({ minimum, maximum })] });
/** A number from `minimum` to `maximum`, checked in two steps for the same reason as `integer`. */
export const number = (minimum: number, maximum: number) =>
  Type.Unsafe<number>({ allOf: [Type.Number(), Type.Number({ minimum, maximum })] });
export const text = (maxLength: number) => Type.String({ maxLength });
export const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/**
 * A page of a list: `page` from 1, `pageSize` 1-100 (the service applies the defaults, 1 and 20). Pages travel as
 * int32, which a larger number does not fit.
 */
export const paging = {
  page: Type.Optional(integer(1, 1_000_000)),
  pageSize: Type.Optional(integer(1, 100)),
};
/** SPEC §3: template choices travel as JSON text of a list of ids. */
export const idListText = Type.Optional(Type.String({ maxLength: 2000 }));

/** Parses JSON text of a list of positive ids (at most 100), as the client sends id lists in form fields. */
export function parseIdList(value: string, onError: () => Error): number[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      Array.isArray(parsed) &&
      parsed.length <= 100 &&
      parsed.every(
        (v) => (typeof v === 'number' || typeof v === 'string') && Number.isSafeInteger(Number(v)) && Number(v) > 0,
      )
    ) {
      return parsed.map(Number);
    }
  } catch {
    // reported below
  }
  throw onError();
}
