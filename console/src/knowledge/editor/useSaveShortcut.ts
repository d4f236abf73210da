import { useEffect, useRef } from 'react';

/** Ctrl+S (⌘S) saves the open editor instead of the browser saving the page; the latest `save` is called. */
export function useSaveShortcut(save: () => void): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
