import CssBaseline from '@mui/material/CssBaseline';
import { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, type LayoutProps, localStorageStore, Resource } from 'react-admin';
import { ApiNotifications } from './api/ApiNotifications';
import { dataProvider } from './app/dataProvider';
import { bareRouteElements, layoutRouteElements } from './app/routeElements';
import { routeTable } from './app/routeTable';
import { authProvider } from './auth/authProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { LiveProvider } from './live/LiveProvider';
import { ScreenLoading } from './loading/ScreenLoading';
import { AdminLoginKit } from './login/AdminLoginKit';
import LoginPage from './login/LoginPage';
import { lazyPage, preloadPage } from './navigation/lazyPage';
import { RouteTableProvider } from './navigation/RouteTableProvider';
import { matchRoute, resolveRoutes } from './navigation/resolve';
import { loadSignedInShell, seedEarlyQueries } from './signedInShell';
import { teamUsers } from './teamUsers';
import { AppThemes } from './theme/AppThemes';

// Issue 24: the login page is what most first visits show, so the first script carries it and react-admin's core;
// the signed-in shell (with every screen's messages), each screen and react-admin's rare-state screens load apart.
const LazyLayout = lazyPage(loadSignedInShell);
const NotFound = lazy(() => import('./pages/NotFound'));

/** A lazily loaded component with the app's loading state while it arrives. */
function suspended<P extends object>(Component: ComponentType<P>) {
  return (props: P) => (
    <Suspense fallback={<ScreenLoading page />}>
      <Component {...props} />
    </Suspense>
  );
}

const fallback = (name: 'AccessDenied' | 'AuthCallback' | 'AuthenticationError' | 'Error') =>
  suspended(lazy(() => import('./app/adminFallbacks').then((module) => ({ default: module[name] as ComponentType }))));

const AppLayout = suspended<LayoutProps>(LazyLayout);
const CatchAll = suspended(NotFound);
const AdminError = fallback('Error');
const AccessDenied = fallback('AccessDenied');
const AuthenticationError = fallback('AuthenticationError');
const AuthCallback = fallback('AuthCallback');
const PageLoading = () => <ScreenLoading page />;
const store = localStorageStore();
const resolvedRoutes = resolveRoutes(routeTable);

/**
 * Issue 24: the screen of the address starts loading as soon as this script has run, alongside the signed-in shell
 * and the user, instead of once the layout has rendered and the route guard has passed.
 */
export function preloadScreen(address = window.location.hash.replace(/^#/, '') || '/'): void {
  const pathname = address.split('?')[0] || '/';
  let match = matchRoute(resolvedRoutes, pathname);
  if (match?.route.redirect && !match.route.page)
    match = matchRoute(resolvedRoutes, match.route.redirect.split('?')[0] ?? '/');
  preloadPage(match?.route.page);
}

/**
 * <Admin> taken apart: the theme comes from the settings in the store, so it sits between context and UI; and
 * CoreAdminUI instead of AdminUI, whose default layout and login screens this app replaces but would still ship.
 */
export const App = () => {
  // react-admin's own default (a plain QueryClient), holding the calls a first visit started ahead
  const [queryClient] = useState(() => {
    const client = new QueryClient();
    seedEarlyQueries(client);
    return client;
  });
  return (
    <AdminContext
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      darkTheme={null}
    >
      <AppThemes>
        <AdminLoginKit>
          <LiveProvider>
            <RouteTableProvider table={routeTable}>
              <CssBaseline enableColorScheme>
                <CoreAdminUI
                  title="pmbok"
                  layout={AppLayout}
                  loginPage={LoginPage}
                  catchAll={CatchAll}
                  loading={PageLoading}
                  error={AdminError}
                  accessDenied={AccessDenied}
                  authenticationError={AuthenticationError}
                  authCallbackPage={AuthCallback}
                  disableTelemetry
                >
                  <Resource {...teamUsers} />
                  <CustomRoutes noLayout>{bareRouteElements}</CustomRoutes>
                  <CustomRoutes>{layoutRouteElements}</CustomRoutes>
                </CoreAdminUI>
                <ApiNotifications />
              </CssBaseline>
            </RouteTableProvider>
          </LiveProvider>
        </AdminLoginKit>
      </AppThemes>
    </AdminContext>
  );
};
