import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Decider, type DomainEvent, type EventStore, handleCommand, openSqliteEventStore } from '../src/index.js';

type Counted = DomainEvent<'Counted', { n: number }>;
const counter: Decider<number, { by: number }, Counted> = {
  initialState: () => 0,
  evolve: (_n, event) => event.data.n,
  decide: (command, n) => [{ type: 'Counted', data: { n: n + command.by } }],
};

describe('commands on one stream in one process', () => {
  let dir = '';
  let store: EventStore | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('all succeed when many arrive at once, each deciding on the state the one before it left', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-one-stream-'));
    store = openSqliteEventStore({ file: join(dir, 'log.db') });
    const log = store;
    // A burst on one stream (registrations from one address share its SMS limit): far more than the retries.
    const burst = await Promise.allSettled(
      Array.from({ length: 25 }, () => handleCommand(log, 'counter-1', counter, { by: 1 }, {})),
    );
    expect(burst.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const events = await log.readStream('counter-1');
    expect(events.map((event) => (event.data as { n: number }).n)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});
