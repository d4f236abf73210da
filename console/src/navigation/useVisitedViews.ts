import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRouteTable } from './RouteTableProvider';
import type { ResolvedRoute } from './types';
import { useCurrentRoute } from './useCurrentRoute';

/** Where react-admin's store keeps the open tabs. */
export const VISITED_VIEWS_KEY = 'tagsView.visited';

export interface VisitedView {
  /** pathname: one tab per view */
  path: string;
  /** pathname + search: where the tab leads */
  fullPath: string;
  title: string;
  affix: boolean;
}

const affixViewsOf = (routes: ResolvedRoute[]): VisitedView[] =>
  routes
    .filter(({ route, fullPath }) => route.affix && !fullPath.includes(':'))
    .map(({ route, fullPath }) => ({ path: fullPath, fullPath, title: route.title ?? '', affix: true }));

/** The tags view's list: affixed views first, then every titled view visited in the layout. */
export function useVisitedViews() {
  const [visited, setVisited] = useStore<VisitedView[]>(VISITED_VIEWS_KEY, []);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const { resolved } = useRouteTable();
  const affixViews = useMemo(() => affixViewsOf(resolved), [resolved]);
  const title = current?.route.redirect ? undefined : current?.route.title;

  useEffect(() => {
    if (!title) return;
    const view: VisitedView = { path: pathname, fullPath: pathname + search, title, affix: false };
    setVisited((views) => {
      if (affixViews.some((affix) => affix.path === pathname)) return views;
      const index = views.findIndex((existing) => existing.path === pathname);
      if (index === -1) return [...views, view];
      return views.map((existing, i) => (i === index ? view : existing));
    });
  }, [pathname, search, title, affixViews, setVisited]);

  const views = useMemo(() => {
    const affixed = affixViews.map((view) =>
      view.path === pathname ? { ...view, fullPath: pathname + search } : view,
    );
    return [...affixed, ...visited];
  }, [affixViews, visited, pathname, search]);

  /** Keeps only `kept`; when the current view goes, the last remaining one (or home) opens. */
  const keep = useCallback(
    (kept: (view: VisitedView) => boolean) => {
      const remaining = views.filter((view) => view.affix || kept(view));
      setVisited(remaining.filter((view) => !view.affix));
      if (!remaining.some((view) => view.path === pathname)) navigate(remaining.at(-1)?.fullPath ?? '/');
    },
    [views, pathname, navigate, setVisited],
  );

  return {
    views,
    close: (target: VisitedView) => keep((view) => view.path !== target.path),
    closeOthers: (target: VisitedView) => keep((view) => view.path === target.path),
    closeAll: () => keep(() => false),
    refresh: (target: VisitedView) => navigate(`/redirect${target.fullPath}`),
  };
}
