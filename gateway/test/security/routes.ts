import { apiCalls } from '../../src/routes/api/index.js';
import type { Harness } from '../harness.js';

/** `module/call`, or `module` for a call at the module's own path: the key of the suite's tables. */
export const keyOf = (call: { module: string; call: string }) =>
  call.call ? `${call.module}/${call.call}` : call.module;
export const apiKeys = apiCalls.map(keyOf);

/**
 * Every route the app serves, as `METHOD /path`, read from Fastify's own route tree (an indented radix tree whose
 * children continue their parent's path), so a route added anywhere shows up here without a list kept by hand.
 */
export function servedRoutes(app: Harness['app']): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[└├]── (\S*)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (paths[depth - 1] ?? '') + match[2];
    paths[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}
