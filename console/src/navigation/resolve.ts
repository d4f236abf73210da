import { matchPath } from 'react-router-dom';
import type { AppRoute, ResolvedRoute } from './types';

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every row of a route table, parents before their children. */
export function resolveRoutes(routes: AppRoute[], parents: ResolvedRoute[] = []): ResolvedRoute[] {
  return routes.flatMap((route) => {
    const parent = parents.at(-1);
    const resolved: ResolvedRoute = { fullPath: join(parent?.fullPath ?? '/', route.path), route, parents };
    return [resolved, ...resolveRoutes(route.children ?? [], [...parents, resolved])];
  });
}

/** The row rendering this pathname (a leaf or a redirecting parent). */
export function matchRoute(routes: ResolvedRoute[], pathname: string): ResolvedRoute | undefined {
  return routes.find(
    (resolved) =>
      (resolved.route.page || resolved.route.redirect || !resolved.route.children) &&
      matchPath({ path: resolved.fullPath, end: true }, pathname) !== null,
  );
}

export function isPermitted(route: AppRoute, roles: string[]): boolean {
  return !route.roles || route.roles.some((role) => roles.includes(role));
}
