import { lazy, Suspense } from 'react';
import {
  AdminContext,
  AdminUI,
  CustomRoutes,
  type LayoutProps,
  Loading,
  localStorageStore,
  Resource,
} from 'react-admin';
import { ApiNotifications } from './api/ApiNotifications';
import { dataProvider } from './app/dataProvider';
import { bareRouteElements, layoutRouteElements } from './app/routeElements';
import { routeTable } from './app/routeTable';
import { authProvider } from './auth/authProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { LiveProvider } from './live/LiveProvider';
import LoginPage from './login/LoginPage';
import { RouteTableProvider } from './navigation/RouteTableProvider';
import { teamUsers } from './teamUsers';
import { AppThemes } from './theme/AppThemes';

// The signed-in shell loads after the login page, which is what most first visits show.
const LazyLayout = lazy(() => import('./layout/AppLayout'));
const NotFound = lazy(() => import('./pages/NotFound'));

const AppLayout = (props: LayoutProps) => (
  <Suspense fallback={<Loading />}>
    <LazyLayout {...props} />
  </Suspense>
);

const store = localStorageStore();

/** <Admin> taken apart: the theme comes from the settings in the store, so it sits between context and UI. */
export const App = () => (
  <AdminContext
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    store={store}
    darkTheme={null}
  >
    <AppThemes>
      <LiveProvider>
        <RouteTableProvider table={routeTable}>
          <AdminUI
            title="pmbok"
            layout={AppLayout}
            loginPage={LoginPage}
            catchAll={NotFound}
            notification={ApiNotifications}
            disableTelemetry
          >
            <Resource {...teamUsers} />
            <CustomRoutes noLayout>{bareRouteElements}</CustomRoutes>
            <CustomRoutes>{layoutRouteElements}</CustomRoutes>
          </AdminUI>
        </RouteTableProvider>
      </LiveProvider>
    </AppThemes>
  </AdminContext>
);
