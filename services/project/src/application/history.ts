import type { Caller, RecordedEvent } from '@pmbok/infra';
import { diffDocs, type FieldDiff } from '../domain/diff/index.js';
import type { Content } from '../domain/doc/content.js';
import { docStreamId } from '../domain/doc/doc.js';
import type { FieldChange } from '../domain/tree/tree.js';
import { type HistoryEntryDoc, historyEntries } from '../projections/history/index.js';
import { namesOf } from '../projections/people/index.js';
import type { ProjectContext } from './context.js';

export interface HistoryQuery {
  projectId: number;
  /** One node's history; 0: the whole project's. */
  nodeId: number;
  userId: number;
  /** Epoch ms, both included; 0 leaves that end open. */
  from: number;
  to: number;
  page: number;
  pageSize: number;
}

/** A HistoryEntry (gateway/src/schemas/publishing.ts) as the history call answers it. */
export interface HistoryEntryView {
  entryId: number;
  changeId: string;
  at: number;
  userId: number;
  userName: string;
  action: string;
  projectStructureId: number;
  projectDocId: number;
  kind: HistoryEntryDoc['kind'];
  name: string;
  summary: string;
  fields: FieldDiff[];
}

const PAGE_MAX = 100;

/**
 * A save's fields, walked from its event: the content before is the content after with each changed top-level
 * field's `before` put back (a save names every top-level field it changed), so no older event is read.
 */
export function saveFields(kind: HistoryEntryDoc['kind'], event: RecordedEvent | undefined): FieldDiff[] {
  if (event?.type !== 'DocSaved' || !kind || kind === 'folder') return [];
  const data = event.data as { content: Content; changes: FieldChange[] };
  const before: Content = { ...data.content };
  for (const change of data.changes) before[change.field] = (change.before ?? null) as Content[string];
  return diffDocs(kind, before, data.content);
}

/** The change history: read from the history read model, document saves diffed field by field when read. */
export function createHistory(context: ProjectContext) {
  const { readStore, eventStore } = context;

  async function fieldsOf(entry: HistoryEntryDoc): Promise<FieldDiff[]> {
    if (entry.base !== 'doc-saved') return entry.fields;
    const [event] = await eventStore.readStream(docStreamId(entry.projectDocId), entry.streamVersion);
    return saveFields(entry.kind, event);
  }

  return {
    async list(query: HistoryQuery, caller: Pick<Caller, 'userId'>) {
      await context.readable(query.projectId, caller);
      const filter: Record<string, unknown> = { projectId: query.projectId };
      if (query.nodeId > 0) filter.nodeIds = query.nodeId;
      if (query.userId > 0) filter.userId = query.userId;
      const at: Record<string, number> = {};
      if (query.from > 0) at.$gte = query.from;
      if (query.to > 0) at.$lte = query.to;
      if (Object.keys(at).length > 0) filter.at = at;
      const size = query.pageSize > 0 ? Math.min(query.pageSize, PAGE_MAX) : 20;
      const page = Math.max(1, query.page || 1);
      const entries = historyEntries(readStore);
      const count = await entries.count(filter);
      const found = await entries.find(filter, { sort: { entryId: -1 }, skip: (page - 1) * size, limit: size });
      const names = await namesOf(readStore, [
        ...found.map((entry) => entry.userId),
        ...found.map((entry) => entry.memberId),
      ]);
      const list: HistoryEntryView[] = [];
      for (const entry of found) {
        const member = names.get(entry.memberId) || `用户 ${entry.memberId}`;
        list.push({
          entryId: entry.entryId,
          changeId: entry.changeId,
          at: entry.at,
          userId: entry.userId,
          userName: names.get(entry.userId) ?? '',
          action: entry.action,
          projectStructureId: entry.projectStructureId,
          projectDocId: entry.projectDocId,
          kind: entry.kind,
          name: entry.name,
          summary: entry.summary.replaceAll('{member}', member),
          fields: await fieldsOf(entry),
        });
      }
      return { list, count, pages: Math.ceil(count / size) };
    },
  };
}

export type HistoryUseCases = ReturnType<typeof createHistory>;
