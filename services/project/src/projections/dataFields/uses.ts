import { type Doc, ownLog, parseStreamId, projection, type ReadStore, type Recorded, readModel } from '@pmbok/infra';
import { docFieldNames } from '../../domain/dataField/docNames.js';
import type { DocEvent } from '../../domain/doc/doc.js';

/**
 * How many api and schema documents of a project use each field name (the library list's `uses`), kept as the
 * documents change: listing a 5,000-document project's library reads one document here instead of every document
 * (which took a second). Each document's names are kept to take them back out when it changes or goes.
 */
export interface DocFieldNamesDoc extends Doc {
  docId: number;
  projectId: number;
  kind: string;
  names: string[];
  /** The last event applied (events may come twice). */
  position: number;
  deleted: boolean;
}

export interface FieldUsesDoc extends Doc {
  projectId: number;
  /** Lower-case name → documents using it. */
  counts: Record<string, number>;
}

export const dataFieldDocNames = readModel<DocFieldNamesDoc>('dataFieldDocNames', [{ fields: { projectId: 1 } }]);
export const dataFieldUses = readModel<FieldUsesDoc>('dataFieldUses');

type Counted = DocEvent & { type: 'DocCreated' | 'DocSaved' | 'DocDeleted' };

async function apply(store: ReadStore, event: Recorded<Counted>) {
  const docId = parseStreamId(event.metadata.streamId, 'projectDoc');
  const position = event.metadata.globalPosition;
  const record = await dataFieldDocNames(store).findOne({ _id: String(docId) });
  if (record && record.position >= position) return;
  const created = event.type === 'DocCreated' ? event.data : null;
  const projectId = created?.projectId ?? record?.projectId ?? 0;
  const kind = created?.kind ?? record?.kind ?? '';
  if (!projectId) return;
  const before = record && !record.deleted ? record.names : [];
  const deleted = event.type === 'DocDeleted' || !!record?.deleted;
  const content = event.type === 'DocCreated' || event.type === 'DocSaved' ? event.data.content : null;
  const names = !deleted && content && (kind === 'api' || kind === 'schema') ? [...docFieldNames(kind, content)] : [];
  if (before.join('\n') !== names.join('\n')) {
    const uses = await dataFieldUses(store).findOne({ _id: String(projectId) });
    const counts = { ...(uses?.counts ?? {}) };
    for (const name of before) counts[name] = (counts[name] ?? 1) - 1;
    for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
    for (const name of before) if (!counts[name]) delete counts[name];
    await dataFieldUses(store).put({ _id: String(projectId), projectId, counts });
  }
  await dataFieldDocNames(store).put({ _id: String(docId), docId, projectId, kind, names, position, deleted });
}

export const dataFieldUsesProjection = projection({
  name: 'dataFieldUses',
  source: ownLog<DocEvent>(),
  on: {
    DocCreated: (event, store) => apply(store, event),
    DocSaved: (event, store) => apply(store, event),
    DocDeleted: (event, store) => apply(store, event),
  },
});
