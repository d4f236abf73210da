import { useSyncExternalStore } from 'react';

/** SPEC §3: the error log list, with add and clear. It lives as long as the page: a reload starts afresh. */
export interface ErrorLogEntry {
  id: number;
  /** window: an uncaught error; promise: an unhandled rejection; render: caught by the layout's error boundary. */
  source: 'window' | 'promise' | 'render';
  message: string;
  stack?: string;
  /** Where React was rendering (render errors). */
  componentStack?: string;
  /** The page the user was on (hash route included). */
  url: string;
  time: number;
}

/** Oldest entries go first once the log is this long, so a failure in a loop cannot eat the memory. */
export const ERROR_LOG_LIMIT = 100;

let entries: readonly ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function addErrorLog(entry: Omit<ErrorLogEntry, 'id'>): void {
  entries = [...entries, { ...entry, id: nextId++ }].slice(-ERROR_LOG_LIMIT);
  emit();
}

export function clearErrorLog(): void {
  entries = [];
  emit();
}

export const getErrorLog = (): readonly ErrorLogEntry[] => entries;

export function subscribeErrorLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useErrorLog = () => useSyncExternalStore(subscribeErrorLog, getErrorLog);

/** What an error-like value says about itself (anything may be thrown or rejected). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}
