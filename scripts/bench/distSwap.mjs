// Preloaded into the app under test (`node --import ./scripts/bench/distSwap.mjs …`) by taskPath.mjs to measure an
// earlier build beside the current one in the same run: with DIST_SWAP_DIR set to a directory that mirrors built
// files by their path in the repository (DIR/infra/dist/readStore/memory.js), each module found there is loaded
// from there instead, and everything else from the repository as usual.
import { register } from 'node:module';

const dir = process.env.DIST_SWAP_DIR;
if (dir)
  register('./distSwapHooks.mjs', import.meta.url, { data: { dir, root: new URL('../..', import.meta.url).href } });
