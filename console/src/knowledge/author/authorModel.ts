import type { AuthoredDoc } from './authorApi';

export type KindFilter = 'all' | 'api' | 'page' | 'schema';
export const KIND_FILTERS: KindFilter[] = ['all', 'api', 'page', 'schema'];
export const API_STATUSES = ['designing', 'developing', 'testing', 'released', 'deprecated'] as const;

export interface AuthorFilters {
  kind: KindFilter;
  /** 'all' or one of API_STATUSES; a status narrows to API documents, the only ones that have one. */
  status: string;
  /** 0 for every project. */
  projectId: number;
  keyword: string;
}

export const NO_FILTERS: AuthorFilters = { kind: 'all', status: 'all', projectId: 0, keyword: '' };

/** Name or path, case-insensitive substring (Chinese names have no words to split on). */
export function filterDocs(docs: readonly AuthoredDoc[], filters: AuthorFilters): AuthoredDoc[] {
  const needle = filters.keyword.trim().toLowerCase();
  return docs.filter(
    (doc) =>
      (filters.kind === 'all' || doc.kind === filters.kind) &&
      (filters.status === 'all' || (doc.kind === 'api' && doc.status === filters.status)) &&
      (filters.projectId === 0 || doc.projectId === filters.projectId) &&
      (!needle || `${doc.name}\n${doc.path}`.toLowerCase().includes(needle)),
  );
}

export interface AuthorTotals {
  docs: number;
  apis: number;
  pages: number;
  released: number;
}

export function totalsOf(docs: readonly AuthoredDoc[]): AuthorTotals {
  return {
    docs: docs.length,
    apis: docs.filter((doc) => doc.kind === 'api').length,
    pages: docs.filter((doc) => doc.kind === 'page').length,
    released: docs.filter((doc) => doc.kind === 'api' && doc.status === 'released').length,
  };
}

/** The projects the documents are in, by name (pinyin order for Chinese names), for the project filter. */
export function projectsOf(docs: readonly AuthoredDoc[]): { projectId: number; name: string }[] {
  const names = new Map<number, string>();
  for (const doc of docs) if (!names.has(doc.projectId)) names.set(doc.projectId, doc.projectName);
  return [...names]
    .map(([projectId, name]) => ({ projectId, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** Where a document opens: its project's workspace with it selected. */
export const docLink = (doc: Pick<AuthoredDoc, 'projectId' | 'projectStructureId'>) =>
  `/project/index/${doc.projectId}?doc=${doc.projectStructureId}`;
