/**
 * The domain name of a generated enum member: `TASK_STATUS_IN_PROGRESS` with the prefix `TASK_STATUS_` is
 * `in_progress`. `…_UNSPECIFIED` (proto3's required zero) names nothing in the domain.
 */
export type EnumName<Key, Prefix extends string> = Key extends `${Prefix}UNSPECIFIED`
  ? never
  : Key extends `${Prefix}${infer Rest}`
    ? Lowercase<Rest>
    : never;

/** Domain names ↔ the numbers of one enum of the generated code, both ways. */
export interface EnumCodec<Name extends string, Value extends number> {
  /** Every domain name, in the enum's order. */
  readonly names: readonly Name[];
  toProto(name: Name): Value;
  /**
   * The name of a wire number; `undefined` for UNSPECIFIED and for a number this build does not know (a newer
   * peer's, or a client's mistake): the caller decides whether that means "none", "any" or a refusal (400).
   */
  fromProto(value: number): Name | undefined;
  /** The wire number of a name read as text; `undefined` when the text names no member. */
  parse(text: string): Value | undefined;
}

/**
 * A codec derived from a ts-proto enum (`teamv1.TeamRole` with `'TEAM_ROLE_'`), so no service or gateway keeps a
 * hand-written table that drifts from the .proto file: a member added there appears in `Name`, and code that maps
 * names exhaustively (a `Record<Name, …>`, a domain union assigned from `fromProto`) stops compiling until it
 * handles the new one.
 */
export function enumCodec<E extends Record<string, string | number>, const Prefix extends string>(
  protoEnum: E,
  prefix: Prefix,
): EnumCodec<EnumName<keyof E, Prefix>, Extract<E[keyof E], number>> {
  type Name = EnumName<keyof E, Prefix>;
  type Value = Extract<E[keyof E], number>;
  const byName = new Map<string, Value>();
  const byValue = new Map<number, Name>();
  // A numeric TypeScript enum also maps numbers back to keys at run time; only the key → number entries count.
  for (const [key, value] of Object.entries(protoEnum)) {
    if (typeof value !== 'number' || !key.startsWith(prefix) || key === `${prefix}UNSPECIFIED`) continue;
    const name = key.slice(prefix.length).toLowerCase() as Name;
    byName.set(name, value as Value);
    byValue.set(value, name);
  }
  if (byName.size === 0) throw new Error(`enumCodec: no member of the enum starts with ${prefix}`);
  return {
    names: [...byName.keys()] as Name[],
    toProto: (name) => byName.get(name) as Value,
    fromProto: (value) => byValue.get(value),
    parse: (text) => byName.get(text),
  };
}
