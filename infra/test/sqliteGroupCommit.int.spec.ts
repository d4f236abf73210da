import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupsOf, type WriterRequest, writerSettings } from '../src/eventStore/sqliteWriter.js';
import { ConcurrencyError, type EventStore, openSqliteEventStore, type RecordedEvent } from '../src/index.js';
import { countStatements } from './statementCounter.js';

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

  it('hands subscribers this process’s appends as a read would give them, without reading them back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-group-commit-'));
    const file = join(dir, 'log.db');
    store = openSqliteEventStore({ file });
    const seen: RecordedEvent[] = [];
    const subscription = await store.subscribe({
      subscriberId: 'test',
      handler: async (events) => void seen.push(...events),
    });
    await store.append('s-0', [{ type: 'E', data: 0 }], 0);
    await subscription.waitFor(1, 2_000);
    const statements = countStatements('all', { logReads: (sql) => sql.includes('WHERE global_position >') });
    try {
      const context = { actor: 'user-7', teamId: 'team-3', correlationId: 'req-1', commandId: 'cmd-1' };
      const results = await Promise.all([
        store.append(
          's-1',
          [
            { type: 'A', data: { n: 1, at: new Date(5) } },
            { type: 'B', data: [2] },
          ],
          0,
          context,
        ),
        store.append('s-2', [{ type: 'C', data: 'three', version: 2 }], 0),
      ]);
      await subscription.waitFor(results[1]!.lastGlobalPosition, 2_000);
      expect(statements.counts.logReads).toBe(0);
    } finally {
      statements.stop();
    }
    // the same events, in the same order, as the log holds them (a Date as its JSON, as a read parses it)
    expect(seen).toEqual(await store.readAll(0, 10));
    expect(seen.map((e) => [e.metadata.streamId, e.metadata.version, e.metadata.globalPosition])).toEqual([
      ['s-0', 1, 1],
      ['s-1', 1, 2],
      ['s-1', 2, 3],
      ['s-2', 1, 4],
    ]);
    expect(seen[1]!.data).toEqual({ n: 1, at: new Date(5).toJSON() });
    await subscription.stop();
  });

  it('commits in the writer thread, syncing every commit with sync full (the default) and none with normal', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-group-commit-'));
    const full = join(dir, 'full.db');
    const normal = join(dir, 'normal.db');
    store = openSqliteEventStore({ file: full });
    const other = openSqliteEventStore({ file: normal, sync: 'normal' });
    await store.append('s-1', [{ type: 'E', data: 1 }], 0);
    await other.append('s-1', [{ type: 'E', data: 1 }], 0);
    // SQLite's synchronous levels: 1 NORMAL, 2 FULL (in WAL mode, FULL syncs the WAL before a commit is visible).
    // The writer checkpoints the WAL every 10,000 pages, not SQLite's 1,000 (issue 24).
    expect(await writerSettings(full)).toEqual({ synchronous: 2, walAutocheckpoint: 10_000 });
    expect(await writerSettings(normal)).toEqual({ synchronous: 1, walAutocheckpoint: 10_000 });
    await other.close();
    expect(await writerSettings(normal)).toBeUndefined();
  });
});

describe('SQLite event store: the WAL between checkpoints', () => {
  it('grows past SQLite’s 1,000 pages: neither the writer nor the main thread’s checkpoint commits copy it back sooner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pmbok-wal-'));
    const file = join(dir, 'log.db');
    const store = openSqliteEventStore({ file, sync: 'normal' });
    const big = 'x'.repeat(6_000); // two pages per event
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.append(`s-${round}-${i}`, [{ type: 'E', data: big }], 0)),
      );
    }
    // a consumer's checkpoint, committed by the main thread's connection (at close)
    await store.checkpoints.store('consumer', 1_000);
    const probe = new Database(file);
    probe.prepare('SELECT COUNT(*) FROM checkpoints').get(); // now open on the WAL, which stays when the store closes
    await store.close();
    const wal = `${file}-wal`;
    const frames = (statSync(wal).size - 32) / (24 + 4_096);
    expect(frames).toBeGreaterThan(1_500);
    // Not checkpointed either: a write goes after the WAL's last frame instead of starting it over.
    probe.exec('CREATE TABLE probe (x)');
    expect(statSync(wal).size).toBeGreaterThan(32 + frames * (24 + 4_096));
    probe.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the SQLite writer thread: groups', () => {
  const append = (id: number, file: string) =>
    ({ op: 'append', id, file, synchronous: 'FULL', batch: [] }) as WriterRequest;
  it('commits the waiting appends to one file together, in their order, and anything else on its own', () => {
    const requests: WriterRequest[] = [
      append(1, 'a'),
      append(2, 'a'),
      append(3, 'b'),
      { op: 'close', id: 4, file: 'a' },
      append(5, 'a'),
      append(6, 'a'),
    ];
    expect(groupsOf(requests).map((group) => group.map((r) => r.id))).toEqual([[1, 2], [3], [4], [5, 6]]);
  });
});

describe('SQLite event store: checkpoints', () => {
  it('writes the checkpoints stored within a tenth of a second in one commit, and keeps them across a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pmbok-checkpoints-'));
    const file = join(dir, 'consumer.db');
    let store = openSqliteEventStore({ file, sync: 'normal' });
    // Counts the transactions and the upserts the checkpoint connection runs.
    const statements = countStatements('run', {
      begins: (sql) => sql === 'BEGIN',
      upserts: (sql) => sql.startsWith('INSERT INTO checkpoints'),
    });
    const { counts } = statements;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // Five consumers of one append store their positions in the same turn, and one more in a later turn.
      await Promise.all(['a', 'b', 'c', 'd'].map((id) => store.checkpoints.store(`bus:task:${id}`, 7)));
      await new Promise((resolve) => setImmediate(resolve));
      await store.checkpoints.store('bus:task:e', 7);
      // Read from memory before they are written.
      expect(await store.checkpoints.load('bus:task:c')).toBe(7);
      expect(counts.upserts).toBe(0);
      vi.advanceTimersByTime(100);
      expect(counts.upserts).toBe(5);
      expect(counts.begins).toBe(1);
    } finally {
      vi.useRealTimers();
      statements.stop();
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
