import { type Caller, invalid } from '@pmbok/infra';
import { SEARCH_FIELDS, type SearchEntryDoc, type SearchField, searchEntries } from '../projections/docs/search.js';
import type { ProjectContext } from './context.js';

export const KEYWORD_MAX = 100;
const HITS_MAX = 100;
/** Characters of context on either side of a match in a hit's snippet. */
const AROUND = 30;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first field the keyword is in, and the text around it. */
function matchOf(entry: SearchableEntry, needle: string): { matchedIn: SearchField; snippet: string; found: boolean } {
  for (const field of SEARCH_FIELDS) {
    const text = entry[field] ?? '';
    const at = text.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const start = Math.max(0, at - AROUND);
    const end = Math.min(text.length, at + needle.length + AROUND);
    const snippet = `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}`;
    return { matchedIn: field, snippet, found: true };
  }
  return { matchedIn: 'name', snippet: entry.name, found: false };
}

/** An entry of the search index, or one built the same way for documents as at a version. */
export type SearchableEntry = Pick<
  SearchEntryDoc,
  'projectStructureId' | 'projectDocId' | 'kind' | 'name' | 'method' | SearchField
>;

/** The keyword, checked and lower-cased, as every search takes it. */
export function needleOf(keyword: string): string {
  const needle = (keyword ?? '').trim().toLowerCase();
  if (!needle) throw invalid('请输入要搜索的内容');
  if ([...needle].length > KEYWORD_MAX) throw invalid(`搜索内容最多${KEYWORD_MAX}个字符`);
  return needle;
}

/** Entries that contain the needle, ranked: hits in names first, then paths, and so on. */
export function rankHits(entries: SearchableEntry[], needle: string) {
  const rank = (field: SearchField) => SEARCH_FIELDS.indexOf(field);
  return entries
    .map((entry) => ({ entry, ...matchOf(entry, needle) }))
    .filter(({ found }) => found)
    .sort((a, b) => rank(a.matchedIn) - rank(b.matchedIn) || a.entry.name.localeCompare(b.entry.name, 'zh-CN'))
    .slice(0, HITS_MAX)
    .map(({ entry, matchedIn, snippet }) => ({
      projectStructureId: entry.projectStructureId,
      projectDocId: entry.projectDocId,
      kind: entry.kind,
      name: entry.name,
      method: entry.method,
      path: entry.path,
      matchedIn,
      snippet,
    }));
}

/**
 * Search across a project's documents: a case-insensitive substring of the name, path, description, parameter
 * names, schema property names or markdown. Substrings, not words, so Chinese (written without spaces) matches
 * anywhere. Hits in names first, then paths, and so on.
 */
export function createSearch(context: ProjectContext) {
  /** `covered`: only these nodes (a share link's); absent: the whole project. */
  async function find(projectId: number, keyword: string, covered?: ReadonlySet<number>) {
    const needle = needleOf(keyword);
    const found = await searchEntries(context.readStore).find({
      projectId,
      haystack: { $regex: escapeRegExp(needle) },
    });
    return rankHits(
      found.filter((entry) => !covered || covered.has(entry.projectStructureId)),
      needle,
    );
  }

  return {
    async search(projectId: number, keyword: string, caller: Pick<Caller, 'userId'>) {
      await context.readable(projectId, caller);
      return find(projectId, keyword);
    },
    /** Within the nodes a share link covers; the caller checked the link. */
    within: (projectId: number, keyword: string, covered: ReadonlySet<number>) => find(projectId, keyword, covered),
  };
}

export type SearchUseCases = ReturnType<typeof createSearch>;
