import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createKafkaEventBus,
  createNatsRealtime,
  type EventBus,
  type EventStore,
  openSqliteEventStore,
} from '@pmbok/infra';
import { eventBusContract, realtimeContract } from '@pmbok/infra/testing';
import { describe, expect, it, vi } from 'vitest';

// Consumer groups join and rebalance on the broker's clock, not ours: give them room on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

/**
 * The same contract suites against the real engines, when their URLs are set (scripts/engines.sh starts them;
 * CI sets them). Without the URLs the suites are reported as skipped, by name.
 */
const { NATS_URL, KAFKA_BROKERS } = process.env;

const skipped = (suite: string, variable: string) =>
  describe(suite, () => {
    it.skip(`needs ${variable} (scripts/engines.sh start)`, () => {});
  });

if (NATS_URL) realtimeContract('NATS', () => createNatsRealtime(NATS_URL));
else skipped('realtime contract: NATS', 'NATS_URL');

if (KAFKA_BROKERS) {
  const brokers = KAFKA_BROKERS.split(',');
  const producers = new WeakMap<EventBus, { topic: string; producer: EventStore; group: string }>();
  const open = async (topic: string, producer: EventStore) => {
    const bus = await createKafkaEventBus({
      brokers,
      clientId: 'contract',
      relays: [{ topic, store: producer }],
      partitions: 3,
    });
    return bus;
  };
  eventBusContract('Kafka', {
    async open() {
      const topic = `contract-${randomUUID().slice(0, 8)}`;
      const producer = openSqliteEventStore({
        file: join(mkdtempSync(join(tmpdir(), 'pmbok-kafka-')), 'p.db'),
        sync: 'normal',
        pollIntervalMs: 20,
      });
      const bus = await open(topic, producer);
      producers.set(bus, { topic, producer, group: topic });
      return { topic, producer, bus };
    },
    async reopenBus(previous) {
      const { topic, producer } = producers.get(previous)!;
      await previous.close();
      const bus = await open(topic, producer);
      producers.set(bus, { topic, producer, group: topic });
      return bus;
    },
  });

  describe('Kafka bus: catching up behind a slow relay', () => {
    it('waits for what the relayed log held at the call, not only for the topic as it stands', async () => {
      const topic = `relay-lag-${randomUUID().slice(0, 8)}`;
      const producer = openSqliteEventStore({
        file: join(mkdtempSync(join(tmpdir(), 'pmbok-kafka-lag-')), 'p.db'),
        sync: 'normal',
      });
      // The relay publishes nothing until the consumer has begun to catch up: the topic is behind the log then.
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const lagging: EventStore = {
        ...producer,
        subscribe: (options) =>
          producer.subscribe({ ...options, handler: async (events) => gate.then(() => options.handler(events)) }),
      };
      const bus = await createKafkaEventBus({ brokers, clientId: 'lag', relays: [{ topic, store: lagging }] });
      try {
        for (let n = 0; n < 5; n++) await producer.append(`lag-${n}`, [{ type: 'Counted', data: { n } }], 0);
        const seen: unknown[] = [];
        const sub = await bus.subscribe({
          topic,
          group: topic,
          handler: async (events) => void seen.push(...events),
        });
        const caughtUp = sub.catchUp();
        release();
        await caughtUp;
        await sub.stop();
        expect(seen).toHaveLength(5);
      } finally {
        await bus.close();
        await producer.close();
      }
    });
  });
} else skipped('event bus contract: Kafka', 'KAFKA_BROKERS');
