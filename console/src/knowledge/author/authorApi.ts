import type { AuthoredDoc, AuthoredDocPage } from '@pmbok/api-types';
import { knowledgeCall } from '../transport';

export type { AuthoredDoc, AuthoredDocPage } from '@pmbok/api-types';

/** The gateway's largest page (gateway/src/schemas/fields.ts `paging`). */
const CHUNK = 100;
/** 5,000 documents: more than one person writes; past that the screen says it shows the newest only. */
const MAX_CHUNKS = 50;

export const authorKeys = {
  myDocs: ['knowledgeAuthor', 'myDocs'] as const,
};

export const authorApi = {
  /** docs/api/knowledge.md `project/myDocs`: a page of the caller's documents, newest change first. */
  myDocs: (page = 1, pageSize = 20) => knowledgeCall<AuthoredDocPage>('myDocs', { page, pageSize }),

  /**
   * Every page of the caller's documents. The header's totals (APIs, pages, released) and the filters by kind,
   * status, project and keyword need the whole set, and the call filters nothing, so the screen loads it all
   * and pages in the browser.
   */
  async allMyDocs(): Promise<{ docs: AuthoredDoc[]; total: number }> {
    const first = await authorApi.myDocs(1, CHUNK);
    const docs = [...first.list];
    const chunks = Math.min(MAX_CHUNKS, Math.ceil(first.total / CHUNK));
    for (let page = 2; page <= chunks; page++) {
      const next = await authorApi.myDocs(page, CHUNK);
      if (next.list.length === 0) break;
      docs.push(...next.list);
    }
    // A document saved while paging moves to the front and may show twice; keep its first (newest) place.
    const seen = new Set<number>();
    return {
      docs: docs.filter((doc) => !seen.has(doc.projectStructureId) && seen.add(doc.projectStructureId)),
      total: first.total,
    };
  },
};
