import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKafkaEventBus, kafkaConsumerLag, openSqliteEventStore, type RecordedEvent } from '@pmbok/infra';
import { describe, expect, it, vi } from 'vitest';

// Consumer groups join on the broker's clock, not ours.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const { KAFKA_BROKERS } = process.env;

/** `pmbok_kafka_consumer_lag` (issue 23): what a group has not handled yet, per partition, set at each batch. */
describe('Kafka consumer lag', () => {
  if (!KAFKA_BROKERS) {
    it.skip('needs KAFKA_BROKERS (scripts/engines.sh start)', () => {});
    return;
  }

  it('is reported per topic, group and partition, and is 0 once the group has handled everything', async () => {
    const topic = `lag-${randomUUID().slice(0, 8)}`;
    const producer = openSqliteEventStore({
      file: join(mkdtempSync(join(tmpdir(), 'pmbok-kafka-lag-')), 'p.db'),
      sync: 'normal',
      pollIntervalMs: 20,
    });
    const bus = await createKafkaEventBus({
      brokers: KAFKA_BROKERS.split(','),
      clientId: 'lag-test',
      relays: [{ topic, store: producer }],
      partitions: 3,
    });
    const handled: RecordedEvent[] = [];
    const subscription = await bus.subscribe({
      topic,
      group: 'lag-readers',
      handler: async (events) => void handled.push(...events),
    });
    try {
      let last = 0;
      for (let stream = 0; stream < 12; stream += 1) {
        const appended = await producer.append(`note-${stream}`, [{ type: 'Noted', data: { stream } }], 'any');
        last = appended.lastGlobalPosition;
      }
      await subscription.waitFor(last);
      expect(handled).toHaveLength(12);
      const samples = (await kafkaConsumerLag.get()).values.filter(
        (sample) => sample.labels.topic === `pmbok.${topic}.events` && sample.labels.group === 'lag-readers',
      );
      // Twelve streams keyed over three partitions: every partition that received some has its sample.
      expect(samples.length).toBeGreaterThanOrEqual(2);
      expect(samples.map((sample) => sample.value)).toEqual(samples.map(() => 0));
    } finally {
      await subscription.stop();
      await bus.close();
      await producer.close();
    }
  });
});
