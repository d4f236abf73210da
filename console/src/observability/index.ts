import { watchRouteChanges } from './routeChanges';
import { faroEnabled } from './settings';

/** What happened before the SDK was loaded (route changes), given to it once it is. */
export type Pending = { from: string; to: string }[];

/** The page's first content (not index.html's spinner, drawn in borders): the login form, or a signed-in screen. */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!('PerformanceObserver' in window) || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(resolve, 10_000); // a page that draws nothing still gets monitored
  });
}

/**
 * Runs `work` once the page has loaded and drawn its first content, when the browser is idle (or 3 s later at
 * most): a signed-in visit's screen chunks and Faro's 40 KB (gzip) do not compete (issue 24).
 */
function afterFirstPaint(work: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 3_000 }) : setTimeout(work, 200);
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  Promise.all([loaded, firstContentfulPaint()]).then(idle);
}

/**
 * Starts real-user monitoring (issue 23): route changes are watched from now, and Grafana Faro (page loads, web
 * vitals, errors, sessions, then traces) is loaded after the first paint, so the login page's first load carries only
 * this file. The SPEC §8 error log keeps its own listeners; both see every error.
 */
export function startRealUserMonitoring(): void {
  if (!faroEnabled()) return;
  const pending: Pending = [];
  let push: (from: string, to: string) => void = (from, to) => {
    pending.push({ from, to });
  };
  watchRouteChanges((from, to) => push(from, to));
  afterFirstPaint(() => {
    import('./faro')
      .then(({ startFaro }) => {
        push = startFaro(pending);
      })
      .catch(() => {
        // monitoring that cannot load (an old cached page after a release) must not disturb the page
      });
  });
}
