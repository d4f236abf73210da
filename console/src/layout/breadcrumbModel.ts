export interface Crumb {
  key: string;
  title: string;
  to: string;
}

/**
 * A parent whose child has the same title (团队管理 / 团队管理) reads once: the deeper crumb is kept, since it is
 * the page itself, and the parent's link would lead there anyway.
 */
export function dedupeCrumbs(crumbs: Crumb[]): Crumb[] {
  return crumbs.filter((crumb, index) => crumbs[index + 1]?.title !== crumb.title);
}
