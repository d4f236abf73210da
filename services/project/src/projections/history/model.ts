import { type Doc, type ReadStore, type Recorded, readModel } from '@pmbok/infra';
import type { FieldDiff } from '../../domain/diff/index.js';
import type { NodeKind } from '../../domain/tree/tree.js';
import { markedAction } from './texts.js';

/** One entry of the history: one event of the log (a copy or an import of many nodes is one entry too). */
export interface HistoryEntryDoc extends Doc {
  /** The event's global position: stable and increasing. */
  entryId: number;
  projectId: number;
  changeId: string;
  at: number;
  userId: number;
  /** As shown: an import's, restore's or revert's entries take that action (texts.ts markedAction). */
  action: string;
  /** What the event did, whoever did it: node-added, doc-saved, … */
  base: string;
  projectStructureId: number;
  projectDocId: number;
  kind: NodeKind | '';
  name: string;
  /** `{member}` stands for the member's name, filled in when read (names arrive from the auth service). */
  summary: string;
  /** Stored for everything but document saves, whose fields are walked from the save event when read. */
  fields: FieldDiff[];
  /** The nodes the entry concerns (a removal: the whole subtree), for one node's history. */
  nodeIds: number[];
  /** A document save: the stream version of its event, to read it back. */
  streamVersion: number;
  memberId: number;
}

/** What the history remembers of each node and document: names at the time, and where each was added. */
export interface HistoryNodeDoc extends Doc {
  nodeId: number;
  projectId: number;
  parentId: number;
  kind: NodeKind;
  name: string;
  docId: number;
  addedEntry: string;
  addedChange: string;
  removedChange: string;
}
export interface HistoryDocDoc extends Doc {
  docId: number;
  projectId: number;
  nodeId: number;
  kind: NodeKind;
}
/** A change: its first and last positions (a revert goes back to just before the first). */
export interface HistoryChangeDoc extends Doc {
  projectId: number;
  first: number;
  last: number;
}
/** Names of versions and share links, which their later events do not repeat. */
export interface HistoryNameDoc extends Doc {
  name: string;
}

export const historyEntries = readModel<HistoryEntryDoc>('historyEntries', [
  { fields: { projectId: 1, entryId: -1 } },
  { fields: { changeId: 1 } },
]);
export const historyNodes = readModel<HistoryNodeDoc>('historyNodes');
export const historyDocs = readModel<HistoryDocDoc>('historyDocs', [{ fields: { nodeId: 1 } }]);
export const historyChanges = readModel<HistoryChangeDoc>('historyChanges');
export const historyNames = readModel<HistoryNameDoc>('historyNames');

export type AnyRecorded = Recorded<{ type: string; data: unknown }>;
export const changeIdOf = (event: AnyRecorded) =>
  event.metadata.correlationId || `event-${event.metadata.globalPosition}`;

/** Writes one entry (idempotent: keyed by position) and widens its change's span. */
export async function record(
  store: ReadStore,
  event: AnyRecorded,
  entry: Partial<HistoryEntryDoc> & { projectId: number; base: string; summary: string },
) {
  const changeId = changeIdOf(event);
  const position = event.metadata.globalPosition;
  const shown = markedAction(changeId, entry.base, entry.summary);
  await historyEntries(store).put({
    projectStructureId: 0,
    projectDocId: 0,
    kind: '',
    name: '',
    fields: [],
    nodeIds: entry.projectStructureId ? [entry.projectStructureId] : [],
    streamVersion: 0,
    memberId: 0,
    ...entry,
    ...shown,
    _id: String(position),
    entryId: position,
    changeId,
    at: event.metadata.at,
    userId: Number(event.metadata.actor ?? 0) || 0,
  });
  await widen(store, event, entry.projectId);
}

/** The change's span grows with every event of it, entries or not (a document created with its node). */
export async function widen(store: ReadStore, event: AnyRecorded, projectId: number, changeId = changeIdOf(event)) {
  const position = event.metadata.globalPosition;
  const changes = historyChanges(store);
  const known = await changes.findOne({ _id: changeId });
  if (known && known.last >= position && known.first <= position) return;
  await changes.put({
    _id: changeId,
    projectId,
    first: Math.min(known?.first ?? position, position),
    last: Math.max(known?.last ?? position, position),
  });
}
