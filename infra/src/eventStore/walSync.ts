import { closeSync, fdatasync, openSync } from 'node:fs';

/** Flushes a file to the disk and calls back (fs.fdatasync, which runs in libuv's thread pool). */
export type SyncFile = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

export interface WalSyncer {
  /** Calls `done` once everything committed before this call is on the disk (with the error if the flush failed). */
  afterCommit(done: (error?: unknown) => void): void;
  /** Waits for the flushes under way, then lets go of the file. */
  close(): Promise<void>;
}

/**
 * Makes the commits of a SQLite database in WAL mode durable off the main thread (issue 24). The connection commits
 * with `synchronous = NORMAL`, which writes the commit's frames to the WAL file without an fsync, and this flushes
 * the WAL file with `fdatasync` in the thread pool: a commit is on the disk once a flush that started after it has
 * finished. With `synchronous = FULL`, better-sqlite3 blocked the event loop for every commit's fsync (the largest
 * share of a `moveFlow` after group commit); now requests keep being served while the disk syncs, and the commits
 * made meanwhile share the next flush. SQLite keeps the WAL file (same inode) while a connection has the database
 * open, and NORMAL still syncs the WAL before a checkpoint copies it into the database and the database after.
 */
export function walSyncer(walFile: string, syncFile: SyncFile = fdatasync): WalSyncer {
  let fd: number | undefined;
  let syncing = false;
  let queued: ((error?: unknown) => void)[] = [];
  const idle: (() => void)[] = [];

  const start = () => {
    const waiting = queued;
    queued = [];
    syncing = true;
    const finish = (error?: unknown) => {
      syncing = false;
      for (const done of waiting) done(error);
      if (queued.length > 0) start();
      else for (const resolve of idle.splice(0)) resolve();
    };
    try {
      fd ??= openSync(walFile, 'r');
    } catch (error) {
      finish(error);
      return;
    }
    syncFile(fd, (error) => finish(error ?? undefined));
  };

  return {
    afterCommit(done) {
      queued.push(done);
      if (!syncing) start();
    },
    async close() {
      if (syncing) await new Promise<void>((resolve) => idle.push(resolve));
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
