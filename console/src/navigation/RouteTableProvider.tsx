import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { resolveRoutes } from './resolve';
import type { AppRoute, ResolvedRoute } from './types';

interface RouteTable {
  /** The rows as written, for the sidebar. */
  table: AppRoute[];
  /** Every row with its absolute path, for matching, titles and search. */
  resolved: ResolvedRoute[];
}

const RouteTableContext = createContext<RouteTable | null>(null);

/**
 * Hands the app's route table down to the screens that read it (menu, breadcrumb, guard, tags view). The table
 * names every page, so it sits at the top of the app and is passed down rather than imported: a page may use
 * navigation without importing the other pages.
 */
export const RouteTableProvider = ({ table, children }: { table: AppRoute[]; children: ReactNode }) => {
  const value = useMemo(() => ({ table, resolved: resolveRoutes(table) }), [table]);
  return <RouteTableContext.Provider value={value}>{children}</RouteTableContext.Provider>;
};

export function useRouteTable(): RouteTable {
  const value = useContext(RouteTableContext);
  if (!value) throw new Error('useRouteTable needs a RouteTableProvider above it');
  return value;
}
