import { useState } from 'react';

/**
 * What the page should keep while it is open: a change of the address's query re-checks the session and mounts the
 * screen anew (auth/RouteGuard.tsx), so a search typed, a tab picked or a page of the history would be lost on each
 * click. Kept here, for the browser tab's life, by name.
 */
const memory = new Map<string, unknown>();

export function usePageMemory<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (memory.has(key) ? (memory.get(key) as T) : initial));
  const set = (next: T) => {
    memory.set(key, next);
    setValue(next);
  };
  return [value, set];
}
