import { join } from 'node:path';
import { createFsBlobStore } from './blobStore/fs.js';
import type { BlobStore } from './blobStore/types.js';
import type { RuntimeConfig } from './config.js';
import { createEmbeddedEventBus } from './eventBus/embedded.js';
import type { EventBus } from './eventBus/types.js';
import { openSqliteEventStore } from './eventStore/sqlite.js';
import type { EventStore } from './eventStore/types.js';
import { createMemoryReadStore } from './readStore/memory.js';
import type { ReadStore } from './readStore/types.js';

/** The adapters one service runs on, chosen by configuration. */
export interface ServiceRuntime {
  eventStore: EventStore;
  readStore: ReadStore;
  eventBus: EventBus;
  blobStore: BlobStore;
  close(): Promise<void>;
}

/**
 * Opens the adapters for a service. Embedded unless the real engines' URLs are set; the distributed adapters
 * (MongoDB, Kafka, NATS) plug in here without the services changing.
 */
export async function openServiceRuntime(service: string, config: RuntimeConfig): Promise<ServiceRuntime> {
  if (config.mongoUrl || config.kafkaBrokers) {
    throw new Error('MONGO_URL / KAFKA_BROKERS are set but the distributed adapters are not part of this build yet');
  }
  const eventStore = openSqliteEventStore({ file: join(config.dataDir, `${service}.db`), sync: config.eventStoreSync });
  const readStore = createMemoryReadStore();
  const eventBus = createEmbeddedEventBus({
    dataDir: config.dataDir,
    checkpoints: eventStore.checkpoints,
    sync: config.eventStoreSync,
  });
  const blobStore = createFsBlobStore(join(config.dataDir, 'uploads'));
  return {
    eventStore,
    readStore,
    eventBus,
    blobStore,
    async close() {
      await eventBus.close();
      await readStore.close();
      await blobStore.close();
      await eventStore.close();
    },
  };
}
