import { join } from 'node:path';
import { createFsBlobStore } from './blobStore/fs.js';
import { openGridFsBlobStore } from './blobStore/gridfs.js';
import type { BlobStore } from './blobStore/types.js';
import type { RuntimeConfig } from './config.js';
import { createEmbeddedEventBus } from './eventBus/embedded.js';
import { createKafkaEventBus } from './eventBus/kafka.js';
import { createMongoLogBus } from './eventBus/mongoLogs.js';
import type { EventBus } from './eventBus/types.js';
import { openMongoEventStore } from './eventStore/mongo.js';
import { openSqliteEventStore } from './eventStore/sqlite.js';
import type { EventStore } from './eventStore/types.js';
import { createMemoryReadStore } from './readStore/memory.js';
import { openMongoReadStore } from './readStore/mongo.js';
import type { ReadStore } from './readStore/types.js';
import { processRealtime } from './realtime/memory.js';
import { createNatsRealtime } from './realtime/nats.js';
import { observedRealtime } from './realtime/observe.js';
import type { Realtime } from './realtime/types.js';
import { startTracing } from './tracing.js';

/** The adapters one service runs on, chosen by configuration. */
export interface ServiceRuntime {
  eventStore: EventStore;
  readStore: ReadStore;
  eventBus: EventBus;
  blobStore: BlobStore;
  /** Live pushes to users and teams: NATS with `NATS_URL`, else shared by everything in the process. */
  realtime: Realtime;
  close(): Promise<void>;
}

/** The realtime port for a process: NATS when configured (pushes reach every gateway replica). */
export async function openRealtime(config: RuntimeConfig, name: string): Promise<Realtime> {
  // The gateway's process opens its realtime first: traces (when the OTEL_* variables ask) start here for it.
  startTracing({ component: name });
  const realtime = config.natsUrl
    ? await createNatsRealtime(config.natsUrl, { name: `pmbok-${name}`, prefix: config.natsPrefix })
    : processRealtime();
  return observedRealtime(realtime, name);
}

/**
 * Opens the adapters for a service. Embedded by default; with `KAFKA_BROKERS` the service publishes its log
 * to its Kafka topic and consumes other services' topics, so that each service can run as its own process
 * with its own data directory. With `MONGO_URL` its log, read models and uploads live in MongoDB (collections
 * `<service>.*` of the URL's database, `pmbok` by default) instead of DATA_DIR and memory; without Kafka the
 * services then read each other's logs there.
 */
export async function openServiceRuntime(service: string, config: RuntimeConfig): Promise<ServiceRuntime> {
  // Traces when the OTEL_* variables ask (once per process; the embedded one holds several services).
  startTracing();
  const mongo = config.mongoUrl ? { url: config.mongoUrl } : undefined;
  const opened: { close(): Promise<void> }[] = [];
  // What opened is closed again, backwards, when a later adapter fails to open.
  const open = async <T extends { close(): Promise<void> }>(adapter: T | Promise<T>): Promise<T> => {
    const value = await adapter;
    opened.push(value);
    return value;
  };
  try {
    const eventStore = await open(
      mongo
        ? openMongoEventStore({ ...mongo, service })
        : openSqliteEventStore({ file: join(config.dataDir, `${service}.db`), sync: config.eventStoreSync }),
    );
    const readStore = await open(
      mongo ? openMongoReadStore({ ...mongo, prefix: `${service}.` }) : createMemoryReadStore(),
    );
    const eventBus = await open(
      config.kafkaBrokers
        ? createKafkaEventBus({
            brokers: config.kafkaBrokers,
            clientId: `pmbok-${service}`,
            relays: [{ topic: service, store: eventStore }],
            partitions: config.kafkaPartitions,
            retentionMs: config.kafkaRetentionMs,
            prefix: config.kafkaPrefix,
          })
        : mongo
          ? createMongoLogBus({ ...mongo, checkpoints: eventStore.checkpoints })
          : createEmbeddedEventBus({
              dataDir: config.dataDir,
              checkpoints: eventStore.checkpoints,
              sync: config.eventStoreSync,
            }),
    );
    const blobStore = await open(
      mongo
        ? openGridFsBlobStore({ ...mongo, bucketName: `${service}.uploads` })
        : createFsBlobStore(join(config.dataDir, 'uploads')),
    );
    return await withRealtime(service, config, { eventStore, readStore, eventBus, blobStore });
  } catch (error) {
    for (const adapter of opened.reverse()) await adapter.close().catch(() => {});
    throw error;
  }
}

async function withRealtime(
  service: string,
  config: RuntimeConfig,
  { eventStore, readStore, eventBus, blobStore }: Omit<ServiceRuntime, 'realtime' | 'close'>,
): Promise<ServiceRuntime> {
  const realtime = await openRealtime(config, service);
  return {
    eventStore,
    readStore,
    eventBus,
    blobStore,
    realtime,
    async close() {
      await realtime.close();
      await eventBus.close();
      await readStore.close();
      await blobStore.close();
      await eventStore.close();
    },
  };
}
