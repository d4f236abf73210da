import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings for the CLI's one short process, where memory counts more than the last few percent of speed (the
 * server's runner keeps V8's defaults). Both flags are read when they apply, so setting them as the CLI starts,
 * before QuickJS is compiled and before the heap grows, takes effect (docs/benchmarks.md has the numbers):
 * - `--liftoff-only`: QuickJS's WebAssembly stays on V8's baseline compiler. Tiering its interpreter loop up to the
 *   optimizing compiler held ~20 MB while it compiled, for a few percent of a run's time.
 * - `--optimize-for-size`: V8 keeps the young generation at a few MB; it grew to 32 MB over a run of 1,000 requests.
 */
export function favourMemory(): void {
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--optimize-for-size');
}
