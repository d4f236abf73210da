import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConcurrencyError, type EventStore, openSqliteEventStore } from '../src/index.js';

describe('SQLite event store: appends of one turn committed together', () => {
  let dir = '';
  let store: EventStore | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each append on its own: a lost race fails alone, and takes back none of the others', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-group-commit-'));
    store = openSqliteEventStore({ file: join(dir, 'log.db') });
    await store.append('task-1', [{ type: 'Created', data: { n: 0 } }], 0);
    const event = (n: number) => ({ type: 'Changed', data: { n } });
    // Started in the same turn: one transaction; the second writer of task-1 lost its race.
    const outcomes = await Promise.allSettled([
      store.append('task-1', [event(1), event(2)], 1),
      store.append('task-1', [event(3)], 1),
      store.append('task-2', [event(4)], 0, { commandId: 'c-4' }),
      store.append('task-2', [event(5)], 'any', { commandId: 'c-4' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    // the retried command answered as the first time, appending nothing
    const [, , first, retried] = outcomes as PromiseFulfilledResult<{ lastGlobalPosition: number }>[];
    expect(retried!.value).toMatchObject({ alreadyApplied: true, lastGlobalPosition: first!.value.lastGlobalPosition });
    expect((await store.readStream('task-1')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect((await store.readStream('task-2')).map((e) => e.data)).toEqual([{ n: 4 }]);
    expect((await store.readAll(0, 10)).map((e) => e.metadata.globalPosition)).toEqual([1, 2, 3, 4]);
  });

  it('hands the group’s events to subscribers in order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-group-commit-'));
    store = openSqliteEventStore({ file: join(dir, 'log.db') });
    const seen: number[] = [];
    const subscription = await store.subscribe({
      subscriberId: 'test',
      handler: async (events) => void seen.push(...events.map((e) => e.data as number)),
    });
    const results = await Promise.all([1, 2, 3].map((n) => store!.append(`s-${n}`, [{ type: 'E', data: n }], 0)));
    await subscription.waitFor(results.at(-1)!.lastGlobalPosition, 2_000);
    expect(seen).toEqual([1, 2, 3]);
    await subscription.stop();
  });

  it('answers appends, and shows them to subscribers, once a flush of the WAL begun after their commit has finished', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-group-commit-'));
    // The flushes are held here, to see what waits for them.
    const held: (() => void)[] = [];
    let flushes = 0;
    store = openSqliteEventStore({
      file: join(dir, 'log.db'),
      sync: 'full',
      syncFile: (_fd, done) => {
        flushes += 1;
        held.push(() => done(null));
      },
    });
    const log = store;
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const until = async (condition: () => boolean) => {
      while (!condition()) await turns(1);
    };
    const seen: number[] = [];
    const subscription = await log.subscribe({
      subscriberId: 'test',
      handler: async (events) => void seen.push(...events.map((e) => e.data as number)),
    });
    const answered: number[] = [];
    const append = (n: number) => log.append(`s-${n}`, [{ type: 'E', data: n }], 0).then(() => answered.push(n));
    const first = append(1);
    await until(() => held.length === 1);
    // Committed while the first flush runs: they wait for the next one, which carries both.
    const second = Promise.all([append(2), append(3)]);
    await turns(5);
    expect((await log.readAll(0, 10)).map((e) => e.data)).toEqual([1, 2, 3]);
    expect(answered).toEqual([]);
    expect(flushes).toBe(1);

    held.shift()!();
    await first;
    expect(answered).toEqual([1]);
    await until(() => held.length === 1);
    expect(flushes).toBe(2);
    // The subscriber was woken by the first group's answer: it sees that group, not the one still unflushed.
    await subscription.waitFor(1, 2_000);
    await turns(5);
    expect(seen).toEqual([1]);

    held.shift()!();
    await second;
    expect(answered).toEqual([1, 2, 3]);
    await subscription.waitFor(3, 2_000);
    expect(seen).toEqual([1, 2, 3]);
    await subscription.stop();
  });
});

describe('SQLite event store: checkpoints', () => {
  it('writes the checkpoints stored within a tenth of a second in one commit, and keeps them across a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pmbok-checkpoints-'));
    const file = join(dir, 'consumer.db');
    let store = openSqliteEventStore({ file, sync: 'normal' });
    // Counts the transactions and the upserts the checkpoint connection runs.
    const probe = new Database(':memory:');
    const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { run: (...args: unknown[]) => unknown };
    probe.close();
    const run = prototype.run;
    let begins = 0;
    let upserts = 0;
    prototype.run = function (this: { source: string }, ...args: unknown[]) {
      if (this.source === 'BEGIN') begins += 1;
      if (this.source.startsWith('INSERT INTO checkpoints')) upserts += 1;
      return run.apply(this, args);
    };
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // Five consumers of one append store their positions in the same turn, and one more in a later turn.
      await Promise.all(['a', 'b', 'c', 'd'].map((id) => store.checkpoints.store(`bus:task:${id}`, 7)));
      await new Promise((resolve) => setImmediate(resolve));
      await store.checkpoints.store('bus:task:e', 7);
      // Read from memory before they are written.
      expect(await store.checkpoints.load('bus:task:c')).toBe(7);
      expect(upserts).toBe(0);
      vi.advanceTimersByTime(100);
      expect(upserts).toBe(5);
      expect(begins).toBe(1);
    } finally {
      vi.useRealTimers();
      prototype.run = run;
    }
    await store.checkpoints.store('bus:task:a', 9);
    await store.close();
    store = openSqliteEventStore({ file, sync: 'normal' });
    expect(await store.checkpoints.load('bus:task:a')).toBe(9);
    expect(await store.checkpoints.load('bus:task:e')).toBe(7);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
