import { LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useAuthenticated } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { isPermitted } from '../navigation/resolve';
import { useCurrentRoute } from '../navigation/useCurrentRoute';
import { useSessionUser } from '../session/session';

/** Runs the authProvider's checkAuth for every route opened in the layout (SPEC §2.1). */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { pathname, search } = useLocation();
  const current = useCurrentRoute();
  const user = useSessionUser();
  // Redirect rows (/, /team, /dashboard…) resolve first, like the router they model.
  const isRedirect = Boolean(current?.route.redirect && !current.route.page);
  const { authenticated, isPending } = useAuthenticated({
    params: { path: pathname + search },
    enabled: !isRedirect,
  });

  if (isRedirect) return children;
  if (isPending || !authenticated) return <LinearProgress sx={{ mx: -1 }} />;
  const chain = current ? [...current.parents, current] : [];
  if (chain.some(({ route }) => !isPermitted(route, user?.roles ?? []))) return <Navigate to="/401" replace />;
  return children;
};
