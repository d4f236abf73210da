import type { ReadStore } from '@pmbok/infra';

/**
 * How far the notifications projection has applied this service's log, per read store: the push reaction waits on
 * it so that a pushed count already includes the notification it announces.
 */
interface Progress {
  position: number;
  waiters: { position: number; resolve: () => void }[];
}

const progressByStore = new WeakMap<ReadStore, Progress>();
const progressOf = (store: ReadStore) => {
  let progress = progressByStore.get(store);
  if (!progress) {
    progress = { position: 0, waiters: [] };
    progressByStore.set(store, progress);
  }
  return progress;
};

export function notificationsApplied(store: ReadStore, position: number) {
  const progress = progressOf(store);
  progress.position = Math.max(progress.position, position);
  const ready = progress.waiters.filter((waiter) => waiter.position <= progress.position);
  progress.waiters = progress.waiters.filter((waiter) => waiter.position > progress.position);
  for (const waiter of ready) waiter.resolve();
}

/** Resolves once the notifications of the event at `position` are in the read model (or after `timeoutMs`). */
export function notificationsReached(store: ReadStore, position: number, timeoutMs = 5_000): Promise<boolean> {
  const progress = progressOf(store);
  if (progress.position >= position) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      progress.waiters = progress.waiters.filter((waiter) => waiter !== entry);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    const entry = {
      position,
      resolve: () => {
        clearTimeout(timer);
        resolve(true);
      },
    };
    progress.waiters.push(entry);
  });
}
