import { LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useAuthenticated } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** The route guard (SPEC §2.1) for a page outside the layout that needs a signed-in user. */
export const RequireSignIn = ({ children }: { children: ReactNode }) => {
  const { pathname, search } = useLocation();
  const { authenticated, isPending } = useAuthenticated({ params: { path: pathname + search } });
  if (isPending || !authenticated) return <LinearProgress />;
  return children;
};
