#!/usr/bin/env node
// The event store on MongoDB beside SQLite (issue 22), with the adapters the services use:
//
//   MONGO_URL=mongodb://127.0.0.1:27017/ node scripts/bench/eventStores.mjs [--appends=300] [--replay=2000]
//
// Per store: sequential appends of one event to streams of their own (each awaited, as a command is), ten at a time,
// replay of the whole log with readAll in batches of 500, and append → handled by a subscription: of the same store
// instance (woken in process, as a service's own read models are) and, on MongoDB, of another instance on the same
// log (as another process follows it, by polling every 20 ms), p50 and p99. Prints JSON and a
// Markdown table. Here MONGO_URL is FerretDB 1.24 on SQLite (tools/ferretdb), which scans every collection on every
// query (docs/adr/0006-real-engines.md): its numbers are FerretDB's, not MongoDB's.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openMongoEventStore, openSqliteEventStore } from '@pmbok/infra';
import { percentile } from './lib.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const APPENDS = arg('appends', 300);
const REPLAY = arg('replay', 2000);
const LATENCY = arg('latency', 100);

const event = (n) => ({ type: 'BenchHappened', data: { n, text: '压测事件'.repeat(8) } });

async function follow(store, follower) {
  const sent = new Map();
  const seen = [];
  let waiting;
  const subscription = await follower.subscribe({
    subscriberId: `bench-${randomUUID()}`,
    handler: async (events) => {
      for (const e of events) {
        const at = sent.get(e.metadata.streamId);
        if (at !== undefined) {
          seen.push(performance.now() - at);
          waiting?.();
        }
      }
    },
  });
  await subscription.catchUp(300_000);
  for (let i = 0; i < LATENCY; i++) {
    const streamId = `bench-${randomUUID()}`;
    const handled = new Promise((resolve) => {
      waiting = resolve;
    });
    sent.set(streamId, performance.now());
    await store.append(streamId, [event(i)], 0);
    await handled;
  }
  await subscription.stop();
  return { p50: Number(percentile(seen, 50).toFixed(1)), p99: Number(percentile(seen, 99).toFixed(1)) };
}

async function measure(name, open, crossProcess) {
  const store = await open();
  const follower = crossProcess ? await open() : undefined;
  try {
    // sequential appends
    let started = performance.now();
    for (let i = 0; i < APPENDS; i++) await store.append(`bench-${randomUUID()}`, [event(i)], 0);
    const sequential = APPENDS / ((performance.now() - started) / 1000);
    // ten at a time
    started = performance.now();
    for (let i = 0; i < APPENDS; i += 10)
      await Promise.all(Array.from({ length: 10 }, (_, j) => store.append(`bench-${randomUUID()}`, [event(i + j)], 0)));
    const concurrent = APPENDS / ((performance.now() - started) / 1000);
    // fill up to REPLAY events, then replay
    const head = await store.head();
    for (let i = head; i < REPLAY; i += 50)
      await store.append(
        `bench-${randomUUID()}`,
        Array.from({ length: Math.min(50, REPLAY - i) }, (_, j) => event(i + j)),
        0,
      );
    started = performance.now();
    let replayed = 0;
    for (let after = 0; ; ) {
      const batch = await store.readAll(after, 500);
      if (batch.length === 0) break;
      replayed += batch.length;
      after = batch[batch.length - 1].metadata.globalPosition;
    }
    const replay = replayed / ((performance.now() - started) / 1000);
    const same = await follow(store, store);
    const other = follower ? await follow(store, follower) : undefined;
    const result = {
      store: name,
      appendsPerSecond: Math.round(sequential),
      appendsPerSecondTenAtATime: Math.round(concurrent),
      replayEventsPerSecond: Math.round(replay),
      replayed,
      sameInstance: same,
      otherInstance: other,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await follower?.close();
    await store.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'pmbok-bench-stores-'));
const results = [];
try {
  const file = join(dir, 'bench.db');
  results.push(await measure('SQLite (EVENT_STORE_SYNC=full)', async () => openSqliteEventStore({ file }), false));
  if (process.env.MONGO_URL) {
    const dbName = `pmbok_bench_${randomUUID().slice(0, 8)}`;
    const url = process.env.MONGO_URL;
    results.push(
      await measure(
        'MongoDB (FerretDB 1.24 on SQLite)',
        () => openMongoEventStore({ url, dbName, service: 'bench', pollIntervalMs: 20 }),
        true,
      ),
    );
  } else console.error('MONGO_URL unset: SQLite only');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('');
console.log(
  '| store | appends/s (one at a time) | appends/s (ten at a time) | replay events/s | append → handled, same instance, p50 / p99 | append → handled, another instance, p50 / p99 |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of results)
  console.log(
    `| ${r.store} | ${r.appendsPerSecond} | ${r.appendsPerSecondTenAtATime} | ${r.replayEventsPerSecond} (${r.replayed} events) | ${r.sameInstance.p50} / ${r.sameInstance.p99} ms | ${r.otherInstance ? `${r.otherInstance.p50} / ${r.otherInstance.p99} ms` : '–'} |`,
  );
