import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { isPermitted } from '../navigation/resolve';
import type { AppRoute } from '../navigation/types';
import { isExternal } from '../utils/validate';

export interface MenuNode {
  key: string;
  to: string;
  title: string;
  icon?: ComponentType<SvgIconProps>;
  external: boolean;
  children?: MenuNode[];
}

const join = (parent: string, path: string) =>
  path.startsWith('/') || isExternal(path) ? path : `${parent.replace(/\/$/, '')}/${path}`;

/**
 * Sidebar entries from the route table: hidden and non-permitted rows are skipped, an untitled row lends its
 * children to its own level, and a row with a single visible child shows as that child's link.
 */
export function buildMenu(routes: AppRoute[], roles: string[], parentPath = '/'): MenuNode[] {
  return routes.flatMap((route): MenuNode[] => {
    if (route.hidden || !isPermitted(route, roles)) return [];
    const path = join(parentPath, route.path);
    if (!route.children) {
      if (!route.title) return [];
      return [{ key: path, to: path, title: route.title, icon: route.icon, external: isExternal(path) }];
    }
    const children = buildMenu(route.children, roles, path);
    if (!route.title || children.length === 1) return children;
    if (children.length === 0) return [];
    return [{ key: path, to: route.redirect ?? path, title: route.title, icon: route.icon, external: false, children }];
  });
}
