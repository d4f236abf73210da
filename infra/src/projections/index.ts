import type { Logger } from 'pino';
import type { EventBus } from '../eventBus/types.js';
import type { EventStore, RecordedEvent, Subscription } from '../eventStore/types.js';
import { projectionApplySeconds } from '../metrics.js';
import type { Doc, IndexSpec, ReadStore } from '../readStore/types.js';

/** A read model fed from one service's log. `handle` must be idempotent: events may come twice. */
export interface Projection {
  name: string;
  canHandle: readonly string[];
  handle(event: RecordedEvent, store: ReadStore): Promise<void>;
}

export interface DocumentProjectionDefinition<D extends Doc> {
  name: string;
  collection: string;
  indexes?: IndexSpec[];
  canHandle: readonly string[];
  /** The `_id` of the document an event changes. */
  documentId(event: RecordedEvent): string;
  /** The next document, or null to delete it. */
  evolve(doc: D | null, event: RecordedEvent): D | null;
}

/** The projected document plus the global position of the last event applied to it. */
type Positioned<D> = D & { _position: number };

/**
 * One document per stream-like key, evolved event by event. The document remembers the last position it
 * applied, so an event delivered again (at-least-once) is skipped.
 */
export function documentProjection<D extends Doc>(definition: DocumentProjectionDefinition<D>): Projection {
  return {
    name: definition.name,
    canHandle: definition.canHandle,
    async handle(event, store) {
      const collection = store.collection<Positioned<D>>(definition.collection, definition.indexes);
      const _id = definition.documentId(event);
      const current = await collection.findOne({ _id });
      if (current && current._position >= event.metadata.globalPosition) return;
      const { _position, ...doc } = current ?? ({} as Positioned<D>);
      const next = definition.evolve(current ? (doc as unknown as D) : null, event);
      if (next === null) await collection.deleteOne({ _id });
      else await collection.put({ ...next, _id, _position: event.metadata.globalPosition });
    },
  };
}

export interface ProjectionRunner {
  /** Resolves when every projection has applied the log up to `position` (read-your-writes). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** The position every projection has reached; null when the service has no projections. */
  position(): number | null;
  stop(): Promise<void>;
}

/** Runs each projection as a durable subscription whose checkpoint lives in the read store. */
export async function runProjections(options: {
  service: string;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Projection[];
  logger: Logger;
}): Promise<ProjectionRunner> {
  const subscriptions: Subscription[] = [];
  for (const projection of options.projections) {
    const handles = new Set(projection.canHandle);
    subscriptions.push(
      await options.eventStore.subscribe({
        subscriberId: `projection:${options.service}:${projection.name}`,
        checkpoints: options.readStore.checkpoints,
        async handler(events) {
          const stop = projectionApplySeconds.startTimer({ projection: projection.name });
          for (const event of events) if (handles.has(event.type)) await projection.handle(event, options.readStore);
          stop();
        },
        onError: (error, attempt) =>
          options.logger.error({ err: error, projection: projection.name, attempt }, 'projection failed; retrying'),
      }),
    );
  }
  return {
    waitFor: async (position, timeoutMs) => {
      await Promise.all(subscriptions.map((s) => s.waitFor(position, timeoutMs)));
    },
    position: () => (subscriptions.length === 0 ? null : Math.min(...subscriptions.map((s) => s.position()))),
    stop: async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
    },
  };
}

/**
 * Feeds a read model from another service's topic. Its position is kept with the read model (in the read
 * store's checkpoints), so an in-memory read model is rebuilt from the topic when the process starts; the
 * projection gets only the event types it handles, and applies each idempotently.
 */
export function feedReadModel(
  runtime: { eventBus: EventBus; readStore: ReadStore },
  options: { topic: string; group: string; projection: Projection },
): Promise<Subscription> {
  const { projection } = options;
  const handles = new Set(projection.canHandle);
  return runtime.eventBus.subscribe({
    topic: options.topic,
    group: options.group,
    checkpoints: runtime.readStore.checkpoints,
    handler: async (events) => {
      for (const event of events) if (handles.has(event.type)) await projection.handle(event, runtime.readStore);
    },
  });
}
