import { join } from 'node:path';
import { createFsBlobStore } from './blobStore/fs.js';
import type { BlobStore } from './blobStore/types.js';
import type { RuntimeConfig } from './config.js';
import { createEmbeddedEventBus } from './eventBus/embedded.js';
import { createKafkaEventBus } from './eventBus/kafka.js';
import type { EventBus } from './eventBus/types.js';
import { openSqliteEventStore } from './eventStore/sqlite.js';
import type { EventStore } from './eventStore/types.js';
import { createMemoryReadStore } from './readStore/memory.js';
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
 * with its own data directory. The MongoDB adapters are not built (ADR 6), so `MONGO_URL` is refused rather
 * than ignored.
 */
export async function openServiceRuntime(service: string, config: RuntimeConfig): Promise<ServiceRuntime> {
  // Traces when the OTEL_* variables ask (once per process; the embedded one holds several services).
  startTracing();
  if (config.mongoUrl) {
    throw new Error(
      'MONGO_URL is set, but the MongoDB adapters are not part of this build (docs/adr/0006-real-engines.md): unset it to keep the event log and read models in DATA_DIR',
    );
  }
  const eventStore = openSqliteEventStore({ file: join(config.dataDir, `${service}.db`), sync: config.eventStoreSync });
  const readStore = createMemoryReadStore();
  const eventBus = config.kafkaBrokers
    ? await createKafkaEventBus({
        brokers: config.kafkaBrokers,
        clientId: `pmbok-${service}`,
        relays: [{ topic: service, store: eventStore }],
        partitions: config.kafkaPartitions,
        retentionMs: config.kafkaRetentionMs,
        prefix: config.kafkaPrefix,
      }).catch(async (error) => {
        await eventStore.close();
        throw error;
      })
    : createEmbeddedEventBus({
        dataDir: config.dataDir,
        checkpoints: eventStore.checkpoints,
        sync: config.eventStoreSync,
      });
  const blobStore = createFsBlobStore(join(config.dataDir, 'uploads'));
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
