import { setFlagsFromString } from 'node:v8';

/** A run this long pays back what the optimizing compiler costs: it is turned on again from then on. */
const LONG_RUN_REQUESTS = 2_000;
let optimizerHeld = false;

/**
 * V8 settings for the CLI's one short process, where memory counts more than the last few percent of speed (the
 * server's runner keeps V8's defaults). The flags are read where they apply, so setting them as the CLI starts,
 * before anything is compiled and before the heap grows, takes effect (docs/benchmarks.md has the numbers):
 * - `--liftoff-only`: QuickJS's WebAssembly stays on V8's baseline compiler. Tiering its interpreter loop up to the
 *   optimizing compiler held ~20 MB while it compiled, for a few percent of a run's time.
 * - `--optimize-for-size`: among V8's memory-first choices, the young generation stops growing at 16 MB instead of
 *   32 (a run's results outlive their requests, and V8 grows it as they survive).
 * - `--no-turbofan` until LONG_RUN_REQUESTS requests: optimizing the CLI's own JavaScript cost ~10 MB (compiler
 *   memory malloc keeps) and no time in a run of 1,000 requests; past 2,000 it starts to pay back.
 */
export function favourMemory(): void {
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--optimize-for-size');
  setFlagsFromString('--no-turbofan');
  optimizerHeld = true;
}

/** Told the count of requests a run has finished; a long run gets the optimizing compiler back. */
export function requestsDone(count: number): void {
  if (!optimizerHeld || count < LONG_RUN_REQUESTS) return;
  optimizerHeld = false;
  setFlagsFromString('--turbofan');
}
