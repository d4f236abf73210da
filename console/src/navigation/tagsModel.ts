// The tags view's rules, kept pure for the tests: one tab per page, except that the sub-pages of one project
// (the same id under the same section: /project/index/7, /project/test/7…; /task/home/7, /taskManage/user/7)
// share a tab that follows the latest of them; and at most MAX_TAGS tabs, the least recently used unpinned one
// giving way.

/** Tabs shown at most, pinned ones included. */
export const MAX_TAGS = 10;

export interface VisitedView {
  /** pathname: where the tab is (the latest sub-page of its group) */
  path: string;
  /** pathname + search: where the tab leads */
  fullPath: string;
  title: string;
  affix: boolean;
  /** Tabs with the same group are one tab; the pathname for pages without an id. */
  group?: string;
  /** Order of the last visit, for choosing the tab to close when there are too many. */
  visitedAt?: number;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** Sections that are one project's pages under another name: a task project's board and its management pages. */
const SECTION_OF: Record<string, string> = { taskManage: 'task' };

/**
 * The group of a page: its section (first segment) and the values of its route's parameters when it has any
 * ('/project/index/:projectId' at /project/index/7 → 'project:7'), else the pathname itself.
 */
export function viewGroup(pattern: string, pathname: string): string {
  const parts = segments(pattern);
  const values = segments(pathname);
  const ids = parts.flatMap((part, i) => (part.startsWith(':') && values[i] !== undefined ? [values[i]] : []));
  if (ids.length === 0) return pathname;
  const section = values[0] ?? '';
  return `${SECTION_OF[section] ?? section}:${ids.join('/')}`;
}

const groupOf = (view: VisitedView) => view.group ?? view.path;

/**
 * The unpinned tabs after a visit: the view replaces its group's tab in place (or is added at the end), then the
 * least recently visited tabs other than the visited one are closed until `room` remain.
 */
export function visit(views: VisitedView[], view: VisitedView, room: number): VisitedView[] {
  const stamp = Math.max(0, ...views.map((existing) => existing.visitedAt ?? 0)) + 1;
  const visited = { ...view, visitedAt: stamp };
  const index = views.findIndex((existing) => groupOf(existing) === groupOf(view));
  const next = index === -1 ? [...views, visited] : views.map((existing, i) => (i === index ? visited : existing));
  if (next.length <= Math.max(1, room)) return next;
  const evictable = next
    .filter((existing) => existing !== visited)
    .sort((a, b) => (a.visitedAt ?? 0) - (b.visitedAt ?? 0))
    .slice(0, next.length - Math.max(1, room));
  return next.filter((existing) => !evictable.includes(existing));
}
