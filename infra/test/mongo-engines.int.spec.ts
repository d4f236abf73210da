import { randomUUID } from 'node:crypto';
import {
  connectMongo,
  createMongoLogBus,
  type EventBus,
  type EventStore,
  openGridFsBlobStore,
  openMongoEventStore,
  openMongoReadStore,
  type RecordedEvent,
} from '@pmbok/infra';
import { blobStoreContract, eventBusContract, eventStoreContract, readStoreContract } from '@pmbok/infra/testing';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// FerretDB on SQLite answers in milliseconds, but a busy CI machine has two cores.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * The MongoDB adapters against a real server when MONGO_URL is set (scripts/engines.sh starts FerretDB; CI sets
 * it), each suite in a database of its own so runs and suites never meet. Without it they are skipped, by name.
 */
const { MONGO_URL } = process.env;

const skipped = (suite: string) =>
  describe(suite, () => {
    it.skip('needs MONGO_URL (scripts/engines.sh start)', () => {});
  });

const created: string[] = [];
const freshDatabase = (suite: string) => {
  const name = `pmbok-test-${suite}-${randomUUID().slice(0, 8)}`;
  created.push(name);
  return name;
};
// The test databases go when the file is done, so a developer's FerretDB does not fill up with them.
afterAll(async () => {
  if (!MONGO_URL || created.length === 0) return;
  const connection = await connectMongo({ url: MONGO_URL });
  try {
    for (const name of created.splice(0)) await connection.useDb(name).dropDatabase();
  } finally {
    await connection.close();
  }
});

if (MONGO_URL) {
  const databases = new WeakMap<EventStore, string>();
  const open = async (dbName: string) => {
    const store = await openMongoEventStore({ url: MONGO_URL, dbName, service: 'contract', pollIntervalMs: 20 });
    databases.set(store, dbName);
    return store;
  };
  eventStoreContract('MongoDB', {
    open: () => open(freshDatabase('events')),
    async reopen(previous) {
      await previous.close();
      return open(databases.get(previous)!);
    },
  });
  blobStoreContract('GridFS', () =>
    openGridFsBlobStore({ url: MONGO_URL, dbName: freshDatabase('blobs'), bucketName: 'contract.uploads' }),
  );
  readStoreContract('MongoDB', () =>
    openMongoReadStore({ url: MONGO_URL, dbName: freshDatabase('read'), prefix: 'contract.' }),
  );
  // Without Kafka, a consumer follows the producer's log in the same database.
  const consumers = new WeakMap<EventBus, string>();
  const logBus = async (dbName: string) => {
    const consumer = await open(dbName);
    const bus = createMongoLogBus({ url: MONGO_URL, dbName, checkpoints: consumer.checkpoints });
    const closing: EventBus = {
      ...bus,
      async close() {
        await bus.close();
        await consumer.close();
      },
    };
    consumers.set(closing, dbName);
    return closing;
  };
  eventBusContract('MongoDB logs', {
    async open() {
      const dbName = freshDatabase('bus');
      const producer = await openMongoEventStore({ url: MONGO_URL, dbName, service: 'auth', pollIntervalMs: 20 });
      return { topic: 'auth', producer, bus: await logBus(dbName) };
    },
    async reopenBus(previous) {
      await previous.close();
      return logBus(consumers.get(previous)!);
    },
  });
} else {
  skipped('event store contract: MongoDB');
  skipped('event bus contract: MongoDB logs');
  skipped('read store contract: MongoDB');
  skipped('blob store contract: GridFS');
}

/** The global order's holes (ADR 18): positions taken by appends that land late, or never. */
if (MONGO_URL) {
  describe('event store on MongoDB: holes in the global order', () => {
    const ev = (n: number) => ({ type: 'ThingHappened', data: { n } });
    const opened: { close(): Promise<unknown> }[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((o) => o.close()));
    });
    const setup = async (holeTimeoutMs: number) => {
      const location = { url: MONGO_URL, dbName: freshDatabase('holes') };
      const store = await openMongoEventStore({ ...location, service: 't', pollIntervalMs: 20, holeTimeoutMs });
      const db = await connectMongo(location);
      opened.push(store, db);
      /** An append that took the next position and has not written it (yet). */
      const takePosition = async () => {
        const counter = await db
          .collection<{ _id: string; value: number }>('t.counters')
          .findOneAndUpdate({ _id: 'position' }, { $inc: { value: 1 } }, { returnDocument: 'after' });
        return counter!.value;
      };
      const land = (position: number, n: number) =>
        db.collection<{ _id: string; [field: string]: unknown }>('t.events').insertOne({
          _id: 'late:1',
          start: position,
          end: position,
          streamId: 'late',
          version: 1,
          lastVersion: 1,
          events: [{ type: 'ThingHappened', data: JSON.stringify({ n }), eventId: randomUUID() }],
          at: Date.now(),
          written: Date.now(),
        });
      return { store, takePosition, land };
    };
    const numbers = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

    it('holds readers at a position whose append lands late, then delivers it in its place', async () => {
      const { store, takePosition, land } = await setup(60_000);
      await store.append('a', [ev(1)], 0);
      const late = await takePosition();
      await store.append('b', [ev(3)], 0);
      expect(numbers(await store.readAll(0, 10))).toEqual([1]);

      const seen: RecordedEvent[] = [];
      const subscription = await store.subscribe({ subscriberId: 'r', handler: async (e) => void seen.push(...e) });
      await subscription.waitFor(1);
      await land(late, 2);
      await subscription.waitFor(await store.head());
      await subscription.stop();
      expect(numbers(seen)).toEqual([1, 2, 3]);
      expect(seen.map((e) => e.metadata.globalPosition)).toEqual([1, 2, 3]);
    });

    it('closes a position whose append never lands, and a write arriving after that fails instead of being skipped', async () => {
      const { store, takePosition, land } = await setup(0);
      await store.append('a', [ev(1)], 0);
      const lost = await takePosition();
      await store.append('b', [ev(3)], 0);
      expect(numbers(await store.readAll(0, 10))).toEqual([1, 3]);
      await expect(land(lost, 2)).rejects.toMatchObject({ code: 11000 });
      expect(numbers(await store.readAll(0, 10))).toEqual([1, 3]);
    });

    it('leaves no hole for readers to wait on when concurrent appends lose', async () => {
      const { store } = await setup(60_000);
      await store.append('race', [ev(0)], 0);
      await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append('race', [ev(i + 1)], 1)));
      await store.append('after', [ev(99)], 0);
      const all = await store.readAll(0, 100);
      expect(all).toHaveLength(3);
      expect(all.at(-1)?.metadata.globalPosition).toBe(await store.head());
    });

    it('appends nothing twice when many writers retry one command at once', async () => {
      const { store } = await setup(60_000);
      const commandId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => store.append('once', [ev(1)], 'any', { commandId })),
      );
      expect(results.filter((r) => !r.alreadyApplied)).toHaveLength(1);
      expect(await store.readStream('once')).toHaveLength(1);
    });
  });
}

