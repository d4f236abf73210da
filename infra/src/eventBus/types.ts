import type { CheckpointStore, RecordedEvent, Subscription } from '../eventStore/types.js';

export interface BusSubscribeOptions {
  /** The producing service; its published events form the topic. */
  topic: string;
  /** The consuming service; each group receives every event once (at-least-once), in order per stream. */
  group: string;
  handler: (events: RecordedEvent[]) => Promise<void>;
  /**
   * Where the group's offset is kept; defaults to the consuming service's event store. A read model fed from
   * another service passes its read store's checkpoints, so that an in-memory read model is rebuilt.
   */
  checkpoints?: CheckpointStore;
}

/**
 * How a service consumes another service's events. Adapters: embedded (reads the producer's log in-process)
 * and Kafka (a relay publishes each service's log to its topic, keyed by stream id).
 * Every adapter passes `eventBusContract` from `@pmbok/infra/testing`.
 */
export interface EventBus {
  subscribe(options: BusSubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}
