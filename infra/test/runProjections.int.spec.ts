import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryReadStore,
  type EventStore,
  openSqliteEventStore,
  type Projection,
  type ProjectionRunner,
  projectionApplySeconds,
  runProjections,
} from '../src/index.js';

describe('runProjections', () => {
  let dir = '';
  let store: EventStore | undefined;
  let runner: ProjectionRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('calls only the projections a batch has events for, and moves every checkpoint past it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmbok-projections-'));
    store = openSqliteEventStore({ file: join(dir, 'log.db'), sync: 'normal' });
    const readStore = createMemoryReadStore();
    const suffix = Math.random().toString(36).slice(2);
    const applied: string[] = [];
    const moves: Projection = {
      name: `moves-${suffix}`,
      canHandle: ['Moved'],
      handle: async (event) => void applied.push(event.type),
    };
    const comments: Projection = { name: `comments-${suffix}`, canHandle: ['Commented'], handle: async () => {} };
    runner = await runProjections({
      service: 'test',
      eventStore: store,
      readStore,
      projections: [moves, comments],
      logger: pino({ level: 'silent' }),
    });
    const { lastGlobalPosition } = await store.append('task-1', [{ type: 'Moved', data: {} }], 0);
    await runner.waitFor(lastGlobalPosition, 2_000);
    expect(applied).toEqual(['Moved']);
    const batches = (await projectionApplySeconds.get()).values.filter((v) => v.metricName?.endsWith('_count'));
    const countOf = (name: string) => batches.find((v) => v.labels.projection === name)?.value ?? 0;
    expect(countOf(moves.name)).toBe(1);
    expect(countOf(comments.name)).toBe(0);
    for (const name of [moves.name, comments.name]) {
      expect(await readStore.checkpoints.load(`projection:test:${name}`)).toBe(lastGlobalPosition);
    }
  });
});
