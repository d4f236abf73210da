import type { CheckpointStore, EventStore, SubscribeOptions, Subscription } from './types.js';

const MAX_BACKOFF_MS = 5_000;

/**
 * Follows a store's global order from a checkpoint: reads a batch, hands it over, stores the checkpoint,
 * and sleeps until the store signals an append or the poll interval passes (appends by other processes).
 * After a batch shorter than asked for, it reads again only if an append was signalled since that read began:
 * the read that used to follow every batch found nothing but cost a query (issue 24).
 * Shared by every event store adapter so they behave the same.
 */
export async function followStore(
  store: Pick<EventStore, 'readAll' | 'onAppend' | 'head'>,
  defaultCheckpoints: CheckpointStore,
  options: SubscribeOptions,
  pollIntervalMs: number,
): Promise<Subscription> {
  const checkpoints = options.checkpoints ?? defaultCheckpoints;
  const batchSize = options.batchSize ?? 500;
  let position = await checkpoints.load(options.subscriberId);
  let stopped = false;
  let wake: (() => void) | undefined;
  const waiters = new Set<{ position: number; resolve: () => void }>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      // A stop that came while a read was in flight found nothing to wake: do not start a sleep after it.
      if (stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  /** Appends signalled so far: a read that saw none come meanwhile has read up to the log's end. */
  let signalled = 0;
  const unsubscribe = store.onAppend(() => {
    signalled += 1;
    wake?.();
  });

  const releaseWaiters = () => {
    for (const waiter of waiters) {
      if (waiter.position <= position) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const loop = (async () => {
    let attempt = 0;
    while (!stopped) {
      try {
        const before = signalled;
        const batch = await store.readAll(position, batchSize);
        if (batch.length === 0) {
          await sleep(pollIntervalMs);
          continue;
        }
        await options.handler(batch);
        const last = batch[batch.length - 1]!.metadata.globalPosition;
        await checkpoints.store(options.subscriberId, last);
        position = last;
        attempt = 0;
        releaseWaiters();
        if (batch.length < batchSize && signalled === before) await sleep(pollIntervalMs);
      } catch (error) {
        attempt += 1;
        options.onError?.(error, attempt);
        await sleep(Math.min(MAX_BACKOFF_MS, 50 * 2 ** attempt));
      }
    }
  })();

  const subscription: Subscription = {
    position: () => position,
    catchUp: async (timeoutMs) => subscription.waitFor(await store.head(), timeoutMs),
    waitFor(target, timeoutMs = 5_000) {
      if (target <= position) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          position: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`subscription ${options.subscriberId} did not reach position ${target} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
        wake?.();
      });
    },
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
  return subscription;
}
