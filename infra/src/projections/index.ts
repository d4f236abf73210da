import type { Logger } from 'pino';
import type { CheckpointStore, DomainEvent, EventStore, RecordedEvent } from '../eventStore/types.js';
import type { EventOfType, EventSource, HandlerMap, Recorded } from '../events/contract.js';
import { upcast } from '../events/contract.js';
import { projectionApplySeconds, trackProjection } from '../metrics.js';
import type { Collection, Doc, IndexSpec, ReadStore } from '../readStore/types.js';
import { parseStreamId } from '../streamIds.js';
import { observedHandler } from './observe.js';

/**
 * A read model fed from one log: this service's own (`runProjections`) or another service's topic (`feed`, then
 * `topic` names the producer). `handle` must be idempotent: events may come twice.
 */
export interface Projection {
  name: string;
  canHandle: readonly string[];
  handle(event: RecordedEvent, store: ReadStore): Promise<void>;
  topic?: string;
}

/** A read model's collection: call it with a store; the projection that fills it reads its name and indexes. */
export interface ReadModel<D extends Doc> {
  (store: ReadStore): Collection<D>;
  readonly collectionName: string;
  readonly indexes?: IndexSpec[];
}

export function readModel<D extends Doc>(collectionName: string, indexes?: IndexSpec[]): ReadModel<D> {
  return Object.assign((store: ReadStore) => store.collection<D>(collectionName, indexes), { collectionName, indexes });
}

/**
 * A projection written as one handler per event type, typed by its source: a handler that reads a field its
 * producer does not publish does not compile. Events are upcast to their current shape before the handler sees
 * them.
 */
export function projection<E extends DomainEvent, K extends E['type']>(definition: {
  name: string;
  source: EventSource<E>;
  on: HandlerMap<E, K, [ReadStore], Promise<void>>;
}): Projection {
  const handlers = handlersOf<[ReadStore], Promise<void>>(definition.on);
  const { topic, upcasters } = definition.source;
  return {
    name: definition.name,
    canHandle: Object.keys(handlers),
    topic,
    handle: async (event, store) => handlers[event.type]?.(upcast(event, upcasters), store),
  };
}

/** A handler map as plain functions by type name: its own type has already checked each handler. */
const handlersOf = <Args extends unknown[], R>(on: object) =>
  on as Record<string, (event: RecordedEvent, ...args: Args) => R>;

/** The projected document plus the global position of the last event applied to it. */
type Positioned<D> = D & { _position: number };

/** A document as a projection returns it: its `_id` is the key the projection chose. */
export type DocumentBody<D extends Doc> = { [K in keyof D as K extends '_id' ? never : K]: D[K] } & { _id?: string };

/**
 * One document per key, evolved event by event: each handler returns the next document, or null to delete it. The
 * key is the numeric id of the event's `stream` (`team-42` → '42') unless `documentId` says otherwise. The
 * document remembers the last position it applied, so an event delivered again (at-least-once) is skipped.
 */
export function documentProjection<E extends DomainEvent, D extends Doc, K extends E['type']>(definition: {
  /** Defaults to the collection's name; it names the projection's checkpoint, so it stays once chosen. */
  name?: string;
  source: EventSource<E>;
  collection: ReadModel<D>;
  stream?: string;
  documentId?: (event: Recorded<EventOfType<E, K>>) => string;
  on: HandlerMap<E, K, [NoInfer<D> | null], NoInfer<DocumentBody<D>> | null>;
}): Projection {
  const { collection, stream } = definition;
  const documentId =
    (definition.documentId as ((event: RecordedEvent) => string) | undefined) ??
    (stream ? (event: RecordedEvent) => String(parseStreamId(event.metadata.streamId, stream)) : undefined);
  if (!documentId) throw new Error(`projection ${collection.collectionName} needs a stream or a documentId`);
  const apply = async (
    evolve: (event: RecordedEvent, doc: D | null) => DocumentBody<D> | null,
    event: RecordedEvent,
    store: ReadStore,
  ) => {
    const documents = store.collection<Positioned<D>>(collection.collectionName, collection.indexes);
    const _id = documentId(event);
    // The store's own document, not a copy: the handler gets a shallow copy without `_position` and returns a new
    // document (handlers never change the one they get; under vitest its nested objects are frozen).
    const current = await documents.viewOne({ _id });
    if (current && current._position >= event.metadata.globalPosition) return;
    const { _position, ...doc } = current ?? ({} as Positioned<D>);
    const next = evolve(event, current ? (doc as unknown as D) : null);
    if (next === null) await documents.deleteOne({ _id });
    else await documents.put({ ...next, _id, _position: event.metadata.globalPosition } as Positioned<D>);
  };
  const evolvers = Object.entries(handlersOf<[D | null], DocumentBody<D> | null>(definition.on));
  return projection<DomainEvent, string>({
    name: definition.name ?? collection.collectionName,
    source: definition.source as EventSource<DomainEvent>,
    on: Object.fromEntries(evolvers.map(([type, evolve]) => [type, (event, store) => apply(evolve, event, store)])),
  });
}

