import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEmbeddedEventBus,
  createFsBlobStore,
  createMemoryReadStore,
  createMemoryRealtime,
  type EventStore,
  openSqliteEventStore,
} from '@pmbok/infra';
import {
  blobStoreContract,
  eventBusContract,
  eventStoreContract,
  readStoreContract,
  realtimeContract,
} from '@pmbok/infra/testing';

const files = new WeakMap<EventStore, string>();
const openAt = (file: string) => {
  const store = openSqliteEventStore({ file, sync: 'normal', pollIntervalMs: 20 });
  files.set(store, file);
  return store;
};
const freshDir = () => mkdtempSync(join(tmpdir(), 'pmbok-infra-'));

eventStoreContract('sqlite', {
  open: async () => openAt(join(freshDir(), 'events.db')),
  async reopen(previous) {
    await previous.close();
    return openAt(files.get(previous)!);
  },
});

// 'full', the default: appends answer after the writer thread's commit has synced the WAL (sqliteWriter.ts).
const synced = new WeakMap<EventStore, string>();
const openSyncedAt = (file: string) => {
  const store = openSqliteEventStore({ file, sync: 'full', pollIntervalMs: 20 });
  synced.set(store, file);
  return store;
};
eventStoreContract('sqlite, synced', {
  open: async () => openSyncedAt(join(freshDir(), 'events.db')),
  async reopen(previous) {
    await previous.close();
    return openSyncedAt(synced.get(previous)!);
  },
});

readStoreContract('mingo in memory', async () => createMemoryReadStore());

const consumerStores = new WeakMap<object, { dir: string; consumer: EventStore }>();
eventBusContract('embedded', {
  async open() {
    const dir = freshDir();
    const producer = openAt(join(dir, 'auth.db'));
    const consumer = openAt(join(dir, 'consumer.db'));
    const bus = createEmbeddedEventBus({ dataDir: dir, checkpoints: consumer.checkpoints, sync: 'normal' });
    consumerStores.set(bus, { dir, consumer });
    return { topic: 'auth', producer, bus };
  },
  async reopenBus(previous) {
    const { dir, consumer } = consumerStores.get(previous)!;
    await previous.close();
    await consumer.close();
    const reopened = openAt(join(dir, 'consumer.db'));
    const bus = createEmbeddedEventBus({ dataDir: dir, checkpoints: reopened.checkpoints, sync: 'normal' });
    consumerStores.set(bus, { dir, consumer: reopened });
    return bus;
  },
});

// In one process every "replica" shares the emitter, as every socket lives in the one gateway.
const sharedRealtime = createMemoryRealtime();
realtimeContract('in-process', async () => ({ ...sharedRealtime, close: async () => {} }));

blobStoreContract('files', async () => createFsBlobStore(join(freshDir(), 'uploads')));
