import { routeOf } from './settings';

/**
 * Calls `onChange(from, to)` whenever the route changes. react-router's hash history moves with pushState and
 * replaceState (which fire no event) and the browser's back and forward fire popstate or hashchange: all four are
 * watched, and a change counts once per new route. Returns the function that stops watching.
 */
export function watchRouteChanges(onChange: (from: string, to: string) => void, target: Window = window) {
  let current = routeOf(target.location.href);
  const check = () => {
    const next = routeOf(target.location.href);
    if (next === current) return;
    const from = current;
    current = next;
    onChange(from, next);
  };
  const { history } = target;
  const originals = { pushState: history.pushState, replaceState: history.replaceState };
  for (const name of ['pushState', 'replaceState'] as const) {
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = originals[name].apply(this, args);
      check();
      return result;
    };
  }
  target.addEventListener('popstate', check);
  target.addEventListener('hashchange', check);
  return () => {
    Object.assign(history, originals);
    target.removeEventListener('popstate', check);
    target.removeEventListener('hashchange', check);
  };
}
