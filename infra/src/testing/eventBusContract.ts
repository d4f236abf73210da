import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventBus } from '../eventBus/types.js';
import type { CheckpointStore, EventStore, RecordedEvent } from '../eventStore/types.js';

export interface EventBusHarness {
  /** The producing service's event store (topic = its name), and a bus for consuming services. */
  open(): Promise<{ topic: string; producer: EventStore; bus: EventBus }>;
  /** The same bus as after a restart of the consuming side. */
  reopenBus(previous: EventBus): Promise<EventBus>;
}

/** The behaviour every event bus adapter must have. */
export function eventBusContract(name: string, harness: EventBusHarness): void {
  describe(`event bus contract: ${name}`, () => {
    let topic: string;
    let producer: EventStore;
    let bus: EventBus;
    beforeEach(async () => {
      ({ topic, producer, bus } = await harness.open());
    });
    afterEach(async () => {
      await bus.close();
      await producer.close();
    });

    const collect = (into: RecordedEvent[]) => async (events: RecordedEvent[]) => void into.push(...events);
    const byStream = (events: RecordedEvent[], stream: string) =>
      events.filter((e) => e.metadata.streamId === stream).map((e) => (e.data as { n: number }).n);

    it('gives every consumer group every event, in order per stream', async () => {
      for (let n = 0; n < 20; n++) await producer.append(`s-${n % 3}`, [{ type: 'Counted', data: { n } }], 'any');
      const team: RecordedEvent[] = [];
      const messaging: RecordedEvent[] = [];
      const subs = [
        await bus.subscribe({ topic, group: 'team', handler: collect(team) }),
        await bus.subscribe({ topic, group: 'messaging', handler: collect(messaging) }),
      ];
      const head = await producer.head();
      await Promise.all(subs.map((s) => s.waitFor(head)));
      await Promise.all(subs.map((s) => s.stop()));
      for (const seen of [team, messaging]) {
        expect(new Set(seen.map((e) => e.metadata.eventId)).size).toBe(20);
        expect(byStream(seen, 's-0')).toEqual([0, 3, 6, 9, 12, 15, 18]);
        expect(byStream(seen, 's-1')).toEqual([1, 4, 7, 10, 13, 16, 19]);
      }
    });

    it("delivers the version of each event's data shape, which consumers upcast from", async () => {
      await producer.append(
        's',
        [
          { type: 'Counted', data: { n: 1 } },
          { type: 'Counted', version: 2, data: { n: 2 } },
        ],
        0,
      );
      const seen: RecordedEvent[] = [];
      const sub = await bus.subscribe({ topic, group: 'team', handler: collect(seen) });
      await sub.waitFor(await producer.head());
      await sub.stop();
      expect(seen.map((e) => e.metadata.schemaVersion)).toEqual([undefined, 2]);
    });

    it('resumes a group where it stopped after a restart', async () => {
      await producer.append('s', [{ type: 'Counted', data: { n: 1 } }], 'any');
      const seen: RecordedEvent[] = [];
      let sub = await bus.subscribe({ topic, group: 'team', handler: collect(seen) });
      await sub.waitFor(await producer.head());
      await sub.stop();
      await producer.append('s', [{ type: 'Counted', data: { n: 2 } }], 'any');
      bus = await harness.reopenBus(bus);
      sub = await bus.subscribe({ topic, group: 'team', handler: collect(seen) });
      await sub.waitFor(await producer.head());
      await sub.stop();
      expect(byStream(seen, 's')).toEqual([1, 2]);
    });

    it('catches up with everything appended before the call', async () => {
      for (let n = 0; n < 5; n++) await producer.append(`c-${n}`, [{ type: 'Counted', data: { n } }], 0);
      const seen: RecordedEvent[] = [];
      const sub = await bus.subscribe({ topic, group: 'catch-up', handler: collect(seen) });
      await sub.catchUp();
      await sub.stop();
      expect(seen).toHaveLength(5);
    });

    it('delivers events appended while the consumer is running', async () => {
      const seen: RecordedEvent[] = [];
      const sub = await bus.subscribe({ topic, group: 'ai', handler: collect(seen) });
      const { lastGlobalPosition } = await producer.append('live', [{ type: 'Counted', data: { n: 9 } }], 0);
      await sub.waitFor(lastGlobalPosition);
      await sub.stop();
      expect(byStream(seen, 'live')).toEqual([9]);
    });

    it('feeds a read model every event of every stream, and an emptied read model again from the start', async () => {
      const memoryCheckpoints = (): CheckpointStore => {
        const positions = new Map<string, number>();
        return {
          load: async (id) => positions.get(id) ?? 0,
          store: async (id, position) => void positions.set(id, position),
        };
      };
      for (let n = 0; n < 30; n++) await producer.append(`m-${n % 7}`, [{ type: 'Counted', data: { n } }], 'any');
      const feed = async (checkpoints: CheckpointStore, into: RecordedEvent[]) => {
        const sub = await bus.subscribe({ topic, group: 'directory', handler: collect(into), checkpoints });
        await sub.catchUp();
        await sub.stop();
      };
      const checkpoints = memoryCheckpoints();
      const first: RecordedEvent[] = [];
      await feed(checkpoints, first);
      expect(new Set(first.map((e) => (e.data as { n: number }).n)).size).toBe(30);
      for (let stream = 0; stream < 7; stream++) {
        const ns = byStream(first, `m-${stream}`);
        expect(ns).toEqual([...ns].sort((a, b) => a - b));
      }
      // The same read model after a restart gets only what it has not applied.
      await producer.append('m-0', [{ type: 'Counted', data: { n: 30 } }], 'any');
      const resumed: RecordedEvent[] = [];
      await feed(checkpoints, resumed);
      expect(resumed.map((e) => (e.data as { n: number }).n)).toEqual([30]);
      // An empty read model (an in-memory one after a restart) is fed everything again.
      const rebuilt: RecordedEvent[] = [];
      await feed(memoryCheckpoints(), rebuilt);
      expect(new Set(rebuilt.map((e) => (e.data as { n: number }).n)).size).toBe(31);
    });
  });
}
