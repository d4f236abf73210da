import { loadUser } from './auth/userInfo';
import { getToken } from './session/session';

type Shell = typeof import('./layout/AppLayout');
let shell: Promise<Shell> | null = null;

/** The signed-in layout with the screens' messages it and its screens translate (issue 24: both load apart). */
export function loadSignedInShell(): Promise<Shell> {
  // the messages' chunk is asked for at once too, not after i18nProvider's (loadScreenMessages imports the same one)
  shell ??= Promise.all([
    import('./layout/AppLayout'),
    import('./i18n/i18nProvider').then((i18n) => i18n.loadScreenMessages()),
    import('./i18n/zh-CN'),
  ])
    .then(([layout]) => layout)
    .catch((error) => {
      shell = null; // a failed chunk load (a release under an open tab) may succeed on the next try
      throw error;
    });
  return shell;
}

/**
 * A visit with a stored session fetches the user and the shell at once, instead of the user after the shell's
 * script has run and the route guard asks for it (the route guard then finds the user loaded or on its way).
 */
export function prefetchSignedIn(): void {
  if (!getToken()) return;
  loadSignedInShell().catch(() => undefined);
  loadUser().catch(() => undefined);
}
