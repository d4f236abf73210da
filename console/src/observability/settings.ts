/**
 * Real-user monitoring (Grafana Faro) is on in production builds. Off switches: `VITE_PMBOK_FARO=off` when building
 * (nothing of it is loaded), or `localStorage['pmbok-faro'] = 'off'` in one browser. `VITE_PMBOK_FARO=on` turns it on
 * in the development server too.
 */
export function faroEnabled(): boolean {
  const built = import.meta.env.VITE_PMBOK_FARO as string | undefined;
  if (built === 'off') return false;
  if (!import.meta.env.PROD && built !== 'on') return false;
  try {
    return localStorage.getItem('pmbok-faro') !== 'off';
  } catch {
    return true; // storage refused (private mode): the default holds
  }
}

/** The gateway's collector, on the page's own origin (no CORS, the CSP's connect-src 'self'). */
export const FARO_COLLECT_PATH = '/faro/collect';

/** A URL without its query values: share links and sign-in tickets carry tokens there. */
export function withoutQueryValues(url: string): string {
  return url.replace(/([?&][^=&#]*)=[^&#]*/g, '$1=');
}

/** The route of a hash-routed console URL (`/system/#/tasks/3?x=1` → `/tasks/3`), or the path when it has no hash. */
export function routeOf(href: string): string {
  const url = new URL(href, 'http://localhost');
  const hash = url.hash.replace(/^#/, '');
  return (hash || url.pathname).split('?')[0] || '/';
}
