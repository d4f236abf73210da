import type { HistoryEntry } from '../publishingApi';

const DOC_KINDS = new Set(['api', 'page', 'schema']);
/** After these the document is gone: "as right after" would be nothing; reverting them brings it back. */
const GONE = new Set(['doc-deleted', 'node-removed']);
/** Changes of documents and nodes, the ones revertChange puts back (not settings, members, versions or links). */
const REVERTIBLE = /^(node-|doc-|imported$|restored$|reverted$)/;

export const canRestoreTo = (entry: HistoryEntry) =>
  entry.projectStructureId > 0 && DOC_KINDS.has(entry.kind) && !GONE.has(entry.action);
export const canRevert = (entry: HistoryEntry) => !!entry.changeId && REVERTIBLE.test(entry.action);
