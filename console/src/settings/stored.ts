// react-admin's store (localStorageStore: `RaStore.{key}`, JSON values) read and written without react-admin, for
// the login page's own entry (issue 24), which draws before react-admin is loaded.
const PREFIX = 'RaStore.';

export function readStored<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // storage refused (private mode): the choice lasts for this page
  }
}
