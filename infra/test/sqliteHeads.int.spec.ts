import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, openSqliteEventStore } from '../src/index.js';
import { countStatements } from './statementCounter.js';

describe('SQLite event store: the streams’ versions this process knows (issue 24)', () => {
  let dir = '';
  let store: EventStore | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a read past a stream’s known version without a query, and reads again after a lost race', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-heads-'));
    const file = join(dir, 'log.db');
    store = openSqliteEventStore({ file });
    const statements = countStatements('all', {
      streamReads: (sql) => sql.startsWith('SELECT * FROM events WHERE stream_id'),
    });
    try {
      await store.append('task-1', [{ type: 'Created', data: 1 }], 0);
      // After its own append, the next version is known to be empty: no query.
      expect(await store.readStream('task-1', 2)).toEqual([]);
      expect(statements.counts.streamReads).toBe(0);
      // A read from further back reads.
      expect((await store.readStream('task-1', 1)).map((e) => e.data)).toEqual([1]);
      expect(statements.counts.streamReads).toBe(1);

      // Another writer of the file (not how pmbok runs: one process writes a service's file) is not seen by a read
      // past the known version, but the next append loses its race and tells the store the stream's version.
      const other = new Database(file);
      other
        .prepare('INSERT INTO events (stream_id, version, type, data, metadata) VALUES (?, ?, ?, ?, ?)')
        .run('task-1', 2, 'Changed', '2', JSON.stringify({ eventId: 'x', at: 1 }));
      other.close();
      expect(await store.readStream('task-1', 2)).toEqual([]);
      const lost = await store.append('task-1', [{ type: 'Changed', data: 3 }], 1).catch((error: unknown) => error);
      expect(lost).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream('task-1', 2)).map((e) => e.data)).toEqual([2]);
      await store.append('task-1', [{ type: 'Changed', data: 3 }], 2);
      expect((await store.readStream('task-1')).map((e) => e.data)).toEqual([1, 2, 3]);
    } finally {
      statements.stop();
    }
  });

  it('forgets the versions it knew when the store closes: the file reopened may have been replaced', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-heads-'));
    const file = join(dir, 'log.db');
    const elsewhere = join(dir, 'elsewhere.db');
    store = openSqliteEventStore({ file });
    await store.append('task-1', [{ type: 'Created', data: 1 }], 0);
    await store.close();
    // a copy of the log goes on elsewhere to version 3, and is put back in its place (a restore)
    copyFileSync(file, elsewhere);
    store = openSqliteEventStore({ file: elsewhere });
    await store.append('task-1', [{ type: 'Changed', data: 2 }], 1);
    await store.append('task-1', [{ type: 'Changed', data: 3 }], 2);
    await store.close();
    copyFileSync(elsewhere, file);
    store = openSqliteEventStore({ file });
    expect((await store.readStream('task-1', 2)).map((e) => e.data)).toEqual([2, 3]);
  });

  it('keeps sharing what it knows among the stores still open on the file when one of them closes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-heads-'));
    const file = join(dir, 'log.db');
    store = openSqliteEventStore({ file });
    await store.append('task-1', [{ type: 'Created', data: 1 }], 0);
    const passing = openSqliteEventStore({ file });
    await passing.close();
    const reader = openSqliteEventStore({ file });
    try {
      expect((await reader.readStream('task-1')).map((e) => e.data)).toEqual([1]);
      await store.append('task-1', [{ type: 'Changed', data: 2 }], 1);
      expect((await reader.readStream('task-1', 2)).map((e) => e.data)).toEqual([2]);
    } finally {
      await reader.close();
    }
  });
});
