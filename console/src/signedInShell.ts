import { routeTable } from './app/routeTable';
import { preloadScreen } from './app/screen';
import { loadUser } from './auth/userInfo';
import { loadScreenMessages } from './i18n/i18nProvider';
import { matchRoute, resolveRoutes } from './navigation/resolve';
import { getToken } from './session/session';

type Shell = typeof import('./layout/AppLayout');
let shell: Promise<Shell> | null = null;

/** The signed-in layout with the screens' messages it and its screens translate (issue 24: both load apart). */
export function loadSignedInShell(): Promise<Shell> {
  shell ??= Promise.all([import('./layout/AppLayout'), loadScreenMessages()])
    .then(([layout]) => layout)
    .catch((error) => {
      shell = null; // a failed chunk load (a release under an open tab) may succeed on the next try
      throw error;
    });
  return shell;
}

/**
 * A visit with a stored session fetches the user, the shell and the opened route's screen at once, instead of one
 * after the other as the shell runs, the route guard asks for the user and the router renders the screen (the guard
 * then finds the user loaded or on its way, the router the screen's script).
 */
export function prefetchSignedIn(): void {
  if (!getToken()) return;
  loadSignedInShell().catch(() => undefined);
  loadUser().catch(() => undefined);
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const route = matchRoute(resolveRoutes(routeTable), path === '/' ? '/index' : path)?.route;
  preloadScreen(route?.page);
}
