import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CheckpointStore,
  createEmbeddedEventBus,
  type EventBus,
  type EventStore,
  openSqliteEventStore,
  type RecordedEvent,
  type Subscription,
} from '../src/index.js';

/** Counts the reads of the log's global order that any connection of this process runs (readAll's SELECT). */
function countLogReads(): { count: () => number; restore: () => void } {
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { all: (...args: unknown[]) => unknown[] };
  probe.close();
  const all = prototype.all;
  let reads = 0;
  prototype.all = function (this: { source: string }, ...args: unknown[]) {
    if (this.source.includes('WHERE global_position >')) reads += 1;
    return all.apply(this, args);
  };
  const restore = () => {
    prototype.all = all;
  };
  return { count: () => reads, restore };
}

const memoryCheckpoints = (): CheckpointStore & { positions: Map<string, number> } => {
  const positions = new Map<string, number>();
  return {
    positions,
    load: async (id) => positions.get(id) ?? 0,
    store: async (id, position) => void positions.set(id, position),
  };
};

describe('SQLite log: one read of each append for all the subscribers of a process', () => {
  let dir = '';
  let producer: EventStore | undefined;
  const buses: EventBus[] = [];
  const subscriptions: Subscription[] = [];
  let counter: ReturnType<typeof countLogReads> | undefined;
  afterEach(async () => {
    counter?.restore();
    for (const subscription of subscriptions.splice(0)) await subscription.stop();
    for (const bus of buses.splice(0)) await bus.close();
    await producer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fans one read out to every consumer, each with its own checkpoint, past one that keeps failing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-shared-tail-'));
    // A long poll interval: every read the test sees is one an append caused.
    producer = openSqliteEventStore({ file: join(dir, 'task.db'), sync: 'normal', pollIntervalMs: 60_000 });
    const own: RecordedEvent[] = [];
    subscriptions.push(await producer.subscribe({ subscriberId: 'own', handler: async (e) => void own.push(...e) }));
    // Three consuming services, each with its own bus (its own connection to the log) and checkpoints.
    const checkpoints = [memoryCheckpoints(), memoryCheckpoints(), memoryCheckpoints()];
    for (const store of checkpoints) buses.push(createEmbeddedEventBus({ dataDir: dir, checkpoints: store }));
    const seen: RecordedEvent[][] = [[], [], []];
    let failing = true;
    let failures = 0;
    const handlers = [
      async (events: RecordedEvent[]) => void seen[0]!.push(...events),
      async (events: RecordedEvent[]) => void seen[1]!.push(...events),
      async (events: RecordedEvent[]) => {
        if (failing) {
          failures += 1;
          throw new Error('not now');
        }
        seen[2]!.push(...events);
      },
    ];
    const groups = ['activities', 'feed', 'failing'];
    for (const [i, bus] of buses.entries()) {
      subscriptions.push(await bus.subscribe({ topic: 'task', group: groups[i]!, handler: handlers[i]! }));
    }
    const [, activities, feed, failingOne] = subscriptions;

    counter = countLogReads();
    const appends = 20;
    let last = 0;
    for (let n = 0; n < appends; n++) {
      last = (await producer.append(`task-${n % 3}`, [{ type: 'Moved', data: { n } }], 'any')).lastGlobalPosition;
      await Promise.all([subscriptions[0]!, activities!, feed!].map((s) => s.waitFor(last, 2_000)));
    }
    // One read per append for four subscribers, where each used to read it (and then read once more, empty).
    expect(counter.count()).toBeLessThanOrEqual(appends);
    const numbers = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);
    const all = Array.from({ length: appends }, (_, n) => n);
    expect(numbers(own)).toEqual(all);
    expect(numbers(seen[0]!)).toEqual(all);
    expect(numbers(seen[1]!)).toEqual(all);
    // Each group's position in its own service's checkpoints; the failing one has stored none.
    expect(checkpoints[0]!.positions).toEqual(new Map([['bus:task:activities', last]]));
    expect(checkpoints[1]!.positions).toEqual(new Map([['bus:task:feed', last]]));
    expect(checkpoints[2]!.positions.size).toBe(0);
    expect(failures).toBeGreaterThan(0);
    expect(failingOne!.position()).toBe(0);

    // Once it recovers, it gets everything, in order, from where it stood.
    failing = false;
    await failingOne!.waitFor(last, 10_000);
    expect(numbers(seen[2]!)).toEqual(all);
    expect(checkpoints[2]!.positions.get('bus:task:failing')).toBe(last);
  });

  it('serves a consumer that fell behind the shared window from the log, in order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-shared-tail-'));
    producer = openSqliteEventStore({ file: join(dir, 'task.db'), sync: 'normal' });
    const early: RecordedEvent[] = [];
    subscriptions.push(
      await producer.subscribe({ subscriberId: 'early', handler: async (e) => void early.push(...e) }),
    );
    let last = 0;
    for (let n = 0; n < 5_000; n += 500) {
      const batch = Array.from({ length: 500 }, (_, i) => ({ type: 'Moved', data: { n: n + i } }));
      last = (await producer.append(`task-${n}`, batch, 0)).lastGlobalPosition;
    }
    await subscriptions[0]!.waitFor(last, 10_000);
    // A consumer starting at 0 now: the window holds only the newest events, the rest comes from the log.
    const late: RecordedEvent[] = [];
    const bus = createEmbeddedEventBus({ dataDir: dir, checkpoints: memoryCheckpoints() });
    buses.push(bus);
    subscriptions.push(
      await bus.subscribe({ topic: 'task', group: 'late', handler: async (e) => void late.push(...e) }),
    );
    await subscriptions[1]!.waitFor(last, 10_000);
    const expected = Array.from({ length: 5_000 }, (_, n) => n);
    expect(late.map((e) => (e.data as { n: number }).n)).toEqual(expected);
    expect(early.map((e) => (e.data as { n: number }).n)).toEqual(expected);
  });
});
