import { describe, expect, it } from 'vitest';
import { dedupeCrumbs } from '../src/layout/breadcrumbModel';
import { MAX_TAGS, type VisitedView, viewGroup, visit } from '../src/navigation/tagsModel';

const crumb = (key: string, title: string) => ({ key, title, to: key });

describe('breadcrumb', () => {
  it('shows a parent and its only child with the same title once, keeping the page itself', () => {
    const crumbs = [crumb('/dashboard', '仪表盘'), crumb('/team', '团队管理'), crumb('/team/index', '团队管理')];
    expect(dedupeCrumbs(crumbs)).toEqual([crumb('/dashboard', '仪表盘'), crumb('/team/index', '团队管理')]);
  });

  it('keeps different titles and non-adjacent repeats', () => {
    const crumbs = [crumb('/dashboard', '仪表盘'), crumb('/team', '团队管理'), crumb('/team/organization', '组织管理')];
    expect(dedupeCrumbs(crumbs)).toEqual(crumbs);
    const apart = [crumb('a', 'A'), crumb('b', 'B'), crumb('c', 'A')];
    expect(dedupeCrumbs(apart)).toEqual(apart);
  });
});

describe('tags view grouping', () => {
  it('groups one project’s sub-pages by section and id', () => {
    expect(viewGroup('/project/index/:projectId', '/project/index/7')).toBe('project:7');
    expect(viewGroup('/project/test/:projectId?', '/project/test/7')).toBe('project:7');
    // a task project's board and its management pages are one project
    expect(viewGroup('/taskManage/user/:projectId', '/taskManage/user/7')).toBe('task:7');
    expect(viewGroup('/task/home/:projectId', '/task/home/7')).toBe('task:7');
    expect(viewGroup('/project/index/:projectId', '/project/index/8')).toBe('project:8');
  });

  it('keeps pages without an id (or an optional id left out) on their own', () => {
    expect(viewGroup('/team/organization', '/team/organization')).toBe('/team/organization');
    expect(viewGroup('/project/history/:projectId?', '/project/history')).toBe('/project/history');
  });
});

const page = (path: string, group = path): VisitedView => ({ path, fullPath: path, title: path, affix: false, group });

describe('tags view visits', () => {
  it('lets a project’s tab follow its latest sub-page in place', () => {
    let views = visit([], page('/team/index'), 9);
    views = visit(views, page('/project/index/7', 'project:7'), 9);
    views = visit(views, page('/chat'), 9);
    views = visit(views, page('/project/test/7', 'project:7'), 9);
    views = visit(views, page('/project/setting/7?tab=members', 'project:7'), 9);
    expect(views.map((view) => view.path)).toEqual(['/team/index', '/project/setting/7?tab=members', '/chat']);
    views = visit(views, page('/project/index/8', 'project:8'), 9);
    expect(views).toHaveLength(4);
  });

  it('closes the least recently used tab beyond the cap, never the one just visited', () => {
    let views: VisitedView[] = [];
    for (let i = 1; i <= MAX_TAGS - 1; i++) views = visit(views, page(`/p${i}`), MAX_TAGS - 1);
    views = visit(views, page('/p1'), MAX_TAGS - 1); // /p1 used again: /p2 is now the oldest
    views = visit(views, page('/new'), MAX_TAGS - 1);
    expect(views).toHaveLength(MAX_TAGS - 1);
    expect(views.map((view) => view.path)).not.toContain('/p2');
    expect(views.map((view) => view.path)).toContain('/p1');
    expect(views.at(-1)?.path).toBe('/new');
    views = visit(views, page('/newer'), 1);
    expect(views.map((view) => view.path)).toEqual(['/newer']);
  });

  it('reads tabs stored before groups existed by their path', () => {
    const old: VisitedView = { path: '/chat', fullPath: '/chat', title: 'chat', affix: false };
    expect(visit([old], page('/chat'), 9)).toHaveLength(1);
  });
});
