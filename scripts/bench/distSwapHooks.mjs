// Module hooks of distSwap.mjs: a repository file that has a copy in the swap directory resolves to the copy, and a
// copy's imports resolve as its original's would (a file the swap directory does not hold, from the repository).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

let swap = '';
let root = '';

export function initialize(data) {
  swap = pathToFileURL(data.dir).href.replace(/\/?$/, '/');
  root = data.root.replace(/\/?$/, '/');
}

export async function resolve(specifier, context, next) {
  // A copy imports as if it were its original: bare packages from the repository's node_modules, siblings by path.
  const parentURL = context.parentURL?.startsWith(swap)
    ? root + context.parentURL.slice(swap.length)
    : context.parentURL;
  const resolved = await next(specifier, { ...context, parentURL });
  const { url } = resolved;
  if (url.startsWith(root) && !url.includes('/node_modules/')) {
    const copy = swap + url.slice(root.length);
    if (existsSync(fileURLToPath(copy))) return { ...resolved, url: copy };
  }
  return resolved;
}
