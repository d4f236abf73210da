import { type TNull, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';

/*
 * Building blocks of the answers' schemas (the `data` of `{code, msg, data}`). Fastify compiles each route's schema
 * into a serializer (fast-json-stringify) that writes only the properties a schema names, and truncates a number a
 * schema calls an integer: a field the schema forgets is dropped from the answer, silently. The gateway's tests
 * compare every answer with and without the schema (gateway/test/responseGuard.ts), so that fails a test instead.
 *
 * Only TypeBox here and in the modules next to it: the console imports their static types (type-only) too.
 */

/**
 * One of a few names, as a string: the serializer writes it like any string (no `anyOf` of literals, which
 * fast-json-stringify would validate against each alternative on every answer).
 */
export const oneOf = <const T extends readonly string[]>(...names: T): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ type: 'string', enum: names });

/** A page of a list as the task calls answer it. */
export const page = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });

/** The `data` of a call that answers nothing but success. */
export const Nothing: TNull = Type.Null();

/**
 * `{code, msg, data}` around a call's `data`. Failures answer through the same route and so the same serializer,
 * with `data: null`, hence nullable (`nullable` rather than `anyOf [X, null]`: the serializer checks `=== null`
 * instead of validating the value against each alternative).
 */
export const envelopeOf = (data: TSchema) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    data:
      data.type === 'null'
        ? data
        : // A union (saveDoc's saved or conflict) has no `type` for `nullable` to go with: null is one more choice.
          data.anyOf
          ? Type.Unsafe({ ...data, anyOf: [...data.anyOf, Type.Null()] })
          : Type.Unsafe({ ...data, nullable: true }),
  });
