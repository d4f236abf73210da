import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteTable } from './RouteTableProvider';
import { matchRoute } from './resolve';

export function useCurrentRoute() {
  const { pathname } = useLocation();
  const { resolved } = useRouteTable();
  return useMemo(() => matchRoute(resolved, pathname), [resolved, pathname]);
}
