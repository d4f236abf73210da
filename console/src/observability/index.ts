import { watchRouteChanges } from './routeChanges';
import { faroEnabled } from './settings';

/** What happened before the SDK was loaded (route changes), given to it once it is. */
export type Pending = { from: string; to: string }[];

/** Runs `work` once the page has painted and the browser is idle (or 3 s later at most). */
function afterFirstPaint(work: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 3_000 }) : setTimeout(work, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
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
