import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes, type LayoutProps, Loading, Resource } from 'react-admin';
import { ApiNotifications } from './api/ApiNotifications';
import { authProvider } from './auth/authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import LoginPage from './login/LoginPage';
import { bareRouteElements, layoutRouteElements } from './routes/routeElements';
import { teamUsers } from './teamUsers';
import { theme } from './theme/theme';

// The signed-in shell loads after the login page, which is what most first visits show.
const LazyLayout = lazy(() => import('./layout/AppLayout'));
const NotFound = lazy(() => import('./pages/NotFound'));

const AppLayout = (props: LayoutProps) => (
  <Suspense fallback={<Loading />}>
    <LazyLayout {...props} />
  </Suspense>
);

export const App = () => (
  <Admin
    title="pmbok"
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    layout={AppLayout}
    loginPage={LoginPage}
    catchAll={NotFound}
    notification={ApiNotifications}
    disableTelemetry
  >
    <Resource {...teamUsers} />
    <CustomRoutes noLayout>{bareRouteElements}</CustomRoutes>
    <CustomRoutes>{layoutRouteElements}</CustomRoutes>
  </Admin>
);
