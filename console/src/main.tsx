import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPublicPath } from './auth/publicPaths';
import { captureErrors } from './errorLog/captureErrors';
import { loginPathFor } from './navigation/loginPath';
import { startRealUserMonitoring } from './observability';
import { getToken } from './session/session';
import { loadSignedInShell, prefetchSignedIn, startFirstScreen } from './signedInShell';
import { SignInPage } from './signIn';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// SPEC §8: production errors are logged to the error log (in development the console shows them).
if (import.meta.env.PROD) captureErrors();
// Issue 23: Grafana Faro to the gateway's /faro/collect, loaded after the first paint (observability/settings.ts).
startRealUserMonitoring();
// index.html's spinner stays until the app has drawn something (its first commits may be empty).
const boot = document.getElementById('boot');
if (boot) {
  new MutationObserver((_changes, observer) => {
    if (!root.childElementCount) return;
    boot.remove();
    observer.disconnect();
  }).observe(root, { childList: true });
}

const reactRoot = createRoot(root);
let app: Promise<typeof import('./App')> | null = null;
const loadApp = () => {
  app ??= import('./App');
  return app;
};

const RELOADED = 'pmbok-reloaded-for-app';
let appShown = false;
/** The app (react-admin) at the route the address shows; a signed-in visit fetches the shell at the same time. */
function showApp(): void {
  if (appShown) return;
  appShown = true;
  const signedIn = Boolean(getToken());
  if (signedIn) loadSignedInShell().catch(() => undefined);
  loadApp().then(
    ({ App, preloadScreen }) => {
      sessionStorage.removeItem(RELOADED);
      if (signedIn) preloadScreen();
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    },
    () => {
      // the app's script is gone (a release replaced the bundle under an open page): load the page again, once
      if (sessionStorage.getItem(RELOADED)) return;
      sessionStorage.setItem(RELOADED, '1');
      window.location.reload();
    },
  );
}

/**
 * Issue 24: without a session, the sign-in form (of /login, or of a page that needs a session, which the route
 * guard would send there) is drawn by this first script alone; react-admin and the rest load after signing in.
 */
function signInFirst(): boolean {
  if (getToken()) return false;
  const route = window.location.hash.replace(/^#/, '') || '/';
  const [path, query] = route.split('?');
  if (path === '/login') return (new URLSearchParams(query).get('form') ?? 'login') === 'login';
  if (isPublicPath(route)) return false;
  window.history.replaceState(window.history.state, '', `#${loginPathFor(route)}`);
  return true;
}

if (signInFirst()) {
  // another route typed or linked while the form shows: the form again for a page that needs a session (the
  // SignInPage reads the new redirect), else the app
  const onRouteChange = () => {
    if (signInFirst()) return;
    window.removeEventListener('hashchange', onRouteChange);
    showApp();
  };
  window.addEventListener('hashchange', onRouteChange);
  reactRoot.render(
    <StrictMode>
      <SignInPage toApp={showApp} warmUp={() => void loadApp().catch(() => undefined)} />
    </StrictMode>,
  );
} else {
  // a signed-in visit loads its user and the shell while the app's script arrives
  prefetchSignedIn();
  startFirstScreen();
  showApp();
}
