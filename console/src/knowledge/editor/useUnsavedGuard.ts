import { useEffect } from 'react';
import { useBlocker, useCanBlock, useTranslate } from 'react-admin';

/**
 * Asks before unsaved changes are left: closing or reloading the tab (the browser's own prompt) and, inside the
 * console, moving to another route (react-admin's data router can block; outside one only the tab is guarded).
 */
export function useUnsavedGuard(dirty: boolean, message = 'app.knowledge.editor.unsaved_leave'): void {
  const translate = useTranslate();
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirty]);
  const canBlock = useCanBlock();
  // Whether the router can block does not change while the component lives, so the hook order is stable.
  // biome-ignore lint/correctness/useHookAtTopLevel: see above; useBlocker throws outside a data router
  if (canBlock) useRouteGuard(dirty, translate(message));
}

function useRouteGuard(dirty: boolean, text: string) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(text)) blocker.proceed?.();
    else blocker.reset?.();
  }, [blocker, text]);
}
