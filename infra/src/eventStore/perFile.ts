/**
 * One shared thing per database file in this process, counted by its users: `acquire` makes it on first use, and
 * `release` by its last user drops it (the sqlite store's known stream versions, the subscriptions' shared tail).
 */
export function perFile<T>(make: () => T) {
  const entries = new Map<string, { value: T; users: number }>();
  return {
    acquire(file: string): T {
      let entry = entries.get(file);
      if (!entry) {
        entry = { value: make(), users: 0 };
        entries.set(file, entry);
      }
      entry.users += 1;
      return entry.value;
    },
    /** Gives back one use of `value` (nothing if `file` now holds another). */
    release(file: string, value: T): void {
      const entry = entries.get(file);
      if (!entry || entry.value !== value) return;
      entry.users -= 1;
      if (entry.users === 0) entries.delete(file);
    },
    /** The thing of `file` if anyone uses it, without taking a use. */
    peek: (file: string): T | undefined => entries.get(file)?.value,
  };
}
