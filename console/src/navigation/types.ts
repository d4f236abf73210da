import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** One row of the route table; it drives the router, the sidebar, the breadcrumb, page titles and the tags view. */
export interface AppRoute {
  /** Absolute for top-level rows, relative to the parent for children. */
  path: string;
  /** Translation key of the page title. */
  title?: string;
  icon?: ComponentType<SvgIconProps>;
  /** Not shown in the sidebar. */
  hidden?: boolean;
  /** Shown and reachable only for these roles; for everyone when absent (the guard still asks for a login). */
  roles?: string[];
  /** Pinned in the tags view; cannot be closed. */
  affix?: boolean;
  redirect?: string;
  /** false: rendered without navbar and sidebar. */
  layout?: boolean;
  /** Registered by react-admin itself (the login page), listed here only for its title. */
  builtIn?: boolean;
  /** The screen; screens not built yet show the feature's empty state. */
  page?: ComponentType<RoutePageProps>;
  /**
   * The address of a page embedded in a frame instead of a screen (SPEC §4 embedded page frame). The frame stays
   * loaded while its tab is open; the route's query parameters are passed on to it. Static paths only.
   */
  frame?: string;
  children?: AppRoute[];
}

/** A table row with its absolute path and its ancestors (outermost first). */
export interface ResolvedRoute {
  fullPath: string;
  route: AppRoute;
  parents: ResolvedRoute[];
}

export interface RoutePageProps {
  route: ResolvedRoute;
}
