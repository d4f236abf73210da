import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/app/routeTable';
import { zhCN } from '../src/i18n/zh-CN';
import {
  createRouteSearch,
  ROUTE_SEARCH_OPTIONS,
  type RouteSearchEntry,
  routeSearchEntries,
  spell,
} from '../src/layout/header/routeSearchIndex';
import { unreadBadge } from '../src/layout/header/unreadBadge';
import { resolveRoutes } from '../src/navigation/resolve';
import type { ResolvedRoute } from '../src/navigation/types';

const translate = (key: string) => String(key.split('.').reduce<any>((node, part) => node?.[part], zhCN) ?? key);
const admin = ['admin'];
const resolvedRoutes = resolveRoutes(routeTable);
const entries = routeSearchEntries(resolvedRoutes, admin, translate);
const search = createRouteSearch(entries);
const find = (query: string) => search.search(query).map(({ item }) => item.title.join(' > '));
const entry = (path: string) => entries.find((candidate) => candidate.path === path);

describe('spelling titles in pinyin', () => {
  it('gives the toneless pinyin run together and the initials', () => {
    expect(spell('团队管理')).toEqual({ full: 'tuanduiguanli', initials: 'tdgl' });
    expect(spell('绿色')).toEqual({ full: 'lvse', initials: 'ls' });
    expect(spell('API文档')).toEqual({ full: 'apiwendang', initials: 'awd' });
  });

  it('leaves titles without Chinese to the title key', () => {
    expect(spell('Team management')).toEqual({ full: '', initials: '' });
  });
});

describe('the route search index', () => {
  it('holds the menu’s screens with their title path, not hidden, parameterised or bare routes', () => {
    expect(entry('/index')).toEqual({ path: '/index', title: ['首页'], pinyin: ['shouye'], initials: ['sy'] });
    expect(entry('/team/organization')?.title).toEqual(['团队管理', '组织管理']);
    // a parent and its first child of the same title are one title, not '团队管理 > 团队管理'
    expect(entry('/team/index')?.title).toEqual(['团队管理']);
    const paths = entries.map(({ path }) => path);
    for (const hidden of ['/login', '/401', '/project/index/:projectId?', '/dashboard', '/team', '/redirect/*']) {
      expect(paths).not.toContain(hidden);
    }
    expect(paths.some((path) => path.startsWith('/errorLog'))).toBe(false);
  });

  it('leaves out the screens the roles do not permit', () => {
    const paths = routeSearchEntries(resolvedRoutes, [], translate).map(({ path }) => path);
    expect(paths).toContain('/user/index');
    expect(paths.some((path) => path.startsWith('/team/'))).toBe(false);
  });

  it('uses the SPEC’s weights and threshold', () => {
    expect(ROUTE_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(ROUTE_SEARCH_OPTIONS.keys.slice(0, 2)).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });
});

describe('searching routes', () => {
  it('finds 团队管理 by its Chinese title, its full pinyin and its initials', () => {
    expect(find('团队')[0]).toBe('团队管理');
    expect(find('tuandui')[0]).toBe('团队管理');
    expect(find('td')[0]).toBe('团队管理');
    expect(find('tuandui')).toContain('团队管理 > 组织管理');
  });

  it('finds a child screen by its own pinyin or initials', () => {
    expect(find('zuzhi')[0]).toBe('团队管理 > 组织管理');
    expect(find('cygl')[0]).toBe('团队管理 > 成员管理');
    expect(find('zhanghao')[0]).toBe('账号安全');
  });

  it('finds screens by path and tolerates a typo', () => {
    expect(find('/userSetting')[0]).toBe('账号安全');
    expect(find('shuoye')[0]).toBe('首页');
  });

  it('finds nothing for a query far from every title and path', () => {
    expect(find('xyzxyz')).toEqual([]);
  });

  it('works for English titles without pinyin', () => {
    const english: RouteSearchEntry[] = routeSearchEntries(
      [{ fullPath: '/team/index', route: { path: 'index', title: 'Team management' }, parents: [] } as ResolvedRoute],
      admin,
      (key) => key,
    );
    expect(createRouteSearch(english).search('team')[0]?.item.path).toBe('/team/index');
  });
});

describe('the unread badge (SPEC §9)', () => {
  it('is empty at 0, the number up to 99, 99+ above', () => {
    expect(unreadBadge(0)).toBe('');
    expect(unreadBadge(-3)).toBe('');
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(12345)).toBe('99+');
    expect(unreadBadge(Number.NaN)).toBe('');
  });
});