export interface ProjectionRunner {
  /** Resolves when every projection has applied the log up to `position` (read-your-writes). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** The position every projection has reached; null when the service has no projections. */
  position(): number | null;
  stop(): Promise<void>;
}

/**
 * Runs a service's projections on one subscription to its log: each append is read (and its JSON parsed) once for
 * all of them, not once per read model (issue 24). Each projection keeps its own checkpoint in the read store, as it
 * did with a subscription of its own; the shared one starts at the lowest, and hands each projection only the events
 * after its own position, so a projection added later catches up without the others applying anything twice.
 */
export async function runProjections(options: {
  service: string;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Projection[];
  logger: Logger;
}): Promise<ProjectionRunner> {
  const { service, eventStore, readStore } = options;
  if (options.projections.length === 0) {
    return { waitFor: async () => {}, position: () => null, stop: async () => {} };
  }
  const members = await Promise.all(
    options.projections.map(async (projection) => {
      const handles = new Set(projection.canHandle);
      const labels = { projection: projection.name };
      const checkpointId = `projection:${service}:${projection.name}`;
      const handler = observedHandler(
        { service, consumer: projection.name, spanName: `project ${projection.name}`, handles },
        async (events) => {
          const stop = projectionApplySeconds.startTimer(labels);
          for (const event of events) if (handles.has(event.type)) await projection.handle(event, readStore);
          stop();
        },
      );
      const position = await readStore.checkpoints.load(checkpointId);
      return { projection, handles, checkpointId, handler, position };
    }),
  );
  const start = Math.min(...members.map((member) => member.position));
  const checkpoints: CheckpointStore = {
    load: async () => start,
    // Called once the whole batch is applied: every projection is then at `position`.
    store: async (_id, position) => {
      for (const member of members) await readStore.checkpoints.store(member.checkpointId, position);
    },
  };
  let applying = '';
  const subscription = await eventStore.subscribe({
    subscriberId: `projection:${service}`,
    checkpoints,
    handler: async (events) => {
      const last = events.at(-1)!.metadata.globalPosition;
      for (const member of members) {
        applying = member.projection.name;
        const fresh =
          events[0]!.metadata.globalPosition > member.position
            ? events
            : events.filter((event) => event.metadata.globalPosition > member.position);
        // A projection none of whose events came is not called: no timer, no lag, no span for nothing (most
        // appends concern one or two of a service's read models).
        if (fresh.some((event) => member.handles.has(event.type))) await member.handler(fresh);
        // A batch retried after another projection failed is not applied again to this one.
        member.position = Math.max(member.position, last);
      }
    },
    onError: (error, attempt) =>
      options.logger.error({ err: error, projection: applying, attempt }, 'projection failed; retrying'),
  });
  const untrack = members.map((member) =>
    trackProjection({
      service,
      projection: member.projection.name,
      position: () => member.position,
      head: () => eventStore.head(),
    }),
  );
  return {
    waitFor: (position, timeoutMs) => subscription.waitFor(position, timeoutMs),
    position: () => subscription.position(),
    stop: async () => {
      for (const stop of untrack.splice(0)) stop();
      await subscription.stop();
    },
  };
}
