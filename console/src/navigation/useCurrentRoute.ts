import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { matchRoute } from './resolve';

export function useCurrentRoute() {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname), [pathname]);
}
