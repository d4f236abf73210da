import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { captureErrors } from './errorLog/captureErrors';
import { startRealUserMonitoring } from './observability';
import { prefetchSignedIn } from './signedInShell';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// SPEC §8: production errors are logged to the error log (in development the console shows them).
if (import.meta.env.PROD) captureErrors();
// Issue 23: Grafana Faro to the gateway's /faro/collect, loaded after the first paint (observability/settings.ts).
startRealUserMonitoring();
// Issue 24: a signed-in visit loads its user and the shell while the first render runs.
prefetchSignedIn();
// index.html's spinner stays until the app has drawn something (its first commits may be empty).
const boot = document.getElementById('boot');
if (boot) {
  new MutationObserver((_changes, observer) => {
    if (!root.childElementCount) return;
    boot.remove();
    observer.disconnect();
  }).observe(root, { childList: true });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
