import { type Doc, ownLog, parseStreamId, projection, type ReadStore, type Recorded, readModel } from '@pmbok/infra';
import type { DocEvent } from '../../domain/doc/doc.js';
import type { ProjectVersionData, VersionEvent } from '../../domain/version/version.js';

/** A version as the list shows it; a deleted one stays, marked, so a redelivered save does not bring it back. */
export interface ProjectVersionDoc extends Doc, ProjectVersionData {
  deleted: boolean;
}
export const projectVersions = readModel<ProjectVersionDoc>('projectVersions', [{ fields: { projectId: 1 } }]);

/**
 * Which documents were saved where in the log, per project, in chunks of SAVES_PER_CHUNK: a comparison of two
 * points asks only for the chunks that reach past the earlier one, then reads only the documents saved between
 * them (a 5,000-document project with a few changes reads a few streams, not 5,000). `saves` is flat:
 * [docId, position, docId, position, …] in log order.
 */
export interface DocSaveChunk extends Doc {
  projectId: number;
  chunk: number;
  first: number;
  last: number;
  saves: number[];
}
export const docSaveChunks = readModel<DocSaveChunk>('versionDocSaves', [{ fields: { projectId: 1 } }]);

/** The newest chunk of a project's saves; a document's project (DocSaved does not carry it). */
interface SaveHead extends Doc {
  chunk: number;
  size: number;
}
const saveHeads = readModel<SaveHead>('versionDocSaveHeads');
interface DocProject extends Doc {
  projectId: number;
}
const docProjects = readModel<DocProject>('versionDocProjects');

export const SAVES_PER_CHUNK = 256;

async function recordSave(store: ReadStore, event: Recorded<DocEvent>) {
  const docId = parseStreamId(event.metadata.streamId, 'projectDoc');
  const projectId = (await docProjects(store).findOne({ _id: String(docId) }))?.projectId;
  if (!projectId) return;
  const position = event.metadata.globalPosition;
  const head = (await saveHeads(store).findOne({ _id: String(projectId) })) ?? {
    _id: String(projectId),
    chunk: 0,
    size: 0,
  };
  const chunks = docSaveChunks(store);
  const current = await chunks.findOne({ _id: `${projectId}:${head.chunk}` });
  // Delivered again (at least once): the chunk already reaches this position.
  if (current && current.last >= position) return;
  const full = head.size >= SAVES_PER_CHUNK;
  const chunk = full ? head.chunk + 1 : head.chunk;
  const saves = full || !current ? [docId, position] : [...current.saves, docId, position];
  await chunks.put({
    _id: `${projectId}:${chunk}`,
    projectId,
    chunk,
    first: full || !current ? position : current.first,
    last: position,
    saves,
  });
  await saveHeads(store).put({ _id: String(projectId), chunk, size: saves.length / 2 });
}

/** The documents saved after `after` and up to `upTo` (positions of the log) in a project. */
export async function docsSavedBetween(store: ReadStore, projectId: number, after: number, upTo: number) {
  const found = await docSaveChunks(store).find({ projectId, last: { $gt: after } });
  const docIds = new Set<number>();
  for (const { saves } of found) {
    for (let i = 0; i < saves.length; i += 2) {
      const position = saves[i + 1]!;
      if (position > after && position <= upTo) docIds.add(saves[i]!);
    }
  }
  return docIds;
}

const versionDoc = (data: ProjectVersionData): ProjectVersionDoc => ({
  _id: String(data.versionId),
  ...data,
  deleted: false,
});

export const versionsProjection = projection({
  name: 'projectVersions',
  source: ownLog<VersionEvent | DocEvent>(),
  on: {
    ProjectVersionSaved: async (event, store) => {
      const existing = await projectVersions(store).findOne({ _id: String(event.data.versionId) });
      if (!existing) await projectVersions(store).put(versionDoc(event.data));
    },
    ProjectVersionDeleted: async (event, store) => {
      await projectVersions(store).updateOne({ _id: String(event.data.versionId) }, { $set: { deleted: true } });
    },
    DocCreated: async (event, store) => {
      await docProjects(store).put({ _id: String(event.data.docId), projectId: event.data.projectId });
    },
    DocSaved: (event, store) => recordSave(store, event),
  },
});
