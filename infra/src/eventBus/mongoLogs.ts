import { openMongoEventStore } from '../eventStore/mongo.js';
import type { MongoLocation } from '../eventStore/mongoConnection.js';
import type { CheckpointStore, EventStore } from '../eventStore/types.js';
import type { EventBus } from './types.js';

/**
 * The embedded bus over MongoDB: a consumer follows the producing service's log in MongoDB directly, keeping its
 * offset in the consumer's own checkpoint store, as the embedded bus follows a SQLite file. The logs are shared
 * by every process, so this also works with the services in separate processes (polling), without Kafka.
 */
export function createMongoLogBus(options: MongoLocation & { checkpoints: CheckpointStore }): EventBus {
  const logs = new Map<string, Promise<EventStore>>();
  const logOf = (topic: string) => {
    let log = logs.get(topic);
    if (!log) {
      log = openMongoEventStore({ url: options.url, dbName: options.dbName, service: topic });
      log.catch(() => logs.delete(topic)); // the next subscribe tries again
      logs.set(topic, log);
    }
    return log;
  };
  return {
    subscribe: async ({ topic, group, handler, checkpoints }) =>
      (await logOf(topic)).subscribe({
        subscriberId: `bus:${topic}:${group}`,
        checkpoints: checkpoints ?? options.checkpoints,
        handler,
      }),
    async close() {
      const opened = await Promise.allSettled(logs.values());
      logs.clear();
      await Promise.all(opened.map((log) => (log.status === 'fulfilled' ? log.value.close() : undefined)));
    },
  };
}
