import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCommandRunner,
  type Decider,
  type DomainEvent,
  type EventStore,
  openSqliteEventStore,
} from '../src/index.js';

type Noted = DomainEvent<'Noted' | 'Whispered', { text: string }>;
type Note = { text: string; quietly?: boolean };
const notes: Decider<string[], Note, Noted> = {
  initialState: () => [],
  evolve: (texts, event) => [...texts, event.data.text],
  decide: (command) => [{ type: command.quietly ? 'Whispered' : 'Noted', data: { text: command.text } }],
};

/** Read models that show `Noted` events; unless `caughtUp`, each waitFor resolves only when the test says so. */
function heldReadModels({ caughtUp = false } = {}) {
  const waits: { position: number; release: () => void }[] = [];
  return {
    waits,
    projections: [{ canHandle: ['Noted'] }],
    waitFor: (position: number) =>
      new Promise<void>((release) => {
        waits.push({ position, release });
        if (caughtUp) release();
      }),
  };
}

describe('createCommandRunner', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-commands-'));
    store = openSqliteEventStore({ file: join(dir, 'c.db'), sync: 'normal' });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records who, which request, which team and when from the caller, the options and the clock', async () => {
    const runCommand = createCommandRunner({ eventStore: store, now: () => 42_000 });
    await runCommand(
      'note-1',
      notes,
      { text: 'a' },
      { userId: 7, correlationId: 'req-1' },
      { commandId: 'c1', teamId: 3 },
    );
    await runCommand('note-1', notes, { text: 'b' }, {});
    const [first, second] = await store.readStream('note-1');
    expect(first!.metadata).toMatchObject({
      actor: '7',
      correlationId: 'req-1',
      commandId: 'c1',
      teamId: '3',
      at: 42_000,
    });
    expect(second!.metadata.actor).toBeUndefined();
    expect(second!.metadata.teamId).toBeUndefined();
  });

  it('answers only after the own read models have applied an event they show (read-your-writes)', async () => {
    const readModels = heldReadModels();
    const runCommand = createCommandRunner({ eventStore: store, readModels });
    let answered = false;
    const running = runCommand('note-1', notes, { text: 'a' }, { userId: 7 }).then(() => {
      answered = true;
    });
    await expect.poll(() => readModels.waits.length).toBe(1);
    expect(readModels.waits[0]!.position).toBe(1);
    await Promise.resolve();
    expect(answered).toBe(false);
    readModels.waits[0]!.release();
    await running;
    expect(answered).toBe(true);
  });

  it('does not wait for events no own read model shows, nor without read models (a reaction answers nobody)', async () => {
    const readModels = heldReadModels({ caughtUp: true });
    await createCommandRunner({ eventStore: store, readModels })('note-1', notes, { text: 'a', quietly: true }, {});
    await createCommandRunner({ eventStore: store })('note-1', notes, { text: 'b' }, {});
    expect(readModels.waits).toEqual([]);
  });

  it('answers a retried command id with its first events, after the read models show them', async () => {
    const readModels = heldReadModels();
    const runCommand = createCommandRunner({ eventStore: store, readModels });
    const first = runCommand('note-1', notes, { text: 'a' }, {}, { commandId: 'same' });
    await expect.poll(() => readModels.waits.length).toBe(1);
    readModels.waits[0]!.release();
    await first;
    const retry = runCommand('note-1', notes, { text: 'other' }, {}, { commandId: 'same' });
    await expect.poll(() => readModels.waits.length).toBe(2);
    readModels.waits[1]!.release();
    const { events, result } = await retry;
    expect(result.alreadyApplied).toBe(true);
    expect(events.map((e) => e.data.text)).toEqual(['a']);
    expect(readModels.waits[1]!.position).toBe(1);
  });
});
