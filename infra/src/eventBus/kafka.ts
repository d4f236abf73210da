import { randomUUID } from 'node:crypto';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import type { CheckpointStore, EventStore, RecordedEvent, Subscription } from '../eventStore/types.js';
import { kafkaConsumerLag } from '../metrics.js';
import type { EventBus } from './types.js';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Logs whose new events this process publishes (its own service's), as `topic` = service name. */
  relays?: { topic: string; store: EventStore }[];
  partitions?: number;
  /** -1 (the default) keeps every event: read models fed from a topic are rebuilt from it. */
  retentionMs?: number;
  /** Prefix of topic and consumer-group names, so that several installations can share a cluster. */
  prefix?: string;
  /** Handler attempts before an event batch goes to the dead-letter topic. */
  maxAttempts?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The event bus on Kafka (kafkajs, behind this port so that moving to another client is one adapter).
 * A relay follows each service's log from a checkpoint kept in that log and publishes every event to the
 * service's topic keyed by stream id, so order holds per stream; each consuming service reads as its own
 * consumer group, at least once, and handlers are idempotent. A batch that keeps failing goes to the topic's
 * dead-letter topic after `maxAttempts`, so one poison event does not stop the group.
 */
export async function createKafkaEventBus(options: KafkaBusOptions): Promise<EventBus> {
  const prefix = options.prefix ?? 'pmbok';
  const topicName = (topic: string) => `${prefix}.${topic}.events`;
  const deadLetterName = (topic: string) => `${prefix}.${topic}.dead-letter`;
  const kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const consumers = new Set<Consumer>();
  const relays: { topic: string; store: EventStore; subscription: Subscription }[] = [];
  const ensured = new Set<string>();
  const ownGroups = new Set<string>();

  async function ensureTopic(name: string) {
    if (ensured.has(name)) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: name,
          numPartitions: options.partitions ?? 3,
          configEntries: [{ name: 'retention.ms', value: String(options.retentionMs ?? -1) }],
        },
      ],
    });
    ensured.add(name);
  }

  for (const relay of options.relays ?? []) {
    const name = topicName(relay.topic);
    await ensureTopic(name);
    const subscription = await relay.store.subscribe({
      subscriberId: `relay:kafka:${relay.topic}`,
      handler: async (events) => {
        await producer.send({
          topic: name,
          acks: -1,
          messages: events.map((event) => ({ key: event.metadata.streamId, value: JSON.stringify(event) })),
        });
      },
    });
    relays.push({ topic: relay.topic, store: relay.store, subscription });
  }

  return {
    async subscribe({ topic, group, handler, checkpoints }) {
      const name = topicName(topic);
      await ensureTopic(name);
      const fedReadModel: CheckpointStore | undefined = checkpoints;
      // Every replica keeps its own copy of a fed read model, so each reads the whole topic in a group of its
      // own; consumers with effects share the service's group, so that each event is handled once.
      const groupId = fedReadModel ? `${prefix}.${group}.${randomUUID()}` : `${prefix}.${group}`;
      if (fedReadModel) ownGroups.add(groupId);
      // A read model fed from the topic keeps, with its data, the last global position applied from each
      // partition: positions only grow within a partition (one stream, one partition), not across them.
      const checkpointId = `bus:${topic}:${group}`;
      const partitionCheckpoint = (partition: number) => `${checkpointId}:${partition}`;
      const applied = new Map<number, number>();
      let position = fedReadModel ? await fedReadModel.load(checkpointId) : 0;
      const appliedIn = async (partition: number) => {
        if (!fedReadModel) return 0;
        if (!applied.has(partition)) applied.set(partition, await fedReadModel.load(partitionCheckpoint(partition)));
        return applied.get(partition) ?? 0;
      };
      const handled = new Map<number, string>();
      const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
      consumers.add(consumer);
      await consumer.connect();
      await consumer.subscribe({ topic: name, fromBeginning: true });
      await consumer.run({
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning }) => {
          const after = await appliedIn(batch.partition);
          const events = batch.messages
            .map((m) => JSON.parse(m.value?.toString() ?? 'null') as RecordedEvent)
            .filter((e) => e && (!fedReadModel || e.metadata.globalPosition > after));
          for (let attempt = 1; isRunning(); attempt += 1) {
            try {
              if (events.length > 0) await handler(events);
              break;
            } catch (error) {
              if (attempt >= (options.maxAttempts ?? 5)) {
                await ensureTopic(deadLetterName(topic));
                await producer.send({
                  topic: deadLetterName(topic),
                  messages: batch.messages.map((m) => ({
                    key: m.key,
                    value: m.value,
                    headers: { error: String(error), group },
                  })),
                });
                break;
              }
              await sleep(Math.min(5_000, 100 * 2 ** attempt));
              await heartbeat();
            }
          }
          const last = events.at(-1)?.metadata.globalPosition;
          if (fedReadModel && last !== undefined) {
            applied.set(batch.partition, last);
            await fedReadModel.store(partitionCheckpoint(batch.partition), last);
            position = Math.max(position, last);
            await fedReadModel.store(checkpointId, position);
          }
          resolveOffset(batch.lastOffset());
          handled.set(batch.partition, batch.lastOffset());
          // What the partition holds beyond this batch (kafkajs: high watermark minus the offset after the last).
          kafkaConsumerLag.set({ topic: name, group, partition: batch.partition }, Number(batch.offsetLag()));
          await heartbeat();
        },
      });

      let lastError: unknown;
      /**
       * Caught up when every partition's handled offset reaches the topic's end as it was asked. While the
       * broker fails over (a restart, a moved group coordinator) the question has no answer yet: not caught up.
       */
      async function caughtUp(): Promise<boolean> {
        let ends: Awaited<ReturnType<typeof admin.fetchTopicOffsets>>;
        let committed: Awaited<ReturnType<typeof admin.fetchOffsets>>;
        try {
          ends = await admin.fetchTopicOffsets(name);
          committed = await admin.fetchOffsets({ groupId, topics: [name] });
        } catch (error) {
          lastError = error;
          return false;
        }
        const done = new Map(committed[0]?.partitions.map((p) => [p.partition, Number(p.offset)]) ?? []);
        return ends.every(({ partition, high }) => {
          const seen = handled.has(partition) ? Number(handled.get(partition)) + 1 : (done.get(partition) ?? -1);
          return Number(high) === 0 || seen >= Number(high);
        });
      }

      return {
        position: () => position,
        async catchUp(timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs;
          // A log this process relays: what it held at the call must be on the topic before its end means anything.
          const own = relays.filter((r) => r.topic === topic);
          const heads = await Promise.all(own.map((r) => r.store.head()));
          const relayed = () => own.every((r, i) => r.subscription.position() >= heads[i]!);
          while (!relayed() || !(await caughtUp())) {
            if (Date.now() > deadline)
              throw new Error(`consumer ${groupId} did not catch up in ${timeoutMs} ms`, { cause: lastError });
            await sleep(50);
          }
        },
        async waitFor(target, timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs;
          // The relay must have published up to `target` before the topic's end means anything.
          for (;;) {
            const relayed = relays.every((r) => r.subscription.position() >= target);
            if (relayed && (await caughtUp())) return;
            if (Date.now() > deadline)
              throw new Error(`consumer ${groupId} did not reach ${target} in ${timeoutMs} ms`, { cause: lastError });
            await sleep(50);
          }
        },
        async stop() {
          await consumer.disconnect();
          consumers.delete(consumer);
          if (ownGroups.delete(groupId)) await admin.deleteGroups([groupId]).catch(() => {});
        },
      };
    },
    async close() {
      for (const relay of relays) await relay.subscription.stop();
      for (const consumer of consumers) await consumer.disconnect();
      if (ownGroups.size > 0) await admin.deleteGroups([...ownGroups]).catch(() => {});
      await producer.disconnect();
      await admin.disconnect();
    },
  };
}
