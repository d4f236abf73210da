import { perFile } from './perFile.js';
import type { RecordedEvent } from './types.js';

/** Reads events after a position from one connection to the log (its own `readAll`). */
type ReadAll = (after: number, limit: number) => Promise<RecordedEvent[]>;

/** The window keeps at most this many events; past it, the oldest half goes (a lagging reader reads the log). */
const MAX_WINDOW = 4_096;

/**
 * The newest events of one SQLite log, read once for every subscriber of it in this process (issue 24): the task
 * log had a subscription for the task service's projections, one for its live pushes, and one per consumer in other
 * services (each through its own bus connection), and every one of them read (and parsed) each append again.
 *
 * The window holds every event of the log with a position in (`from`, `to`] as one read saw it. A subscriber at `to`
 * reads the log only when an append was signalled since the last read (or the poll interval passed, for appends by
 * other processes); the first such reader reads for all of them, and the others are served from the window. A
 * reader whose position is not in the window (a rebuild from 0, a consumer left far behind) reads the log itself.
 * Subscribers share the events, which are read-only to them, as they already were among a service's projections.
 */
export class SharedTail {
  private events: RecordedEvent[] = [];
  private from = -1;
  private to = -1;
  /** An append was signalled since the window was last extended (or it never was). */
  private stale = true;
  /** Counts appends signalled, so a read knows whether one came while it was under way. */
  private signalled = 0;
  private lastRead = 0;
  private reading: Promise<void> | undefined;

  /**
   * Called on every append this process makes to the log, before the subscribers are woken, with the events it
   * recorded. Those that follow the window's end with no gap extend it as a read would have, so the subscribers
   * read nothing back from the log (a twentieth of a task move's CPU; issue 24); otherwise the window is stale.
   */
  appended(recorded?: readonly RecordedEvent[]): void {
    this.signalled += 1;
    // A read under way may hold some of them: it leaves the window stale, and the next read gets the rest.
    if (!recorded || this.stale || this.reading || this.from < 0) {
      this.stale = true;
      return;
    }
    for (const event of recorded) {
      if (event.metadata.globalPosition !== this.to + 1) {
        this.stale = true;
        break;
      }
      this.events.push(event);
      this.to = event.metadata.globalPosition;
    }
    this.trim();
  }

  /**
   * Events after `after`, at most `limit`, from the window when it covers `after`, else from the log. A reader at
   * the window's end reads the log when an append was signalled, or when its poll interval has passed since the
   * last read (appends by other processes signal nothing here).
   */
  async read(after: number, limit: number, readAll: ReadAll, pollIntervalMs: number): Promise<RecordedEvent[]> {
    if (this.from < 0 || after < this.from || after > this.to) return this.readDirectly(after, limit, readAll);
    if (after === this.to && (this.stale || Date.now() - this.lastRead >= pollIntervalMs)) {
      await this.extend(limit, readAll);
    }
    return this.slice(after, limit);
  }

  private async readDirectly(after: number, limit: number, readAll: ReadAll): Promise<RecordedEvent[]> {
    const uninitialized = this.from < 0;
    const signalled = this.signalled;
    const startedAt = Date.now();
    const events = await readAll(after, limit);
    // A short answer reached the log's end: it is all there is after `after`, a window to start from (a window
    // behind it, whose readers then catch up alone, or none yet).
    if (events.length < limit && (uninitialized || after > this.to) && !this.reading) {
      this.events = events.slice();
      this.from = after;
      this.to = events.at(-1)?.metadata.globalPosition ?? after;
      this.stale = this.signalled !== signalled;
      this.lastRead = startedAt;
    }
    return events;
  }

  /** One read of the log after `to`, shared by every subscriber that finds itself at the end meanwhile. */
  private extend(limit: number, readAll: ReadAll): Promise<void> {
    this.reading ??= (async () => {
      // An append signalled while this read is under way may or may not be in it: the window stays stale.
      const signalled = this.signalled;
      this.lastRead = Date.now();
      try {
        const events = await readAll(this.to, limit);
        this.stale = events.length === limit || this.signalled !== signalled;
        if (events.length > 0) {
          this.events.push(...events);
          this.to = events.at(-1)!.metadata.globalPosition;
          this.trim();
        }
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  private trim(): void {
    if (this.events.length <= MAX_WINDOW) return;
    const dropped = this.events.splice(0, this.events.length - MAX_WINDOW / 2);
    this.from = dropped.at(-1)!.metadata.globalPosition;
  }

  private slice(after: number, limit: number): RecordedEvent[] {
    const { events } = this;
    // The first event after `after`, by binary search over the ascending positions.
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (events[middle]!.metadata.globalPosition <= after) low = middle + 1;
      else high = middle;
    }
    return events.slice(low, low + limit);
  }
}

/** The tails by resolved file, with how many subscriptions use each: the last one to stop drops it. */
const tails = perFile(() => new SharedTail());

export const acquireTail = (file: string): SharedTail => tails.acquire(file);
export const releaseTail = (file: string, tail: SharedTail): void => tails.release(file, tail);
/** The tail of a file if any subscription uses it (the store's appends mark it stale). */
export const tailOf = (file: string): SharedTail | undefined => tails.peek(file);
