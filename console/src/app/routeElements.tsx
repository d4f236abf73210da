import { lazy, Suspense, use } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { loadScreenMessages } from '../i18n/i18nProvider';
import { ScreenLoading } from '../loading/ScreenLoading';
import { resolveRoutes } from '../navigation/resolve';
import type { ResolvedRoute } from '../navigation/types';
import { useDocumentTitle } from '../navigation/useDocumentTitle';
import { routeTable } from './routeTable';

const EmptyState = lazy(() => import('../pages/EmptyState'));
const FramePage = lazy(() => import('../frames/FramePage'));

const RoutePage = ({ resolved }: { resolved: ResolvedRoute }) => {
  const Page = resolved.route.frame ? FramePage : (resolved.route.page ?? EmptyState);
  return <Page route={resolved} />;
};

/** The screens' messages (loaded apart from the login page's, issue 24) before a page outside the layout renders. */
const WithScreenMessages = ({ resolved }: { resolved: ResolvedRoute }) => {
  use(loadScreenMessages());
  return <RoutePage resolved={resolved} />;
};

/** Pages outside the layout set their own document title. */
const BarePage = ({ resolved }: { resolved: ResolvedRoute }) => {
  useDocumentTitle();
  return (
    <Suspense fallback={<ScreenLoading page />}>
      <WithScreenMessages resolved={resolved} />
    </Suspense>
  );
};

function toElement(resolved: ResolvedRoute, bare: boolean) {
  const { route, fullPath } = resolved;
  const element =
    route.redirect && !route.page ? (
      <Navigate to={route.redirect} replace />
    ) : bare ? (
      <BarePage resolved={resolved} />
    ) : (
      <RoutePage resolved={resolved} />
    );
  return <Route key={fullPath} path={fullPath} element={element} />;
}

const isRendered = ({ route }: ResolvedRoute) =>
  !route.builtIn && (route.redirect || route.page || route.frame || !route.children);
const topLevel = (resolved: ResolvedRoute) => resolved.parents[0]?.route ?? resolved.route;
const resolvedRoutes = resolveRoutes(routeTable);

/** Routes inside the layout (whose Suspense covers lazy screens and which sets the document title). */
export const layoutRouteElements = resolvedRoutes
  .filter((resolved) => isRendered(resolved) && topLevel(resolved).layout !== false)
  .map((resolved) => toElement(resolved, false));

/** Routes rendered without navbar and sidebar. */
export const bareRouteElements = resolvedRoutes
  .filter((resolved) => isRendered(resolved) && topLevel(resolved).layout === false)
  .map((resolved) => toElement(resolved, true));
