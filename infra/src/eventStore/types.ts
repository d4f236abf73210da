/** An event as deciders produce it: a past-tense type and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** The version of `data`'s shape, from 2 on (absent means 1); stored so that readers can upcast older events. */
  version?: number;
}

/** Who and what caused an append; stored with every event of it. */
export interface AppendContext {
  /** Ties every append of one command together; a retried command with the same id appends nothing new. */
  commandId?: string;
  actor?: string;
  teamId?: string;
  correlationId?: string;
  causationId?: string;
  /** Epoch milliseconds; defaults to the store's clock. */
  at?: number;
}

export interface EventMetadata {
  eventId: string;
  streamId: string;
  /** 1 for the first event of a stream. */
  version: number;
  /** Position in the store's global order, strictly increasing, starting at 1. */
  globalPosition: number;
  at: number;
  actor?: string;
  teamId?: string;
  correlationId?: string;
  causationId?: string;
  commandId?: string;
  /** The version of the data's shape when it was written; absent means 1 (see `upcast`). */
  schemaVersion?: number;
}

export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

/** The version a stream must be at for an append to succeed: a number (0 = the stream does not exist yet) or 'any'. */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  /** The stream's version after the append (the version to expect next time). */
  nextExpectedVersion: number;
  /** Global position of the last event written (or of the earlier append when `alreadyApplied`). */
  lastGlobalPosition: number;
  /** True when the command id had been appended before and nothing new was written. */
  alreadyApplied: boolean;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'ConcurrencyError';
  }
}

/** Where a subscriber remembers how far it has read (at-least-once: stored after handling). */
export interface CheckpointStore {
  load(subscriberId: string): Promise<number>;
  store(subscriberId: string, position: number): Promise<void>;
}

export interface SubscribeOptions {
  subscriberId: string;
  handler: (events: RecordedEvent[]) => Promise<void>;
  /** Where to keep the checkpoint; defaults to the store's own. */
  checkpoints?: CheckpointStore;
  batchSize?: number;
  /** Called when a batch keeps failing; the subscription retries the same batch with backoff. */
  onError?: (error: unknown, attempt: number) => void;
}

export interface Subscription {
  /** Resolves once every event up to `position` has been handled and checkpointed. */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** Resolves once everything appended to the followed log before the call has been handled. */
  catchUp(timeoutMs?: number): Promise<void>;
  /** The last position handled. */
  position(): number;
  stop(): Promise<void>;
}

/**
 * The event store port. Adapters: SQLite (embedded, this package) and MongoDB (distributed).
 * Every adapter passes `eventStoreContract` from `@pmbok/infra/testing`.
 */
export interface EventStore {
  append(
    streamId: string,
    events: DomainEvent[],
    expected: ExpectedVersion,
    context?: AppendContext,
  ): Promise<AppendResult>;
  readStream(streamId: string, fromVersion?: number): Promise<RecordedEvent[]>;
  /** Events with a global position greater than `after`, in global order. */
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  /** The global position of the newest event (0 when empty). */
  head(): Promise<number>;
  /**
   * Deletes every stream whose id starts with `prefix` and whose newest event was recorded before `before`
   * (epoch ms); returns how many streams went. Only for short-lived records (captchas, QR tickets, rate-limit
   * windows) that no read model is built from: a later append to such a stream starts it again at version 1.
   */
  expireStreams(prefix: string, before: number): Promise<number>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Calls `listener` after each append that this process makes or observes; returns an unsubscribe function. */
  onAppend(listener: () => void): () => void;
  readonly checkpoints: CheckpointStore;
  close(): Promise<void>;
}
