import { Type } from '@sinclair/typebox';

/** A positive numeric id as a form field (ids are numbers below 2^53). */
export const id = Type.String({ pattern: '^[1-9]\\d{0,15}$' });
export const optionalId = Type.Optional(Type.String({ pattern: '^\\d{0,16}$' }));
export const text = (maxLength: number) => Type.String({ maxLength });
export const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** A page of a list: `page` from 1, `pageSize` 1-100 (the service applies the defaults, 1 and 20). */
export const paging = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
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
      parsed.every((v) => Number.isSafeInteger(Number(v)) && Number(v) > 0)
    ) {
      return parsed.map(Number);
    }
  } catch {
    // reported below
  }
  throw onError();
}