if (MONGO_URL) {
  describe('blob store on GridFS', () => {
    it('keeps files larger than one chunk whole, and one file per key after overwrites', async () => {
      const location = { url: MONGO_URL, dbName: freshDatabase('gridfs') };
      const store = await openGridFsBlobStore({ ...location, bucketName: 'b' });
      const db = await connectMongo(location);
      try {
        const big = Buffer.from(Array.from({ length: 700_000 }, (_, i) => (i * 7) % 256));
        await Promise.all([1, 2, 3].map((n) => store.put('k/big.bin', { data: big, contentType: `x/${n}` })));
        expect((await store.get('k/big.bin'))?.data.equals(big)).toBe(true);
        expect(await db.collection('b.files').countDocuments({ filename: 'k/big.bin' })).toBe(1);
        await store.delete('k/big.bin');
        expect(await db.collection('b.chunks').countDocuments({})).toBe(0);
      } finally {
        await store.close();
        await db.close();
      }
    });
  });
}

if (MONGO_URL) {
  describe('read store on MongoDB', () => {
    const opened: { close(): Promise<unknown> }[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((o) => o.close()));
    });
    const open = async (dbName: string) => {
      const store = await openMongoReadStore({ url: MONGO_URL, dbName, prefix: 's.' });
      opened.push(store);
      return store;
    };

    it('binds a unique index only on documents that have its field, as the memory store does', async () => {
      const codes = (await open(freshDatabase('unique'))).collection('codes', [{ fields: { code: 1 }, unique: true }]);
      await codes.put({ _id: 'a' });
      await codes.put({ _id: 'b' });
      await codes.put({ _id: 'c', code: 'x' });
      await expect(codes.put({ _id: 'd', code: 'x' })).rejects.toThrow();
      expect(await codes.count({})).toBe(3);
    });

    it('answers every writer when many put one new document at once (FerretDB does not retry a raced upsert)', async () => {
      const store = await open(freshDatabase('raced'));
      const docs = store.collection('docs');
      for (let round = 0; round < 10; round++) {
        const _id = `d${round}`;
        await Promise.all(Array.from({ length: 8 }, (_, n) => docs.put({ _id, n })));
        await Promise.all(Array.from({ length: 8 }, (_, n) => store.checkpoints.store(`c${round}`, n)));
        expect(await docs.count({ _id })).toBe(1);
      }
    });

    it('treats undefined as no value: left out when written, unset by $set, matched as missing by filters', async () => {
      const docs = (await open(freshDatabase('undefined'))).collection('docs');
      await docs.put({ _id: 'a', team: 1, note: undefined });
      await docs.put({ _id: 'b' });
      expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', team: 1 });
      expect(Object.keys((await docs.findOne({ _id: 'a' }))!)).toEqual(['_id', 'team']);
      await docs.updateOne({ _id: 'a' }, { $set: { team: undefined, seen: true } });
      expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', seen: true });
      await docs.put({ _id: 'c', team: 2 });
      expect(await docs.deleteMany({ team: undefined })).toEqual({ deleted: 2 });
      expect((await docs.find({})).map((d) => d._id)).toEqual(['c']);
      await expect(docs.updateOne({ team: 3 }, { $set: { x: 1 } }, { upsert: true })).rejects.toThrow(/_id/);
    });

    it('keeps documents and checkpoints across a restart', async () => {
      const dbName = freshDatabase('restart');
      const first = await open(dbName);
      await first.collection('docs').put({ _id: 'a', n: 1 });
      await first.checkpoints.store('projection:docs', 7);
      await first.close();
      const second = await open(dbName);
      expect(await second.collection('docs').findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
      expect(await second.checkpoints.load('projection:docs')).toBe(7);
    });
  });
}
