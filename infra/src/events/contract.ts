import type { DomainEvent, RecordedEvent } from '../eventStore/types.js';

/**
 * One event type a service publishes: the version of its data's shape, the shape, and (once the shape has changed)
 * the earlier shapes still in the log, by version, that consumers upcast from.
 */
export interface PublishedEventSpec {
  version: number;
  data: object;
  earlier?: Record<number, object>;
}

/**
 * What a service publishes to the others: event type → spec. Each producer declares it once, types only, in its
 * `src/published.ts` (ADR 9); the constraint is written over `C` so that plain interfaces qualify.
 */
export type EventContract<C> = { [K in keyof C]: PublishedEventSpec };

type VersionField<V> = V extends 1 ? { version?: 1 } : { version: V };

/**
 * The events of contract `C` (or only those of types `K`) as a union of domain events. From version 2 on an event
 * carries its `version`, so a producer that emits the new shape cannot forget to say so.
 */
export type PublishedEvent<C extends EventContract<C>, K extends keyof C = keyof C> = K extends string
  ? DomainEvent<K, C[K]['data']> & VersionField<C[K]['version']>
  : never;

/** `RecordedEvent` of each member of a union, so that a `switch (event.type)` narrows `data` too. */
export type Recorded<E extends DomainEvent> = E extends DomainEvent ? RecordedEvent<E> : never;

/** The member of union `E` whose type is `T`. */
export type EventOfType<E extends DomainEvent, T> = E extends { type: T } ? E : never;

/** A handler per event type, each given that type's recorded event: the keys are the types handled. */
export type HandlerMap<E extends DomainEvent, K extends E['type'], Args extends unknown[], R> = {
  [T in K]: (event: Recorded<EventOfType<E, T>>, ...args: Args) => R;
};

/** Turns the data of an earlier version into the current one. */
// biome-ignore lint/suspicious/noExplicitAny: registries hold upcasters of many shapes; each is typed where declared
export type Upcaster = (data: any) => unknown;

/** Upcasters by event type and by the version they read. */
export type Upcasters = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

/** Upcasters for contract `C`, typed: from each earlier shape the contract lists to the current one. */
export type ContractUpcasters<C extends EventContract<C>> = {
  [K in keyof C]?: C[K] extends { earlier: infer Earlier }
    ? { [V in keyof Earlier]: (data: Earlier[V]) => C[K]['data'] }
    : never;
};

/**
 * Where a consumer's events come from and what they are: another service's topic, typed by its published contract,
 * or the service's own log, typed by its domain events. A value (the topic and upcasters) with a type.
 */
export interface EventSource<E extends DomainEvent> {
  /** The producing service, whose topic the bus delivers; absent for the service's own log. */
  readonly topic?: string;
  readonly upcasters: Upcasters;
  /** Never set: it carries the type of the events. */
  readonly events?: E;
}

/** The topic of `service`, typed by its contract: `publishedBy<TeamEvents>('team')`. */
export const publishedBy = <C extends EventContract<C>>(
  service: string,
  upcasters: ContractUpcasters<C> = {},
): EventSource<PublishedEvent<C>> => ({ topic: service, upcasters: upcasters as Upcasters });

/** This service's own log, typed by its domain events. */
export const ownLog = <E extends DomainEvent>(upcasters: Upcasters = {}): EventSource<E> => ({ upcasters });

/**
 * The event with its data in the current shape: the upcaster registered for its type and stored version (absent
 * means 1) turns it into the current one. Applied once, where events reach a handler.
 */
export function upcast<R extends RecordedEvent>(event: R, upcasters: Upcasters): R {
  const up = upcasters[event.type]?.[event.metadata.schemaVersion ?? 1];
  return up ? { ...event, data: up(event.data) } : event;
}
