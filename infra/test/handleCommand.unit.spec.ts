import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Decider, type DomainEvent, type EventStore, handleCommand, openSqliteEventStore } from '../src/index.js';

type Added = DomainEvent<'Added', { amount: number }>;
type Command = { type: 'Add'; amount: number; max: number };
/** A counter that refuses to pass `max`: its decisions depend on every earlier event. */
const counter: Decider<number, Command, Added> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.amount,
  decide: (command, total) => {
    if (total + command.amount > command.max) throw new Error(`over ${command.max}`);
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
};

describe('handleCommand', () => {
  let dir: string;
  let store: EventStore;
  let eventsRead = 0;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-handle-'));
    const inner = openSqliteEventStore({ file: join(dir, 'c.db'), sync: 'normal' });
    // Counts what commands read, to see that a known stream is not read again from its start.
    store = {
      ...inner,
      readStream: async (streamId, fromVersion) => {
        const events = await inner.readStream(streamId, fromVersion);
        eventsRead += events.length;
        return events;
      },
    };
    eventsRead = 0;
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const add = (amount: number, commandId?: string, max = 1_000) =>
    handleCommand(store, 'counter-1', counter, { type: 'Add', amount, max }, { commandId });

  it('decides on the whole history without reading again what its own commands appended', async () => {
    // The state after each append is remembered: the next command reads nothing (its append at that version
    // proves nobody wrote in between).
    for (let i = 0; i < 50; i++) await add(1);
    expect(eventsRead).toBe(0);
    expect((await add(1)).state).toBe(51);
    expect(eventsRead).toBe(0);
    await expect(add(1, undefined, 51)).rejects.toThrow('over 51');
  });

  it('checks a refusal decided on the remembered state against the stream as it is now', async () => {
    await add(5);
    // Another writer (not through this process's commands) takes the total back to 0.
    await store.append('counter-1', [{ type: 'Added', data: { amount: -5 } }], 'any');
    // Remembered, 5 + 6 would pass 10; the stream says 0 + 6.
    expect((await add(6, undefined, 10)).state).toBe(6);
    expect(eventsRead).toBe(1);
  });

  it('sees events appended by another writer since', async () => {
    await add(5);
    await store.append('counter-1', [{ type: 'Added', data: { amount: 10 } }], 'any');
    expect((await add(1)).state).toBe(16);
    await expect(add(1, undefined, 16)).rejects.toThrow('over 16');
  });

  it('answers a retried command as the first time, with its events, appending nothing', async () => {
    const first = await add(3, 'cmd-a');
    await add(4, 'cmd-b');
    const again = await add(3, 'cmd-a');
    expect(again.result).toMatchObject({ alreadyApplied: true, lastGlobalPosition: first.result.lastGlobalPosition });
    expect(again.events.map((e) => e.data)).toEqual([{ amount: 3 }]);
    expect(again.state).toBe(7);
    expect(await store.readStream('counter-1')).toHaveLength(2);
  });

  it('decides again after losing a race to a concurrent writer', async () => {
    await add(1);
    const [a, b] = await Promise.all([add(2), add(3)]);
    expect(Math.max(a.state, b.state)).toBe(6);
    expect((await add(0)).state).toBe(6);
  });
});
