import { join } from 'node:path';
import { openSqliteEventStore } from '../eventStore/sqlite.js';
import type { CheckpointStore, EventStore } from '../eventStore/types.js';
import type { EventBus } from './types.js';

/**
 * The embedded bus: a consumer reads the producing service's SQLite log directly, keeping its offset in the
 * consumer's own checkpoint store (as a Kafka consumer group keeps its offsets).
 */
export function createEmbeddedEventBus(options: {
  dataDir: string;
  checkpoints: CheckpointStore;
  sync?: 'full' | 'normal';
}): EventBus {
  const logs = new Map<string, EventStore>();
  const logOf = (topic: string) => {
    let log = logs.get(topic);
    if (!log) {
      log = openSqliteEventStore({ file: join(options.dataDir, `${topic}.db`), sync: options.sync });
      logs.set(topic, log);
    }
    return log;
  };
  return {
    subscribe: ({ topic, group, handler, checkpoints }) =>
      logOf(topic).subscribe({
        subscriberId: `bus:${topic}:${group}`,
        checkpoints: checkpoints ?? options.checkpoints,
        handler,
      }),
    async close() {
      await Promise.all([...logs.values()].map((log) => log.close()));
      logs.clear();
    },
  };
}
