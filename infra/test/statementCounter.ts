import Database from 'better-sqlite3';

type Method = 'run' | 'all';

/**
 * Counts the statements better-sqlite3 runs on this thread (every statement's `run` or `all` passes one prototype),
 * by name, each name counting the statements whose SQL its test matches. `stop()` puts the prototype back.
 */
export function countStatements<N extends string>(method: Method, tests: Record<N, (sql: string) => boolean>) {
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<Method, (...args: unknown[]) => unknown>;
  probe.close();
  const original = prototype[method];
  const counts = Object.fromEntries(Object.keys(tests).map((name) => [name, 0])) as Record<N, number>;
  prototype[method] = function (this: { source: string }, ...args: unknown[]) {
    for (const name of Object.keys(tests) as N[]) if (tests[name](this.source)) counts[name] += 1;
    return original.apply(this, args);
  };
  return {
    counts,
    stop: () => {
      prototype[method] = original;
    },
  };
}
