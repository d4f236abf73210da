import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRouteTable } from './RouteTableProvider';
import { MAX_TAGS, type VisitedView, viewGroup, visit } from './tagsModel';
import type { ResolvedRoute } from './types';
import { useCurrentRoute } from './useCurrentRoute';

export type { VisitedView };

/** Where react-admin's store keeps the open tabs. */
export const VISITED_VIEWS_KEY = 'tagsView.visited';

const affixViewsOf = (routes: ResolvedRoute[]): VisitedView[] =>
  routes
    .filter(({ route, fullPath }) => route.affix && !fullPath.includes(':'))
    .map(({ route, fullPath }) => ({ path: fullPath, fullPath, title: route.title ?? '', affix: true }));

const sameTab = (a: VisitedView, b: VisitedView) => (a.group ?? a.path) === (b.group ?? b.path);

/**
 * The tags view's list: affixed views first, then the titled views visited in the layout, a project's sub-pages
 * sharing one tab and at most MAX_TAGS tabs in all (tagsModel.ts).
 */
export function useVisitedViews() {
  const [visited, setVisited] = useStore<VisitedView[]>(VISITED_VIEWS_KEY, []);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const { resolved } = useRouteTable();
  const affixViews = useMemo(() => affixViewsOf(resolved), [resolved]);
  const title = current?.route.redirect ? undefined : current?.route.title;
  const group = current ? viewGroup(current.fullPath, pathname) : undefined;

  useEffect(() => {
    if (!title) return;
    const view: VisitedView = { path: pathname, fullPath: pathname + search, title, affix: false, group };
    setVisited((views) => {
      if (affixViews.some((affix) => affix.path === pathname)) return views;
      return visit(views, view, MAX_TAGS - affixViews.length);
    });
  }, [pathname, search, title, group, affixViews, setVisited]);

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
    close: (target: VisitedView) => keep((view) => sameTab(view, target) === false),
    closeOthers: (target: VisitedView) => keep((view) => sameTab(view, target)),
    closeAll: () => keep(() => false),
    refresh: (target: VisitedView) => navigate(`/redirect${target.fullPath}`),
  };
}
