import { type ReadStore, teamMembers } from '@pmbok/infra';
import { namesOf } from '../projections/knowledge/people.js';
import { PASSAGE_MAX_CHARS, type Passage, type RetrieveQuery, type Retriever, type SuggestQuery } from './model.js';
import { isOverdue, type Source, taskHeader, UNFINISHED } from './sources.js';
import { suggestQuestions } from './suggest.js';
import { TeamIndex } from './teamIndex.js';

export interface RetrieverDeps {
  readStore: ReadStore;
  /** Resolves once the team roster has read its topic so far (a member who joined a moment ago). */
  rosterCaughtUp?: () => Promise<void>;
  now?: () => number;
  /**
   * Sources the team indexes may hold together (PMBOK_AI_INDEX_MAX_SOURCES): past it, the indexes of the teams asked
   * least recently are dropped and rebuilt on their next question (about 6.5 KB of heap per source, benchmarks.md).
   */
  maxSources?: number;
}

/** What a question says about tasks that the words alone do not match: whose, overdue, unfinished. */
const ASKS_MINE = /我/;
const ASKS_OVERDUE = /逾期|超期|过期|延期|到期|拖延|晚了/;
const ASKS_UNFINISHED = /未完成|没完成|没有完成|未开始|进行中|待办|还没|剩下/;

/**
 * The kind of source a question asks for (「X」这篇文档 is a page rather than an api named X): a preference among
 * sources that match, not indexed words, since every api would carry the word 接口 and make it costly to search.
 */
const KIND_HINTS: Record<Source['kind'], RegExp> = {
  api: /接口|调用|请求|api/i,
  page: /文档|页面|手册|说明/,
  schema: /数据模型|模型|结构|schema/i,
  field: /字段|规范/,
  task: /任务|迭代|逾期|负责|进度/,
};

/** A name quoted in a question: 「创建订单」, “下单流程”, "orderId", 《手册》. */
const QUOTED = /[「『“"《]([^」』”"》]{1,100})[」』”"》]/g;

const truncate = (text: string) =>
  text.length <= PASSAGE_MAX_CHARS ? text : `${text.slice(0, PASSAGE_MAX_CHARS - 1)}…`;

/**
 * The Retriever of ADR 14 over the read models: one index per team, built on the team's first question and brought
 * up to date before each one; the asker's permissions are the search's filter.
 */
/** About 650 MB of heap at the benchmark's 6.5 KB per source. */
export const DEFAULT_MAX_SOURCES = 100_000;

export function createRetriever(deps: RetrieverDeps): Retriever & { indexOf(teamId: number): TeamIndex | undefined } {
  const { readStore } = deps;
  const now = deps.now ?? Date.now;
  const indexes = new Map<number, TeamIndex>();

  async function inTeam(teamId: number, userId: number) {
    const member = async () =>
      !!(await teamMembers(readStore).findOne({ _id: String(teamId) }))?.members.some((m) => m.userId === userId);
    if (await member()) return true;
    if (!deps.rosterCaughtUp) return false;
    await deps.rosterCaughtUp().catch(() => undefined);
    return member();
  }

  /** The team's index, up to date; a refresh that fails drops it (the next question rebuilds it whole). */
  async function indexFor(teamId: number): Promise<TeamIndex> {
    let index = indexes.get(teamId);
    // A Map keeps insertion order: set again, the team becomes the most recently asked.
    indexes.delete(teamId);
    index ??= new TeamIndex(teamId);
    indexes.set(teamId, index);
    try {
      await index.update(readStore);
    } catch (error) {
      if (indexes.get(teamId) === index) indexes.delete(teamId);
      throw error;
    }
    evictBeyond(deps.maxSources ?? DEFAULT_MAX_SOURCES, index);
    return index;
  }

  /** Drops the least recently asked teams' indexes while all of them hold more than `max` sources. */
  function evictBeyond(max: number, keep: TeamIndex) {
    let total = 0;
    for (const index of indexes.values()) total += index.size;
    for (const [teamId, index] of indexes) {
      if (total <= max) break;
      if (index === keep) continue;
      indexes.delete(teamId);
      total -= index.size;
    }
  }

  /** The team's index and what the user may see of it, or nothing for someone outside the team. */
  async function access(teamId: number, userId: number) {
    if (!teamId || !userId || !(await inTeam(teamId, userId))) return undefined;
    const index = await indexFor(teamId);
    return { index, scopes: index.visibleScopes(userId) };
  }

  async function passageOf(index: TeamIndex, source: Source, passage: number, score: number, userId: number) {
    const projectName =
      source.kind === 'task'
        ? (index.taskProjects.get(source.projectId)?.name ?? '')
        : source.projectId
          ? (index.projects.get(source.projectId)?.name ?? '')
          : '团队字段库';
    let text = source.chunks[passage] ?? '';
    if (source.task) {
      const names = await namesOf(readStore, [source.task.assigneeId]);
      const header = taskHeader(source.task, {
        now: now(),
        userId,
        assigneeName: names.get(source.task.assigneeId) ?? '',
      });
      text = text ? `${header}\n${text}` : header;
    }
    const { kind, id, projectId, title, route } = source;
    return { kind, id, projectId, projectName, title, text: truncate(text), score, route } satisfies Passage;
  }

  return {
    indexOf: (teamId) => indexes.get(teamId),

    async retrieve({ teamId, userId, question, limit = 5 }: RetrieveQuery): Promise<Passage[]> {
      const seen = await access(teamId, userId);
      if (!seen || !question.trim() || limit <= 0) return [];
      const at = now();
      const mine = ASKS_MINE.test(question);
      const overdue = ASKS_OVERDUE.test(question);
      const unfinished = ASKS_UNFINISHED.test(question) || overdue;
      const lower = question.toLowerCase();
      const kinds = new Set(
        (Object.keys(KIND_HINTS) as Source['kind'][]).filter((kind) => KIND_HINTS[kind].test(question)),
      );
      const quoted = new Set([...question.matchAll(QUOTED)].map((match) => match[1]!.trim().toLowerCase()));
      const boost = ({ kind, title, task }: Source) => {
        // A source the question names (「导入退款」, or within its words) before those whose names only share words.
        const name = title.toLowerCase();
        let factor = quoted.has(name) ? 2 : name.length >= 2 && lower.includes(name) ? 1.3 : 1;
        if (kinds.has(kind)) factor *= 1.3;
        if (!task) return factor;
        if (mine && task.assigneeId === userId) factor *= 2;
        if (overdue && isOverdue(task, at)) factor *= 2;
        if (unfinished && UNFINISHED.includes(task.status)) factor *= 1.5;
        return factor;
      };
      const hits = seen.index.search(question, { scopes: seen.scopes, limit, boost });
      return Promise.all(hits.map((hit) => passageOf(seen.index, hit.source, hit.passage, hit.score, userId)));
    },

    async suggest({ teamId, userId, count }: SuggestQuery): Promise<string[]> {
      const seen = await access(teamId, userId);
      if (!seen) return [];
      const wanted = Math.min(10, Math.max(1, Math.floor(count) || 1));
      return suggestQuestions(seen.index, { userId, scopes: seen.scopes, count: wanted, now: now() });
    },
  };
}
