import { matchPath } from 'react-router-dom';
import { routeTable } from './routeTable';
import type { AppRoute, ResolvedRoute } from './types';

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function resolveAll(routes: AppRoute[], parents: ResolvedRoute[] = []): ResolvedRoute[] {
  return routes.flatMap((route) => {
    const parent = parents.at(-1);
    const resolved: ResolvedRoute = { fullPath: join(parent?.fullPath ?? '/', route.path), route, parents };
    return [resolved, ...resolveAll(route.children ?? [], [...parents, resolved])];
  });
}

/** Every row of the table, parents before their children. */
export const resolvedRoutes: ResolvedRoute[] = resolveAll(routeTable);

/** The row rendering this pathname (a leaf or a redirecting parent). */
export function matchRoute(pathname: string): ResolvedRoute | undefined {
  return resolvedRoutes.find(
    (resolved) =>
      (resolved.route.page || resolved.route.redirect || !resolved.route.children) &&
      matchPath({ path: resolved.fullPath, end: true }, pathname) !== null,
  );
}

export function isPermitted(route: AppRoute, roles: string[]): boolean {
  return !route.roles || route.roles.some((role) => roles.includes(role));
}
