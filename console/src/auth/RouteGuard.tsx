import { LinearProgress } from '@mui/material';
import { type ReactNode, useRef } from 'react';
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

  // Once signed in, a new check (every change of the address, its query too) keeps the page shown: hiding it would
  // unmount the screen and lose its state each time a page writes its query (`?doc=`, `?result=`).
  const checkedOnce = useRef(false);
  if (authenticated && !isPending) checkedOnce.current = true;

  if (isRedirect) return children;
  if (isPending && checkedOnce.current) return children;
  if (isPending || !authenticated) return <LinearProgress sx={{ mx: -1 }} />;
  const chain = current ? [...current.parents, current] : [];
  if (chain.some(({ route }) => !isPermitted(route, user?.roles ?? []))) return <Navigate to="/401" replace />;
  return children;
};
