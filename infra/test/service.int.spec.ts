import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aiv1 } from '@pmbok/proto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLogger,
  type Decider,
  type DomainEvent,
  defineService,
  type EventStore,
  loadRuntimeConfig,
  type Projection,
  type RunCommand,
  type RunningService,
} from '../src/index.js';

type Noted = DomainEvent<'Noted', { text: string }>;
const notes: Decider<string[], { text: string }, Noted> = {
  initialState: () => [],
  evolve: (texts, event) => [...texts, event.data.text],
  decide: (command) => [{ type: 'Noted', data: { text: command.text } }],
};

/** A read model that applies nothing until the test opens its gate. */
function gatedProjection() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const projection: Projection = {
    name: 'gated',
    canHandle: ['Noted'],
    handle: () => gate,
  };
  return { projection, open };
}

/** A contract with GetStatus only (the lifecycle under test), taken from a real one. */
const statusOnly = {
  ...aiv1.AiServiceDefinition,
  methods: { getStatus: aiv1.AiServiceDefinition.methods.getStatus },
};

describe('defineService', () => {
  let dataDir: string;
  let running: RunningService | undefined;
  /** Lets a held-back read model go, so that a failed test still stops. */
  let release = () => {};
  const options = () => ({
    config: loadRuntimeConfig({ DATA_DIR: dataDir, EVENT_STORE_SYNC: 'normal' }),
    logger: createLogger('test', 'silent'),
    host: '127.0.0.1',
    port: 0,
  });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pmbok-service-'));
  });
  afterEach(async () => {
    release();
    await running?.stop();
    running = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives calls a runCommand that waits for the service's read models and reactions one that does not", async () => {
    const { projection, open } = gatedProjection();
    release = open;
    let reactionRun: RunCommand | undefined;
    let callRun: RunCommand | undefined;
    let log: EventStore | undefined;
    running = await defineService({
      name: 'ai',
      contract: statusOnly,
      projections: [projection],
      reactions: async ({ runCommand }) => {
        reactionRun = runCommand;
        return { stops: [] };
      },
      calls: ({ runCommand, runtime }) => {
        callRun = runCommand;
        log = runtime.eventStore;
        return {};
      },
    })(options());

    // The read model is held back, yet a reaction's command answers.
    await reactionRun!('note-1', notes, { text: 'from a reaction' }, {});

    let answered = false;
    const call = callRun!('note-1', notes, { text: 'from a caller' }, { userId: 7 }).then(() => {
      answered = true;
    });
    // Appended, but not answered while the read model cannot show it.
    await expect.poll(async () => (await log!.readStream('note-1')).length).toBe(2);
    expect(answered).toBe(false);
    open();
    await call;
    expect(answered).toBe(true);
  });

  it('stops what it started when a start fails halfway, and passes the error on', async () => {
    const stopped: string[] = [];
    const start = defineService({
      name: 'ai',
      contract: statusOnly,
      projections: [],
      reactions: async () => ({
        stops: [
          async () => {
            stopped.push('reaction');
          },
        ],
      }),
      calls: () => {
        throw new Error('no use cases today');
      },
    });
    await expect(start(options())).rejects.toThrow('no use cases today');
    expect(stopped).toEqual(['reaction']);
    // The log was closed too: the same data directory starts again.
    running = await defineService({
      name: 'ai',
      contract: statusOnly,
      projections: [],
      calls: () => ({}),
    })(options());
  });
});
