// Loaded on first use of the search box: fuse.js and pinyin-pro's dictionary are ~330 kB the layout does not need.
import Fuse from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import { isPermitted } from '../../navigation/resolve';
import type { ResolvedRoute } from '../../navigation/types';

export interface RouteSearchEntry {
  path: string;
  /** The translated titles from the outermost titled ancestor down to the screen. */
  title: string[];
  /** Each title in toneless pinyin, run together ('团队管理' → 'tuanduiguanli'); empty for titles without Chinese. */
  pinyin: string[];
  /** Each title's pinyin initials ('团队管理' → 'tdgl'). */
  initials: string[];
}

export interface Spelling {
  full: string;
  initials: string;
}

const CHINESE = /[\u3400-\u9fff]/;

/** The toneless pinyin of a title and its initials, lower case; other characters are kept as they are. */
export function spell(text: string): Spelling {
  if (!CHINESE.test(text)) return { full: '', initials: '' };
  const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const full = syllables.join('').replace(/\s+/g, '').toLowerCase();
  const initials = syllables
    .map((syllable) => syllable.trim()[0] ?? '')
    .join('')
    .toLowerCase();
  return { full, initials };
}

const isSearchable = (resolved: ResolvedRoute, roles: string[]) => {
  const chain = [...resolved.parents, resolved];
  return (
    Boolean(resolved.route.title) &&
    !resolved.route.children &&
    !resolved.route.builtIn &&
    !/[:*]/.test(resolved.fullPath) &&
    chain.every(({ route }) => !route.hidden && route.layout !== false && isPermitted(route, roles))
  );
};

/**
 * The screens a user can open from the menu, each with its title path translated and spelled in pinyin.
 * Consecutive repeats collapse ('团队管理 > 团队管理' is one title).
 */
export function routeSearchEntries(
  routes: ResolvedRoute[],
  roles: string[],
  translate: (key: string) => string,
  spelling: (text: string) => Spelling = spell,
): RouteSearchEntry[] {
  return routes
    .filter((resolved) => isSearchable(resolved, roles))
    .map((resolved) => {
      const titles = [...resolved.parents, resolved]
        .flatMap(({ route }) => (route.title ? [translate(route.title)] : []))
        .filter((title, index, all) => title !== all[index - 1]);
      const spellings = titles.map(spelling);
      return {
        path: resolved.fullPath,
        title: titles,
        pinyin: spellings.map(({ full }) => full),
        initials: spellings.map(({ initials }) => initials),
      };
    });
}

/** SPEC §2.4 and §9: title weight 0.7, path 0.3, threshold 0.4; the pinyin spellings count as the title. */
export const ROUTE_SEARCH_OPTIONS = {
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
    { name: 'pinyin', weight: 0.7 },
    { name: 'initials', weight: 0.7 },
  ],
  threshold: 0.4,
  shouldSort: true,
  minMatchCharLength: 1,
};

export type RouteSearch = Fuse<RouteSearchEntry>;

export const createRouteSearch = (entries: RouteSearchEntry[]): RouteSearch => new Fuse(entries, ROUTE_SEARCH_OPTIONS);
