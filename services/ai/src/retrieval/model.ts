/**
 * The seam between the assistant's use cases and retrieval (ADR 14). Retrieval reads read models fed from the
 * project and task services' events, indexes them per team (Chinese segmented with jieba, ranked by MiniSearch's
 * BM25+), and applies the asking user's permissions while it searches: nothing a user may not see ever reaches a
 * prompt, whatever the question says.
 */

/** What a passage came from. */
export type PassageKind = 'api' | 'page' | 'schema' | 'field' | 'task';

/** One retrieved source: what goes into the prompt and, numbered, into the answer's citations. */
export interface Passage {
  kind: PassageKind;
  /** docId (api, page, schema), dataFieldId (field) or taskId (task). */
  id: number;
  /** The knowledge project (documents, a project's fields) or task project (tasks); 0 for a team's field. */
  projectId: number;
  projectName: string;
  title: string;
  /** The part of the source given to the model: its best-matching text, at most PASSAGE_MAX_CHARS. */
  text: string;
  /** Relevance as ranked (higher is better); only comparable within one retrieval. */
  score: number;
  /** The console path that opens the source: /project/index/3?doc=12, /task/home/5?task=9, /project/field/3. */
  route: string;
}

export const PASSAGE_MAX_CHARS = 1_200;

export interface RetrieveQuery {
  teamId: number;
  userId: number;
  question: string;
  /** At most this many passages; the default is 5. */
  limit?: number;
}

export interface SuggestQuery {
  teamId: number;
  userId: number;
  /** 1-10. */
  count: number;
}

export interface Retriever {
  /** The passages of the team most relevant to the question that the user may see, best first. */
  retrieve(query: RetrieveQuery): Promise<Passage[]>;
  /**
   * Questions a member of the team could ask, drawn from what they may see (api names, pages, overdue tasks of a
   * task project…), shuffled; fewer than `count` (or none) when the team has little yet.
   */
  suggest(query: SuggestQuery): Promise<string[]>;
}
