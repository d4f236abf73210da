import { describe, expect, it } from 'vitest';
import { watchRouteChanges } from '../src/observability/routeChanges';
import { routeOf, withoutQueryValues } from '../src/observability/settings';

/** A window whose history moves its location as the browser's does, and whose events the test fires. */
function fakeWindow(href: string) {
  const listeners = new Map<string, Set<() => void>>();
  const location = { href };
  const move = (_state: unknown, _title: string, url?: string | URL | null) => {
    if (url) location.href = new URL(String(url), location.href).href;
  };
  const target = {
    location,
    history: { pushState: move, replaceState: move } as unknown as History,
    addEventListener: (type: string, listener: () => void) =>
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
  };
  const fire = (type: string) => {
    for (const listener of listeners.get(type) ?? []) listener();
  };
  return { target: target as unknown as Window, location, fire, listeners };
}

describe('the route of a console URL', () => {
  it('is the hash route without its query, or the path without a hash', () => {
    expect(routeOf('http://h/system/#/tasks/3?token=x')).toBe('/tasks/3');
    expect(routeOf('http://h/system/#/login')).toBe('/login');
    expect(routeOf('http://h/system/')).toBe('/system/');
  });

  it('loses its query values before it is sent', () => {
    expect(withoutQueryValues('http://h/system/#/share?token=abc&x=1')).toBe('http://h/system/#/share?token=&x=');
    expect(withoutQueryValues('http://h/a?flag#/b')).toBe('http://h/a?flag#/b');
  });
});

describe('watchRouteChanges', () => {
  it('reports each new route once, whether pushState, replaceState, back or a typed hash moved it', () => {
    const w = fakeWindow('http://h/system/#/login');
    const changes: string[] = [];
    const stop = watchRouteChanges((from, to) => changes.push(`${from} -> ${to}`), w.target);
    w.target.history.pushState(null, '', '#/index');
    w.target.history.replaceState(null, '', '#/index?tab=2'); // the same route: not a change
    w.target.history.pushState(null, '', '#/api');
    w.location.href = 'http://h/system/#/index';
    w.fire('popstate');
    w.location.href = 'http://h/system/#/chat';
    w.fire('hashchange');
    expect(changes).toEqual(['/login -> /index', '/index -> /api', '/api -> /index', '/index -> /chat']);

    stop();
    w.target.history.pushState(null, '', '#/work');
    w.fire('popstate');
    expect(changes).toHaveLength(4);
    expect(w.listeners.get('popstate')?.size).toBe(0);
  });
});
