import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '../eventStore/types.js';

export interface EventStoreHarness {
  /** A fresh, empty store. */
  open(): Promise<EventStore>;
  /** The same store opened again, as after a process restart. */
  reopen(previous: EventStore): Promise<EventStore>;
}

const ev = (n: number) => ({ type: 'ThingHappened', data: { n } });

/** The behaviour every event store adapter must have. */
export function eventStoreContract(name: string, harness: EventStoreHarness): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await harness.open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('appends to a new stream and reads it back in order with versions from 1', async () => {
      const result = await store.append('thing-1', [ev(1), ev(2)], 0, { actor: '7', correlationId: 'c1' });
      expect(result.nextExpectedVersion).toBe(2);
      expect(result.alreadyApplied).toBe(false);
      const events = await store.readStream('thing-1');
      expect(events.map((e) => [e.data, e.metadata.version, e.metadata.streamId])).toEqual([
        [{ n: 1 }, 1, 'thing-1'],
        [{ n: 2 }, 2, 'thing-1'],
      ]);
      expect(events[0]!.metadata.actor).toBe('7');
      expect(events[0]!.metadata.eventId).not.toBe(events[1]!.metadata.eventId);
      expect(await store.readStream('thing-1', 2)).toHaveLength(1);
      expect(await store.readStream('missing')).toEqual([]);
    });

    it("keeps the version of an event's data shape, from 2 on, for upcasters", async () => {
      await store.append('thing-1', [ev(1), { ...ev(2), version: 2 }], 0);
      const events = await store.readStream('thing-1');
      expect(events.map((e) => e.metadata.schemaVersion)).toEqual([undefined, 2]);
      expect((await store.readAll(0, 10)).map((e) => e.metadata.schemaVersion)).toEqual([undefined, 2]);
    });

    it('refuses an append at the wrong expected version and writes nothing', async () => {
      await store.append('thing-1', [ev(1)], 0);
      await expect(store.append('thing-1', [ev(2)], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append('thing-1', [ev(2)], 5)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append('thing-2', [ev(2)], 1)).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream('thing-1')).toHaveLength(1);
      expect((await store.append('thing-1', [ev(2)], 'any')).nextExpectedVersion).toBe(2);
    });

    it('lets exactly one of many concurrent writers at the same version win', async () => {
      await store.append('race', [ev(0)], 0);
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append('race', [ev(i)], 1)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream('race')).toHaveLength(2);
    });

    it('appends nothing new for a retried command id and answers as the first time', async () => {
      const commandId = randomUUID();
      const first = await store.append('thing-1', [ev(1)], 0, { commandId });
      const retry = await store.append('thing-1', [ev(1)], 0, { commandId });
      expect(retry.alreadyApplied).toBe(true);
      expect(retry.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(retry.lastGlobalPosition).toBe(first.lastGlobalPosition);
      expect(await store.readStream('thing-1')).toHaveLength(1);
    });

    it('expires idle streams of a prefix only, and a later append starts the stream again', async () => {
      const commandId = randomUUID();
      await store.append('guard-old', [ev(1), ev(2)], 0, { at: 1_000, commandId });
      await store.append('guard-fresh', [ev(3)], 0, { at: 1_000 });
      await store.append('guard-fresh', [ev(4)], 1, { at: 5_000 });
      await store.append('guardian-old', [ev(5)], 0, { at: 1_000 });
      await store.append('other-old', [ev(6)], 0, { at: 1_000 });
      expect(await store.expireStreams('guard-', 2_000)).toBe(1);
      expect(await store.readStream('guard-old')).toEqual([]);
      expect(await store.readStream('guard-fresh')).toHaveLength(2);
      expect(await store.readStream('guardian-old')).toHaveLength(1);
      expect(await store.readStream('other-old')).toHaveLength(1);
      // The command id went with its stream: the same command appends again, at version 1.
      const again = await store.append('guard-old', [ev(7)], 0, { commandId });
      expect(again).toMatchObject({ nextExpectedVersion: 1, alreadyApplied: false });
      await expect(store.expireStreams('', 2_000)).rejects.toThrow();
    });

    it('reads all events in one global order from a position', async () => {
      await store.append('a', [ev(1)], 0);
      await store.append('b', [ev(2), ev(3)], 0);
      await store.append('a', [ev(4)], 1);
      const all = await store.readAll(0, 100);
      expect(all.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
      const positions = all.map((e) => e.metadata.globalPosition);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(new Set(positions).size).toBe(4);
      expect((await store.readAll(positions[1]!, 100)).map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
      expect(await store.readAll(positions[0]!, 2)).toHaveLength(2);
      expect(await store.head()).toBe(positions[3]);
    });

    it('delivers every event to a durable subscription and resumes from its checkpoint after a restart', async () => {
      for (let i = 0; i < 5; i++) await store.append(`s-${i % 2}`, [ev(i)], 'any');
      const seen: RecordedEvent[] = [];
      const handler = async (events: RecordedEvent[]) => void seen.push(...events);
      let subscription = await store.subscribe({ subscriberId: 'reader', handler });
      await subscription.waitFor(await store.head());
      expect(seen.map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));

      await store.append('s-0', [ev(5)], 'any');
      await subscription.waitFor(await store.head());
      await subscription.stop();
      expect(seen).toHaveLength(6);

      await store.append('s-1', [ev(6)], 'any');
      store = await harness.reopen(store);
      subscription = await store.subscribe({ subscriberId: 'reader', handler });
      await subscription.waitFor(await store.head());
      await subscription.stop();
      expect(seen.map((e) => e.data)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => ({ n })));
    });

    it('retries a batch whose handler fails, so nothing is skipped (at least once)', async () => {
      await store.append('s', [ev(1), ev(2)], 0);
      let failures = 0;
      const seen: number[] = [];
      const subscription = await store.subscribe({
        subscriberId: 'flaky',
        async handler(events) {
          if (failures++ < 2) throw new Error('transient');
          seen.push(...events.map((e) => (e.data as { n: number }).n));
        },
      });
      await subscription.waitFor(await store.head());
      await subscription.stop();
      expect(seen).toEqual([1, 2]);
      expect(await store.checkpoints.load('flaky')).toBe(await store.head());
    });

    it('keeps separate checkpoints per subscriber', async () => {
      await store.checkpoints.store('one', 3);
      expect(await store.checkpoints.load('one')).toBe(3);
      expect(await store.checkpoints.load('two')).toBe(0);
      await store.checkpoints.store('one', 4);
      expect(await store.checkpoints.load('one')).toBe(4);
    });
  });
}
