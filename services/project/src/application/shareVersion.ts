import type { ReadStore } from '@pmbok/infra';
import { getNode } from '../domain/tree/nodeMap.js';
import { textsOf } from '../projections/docs/search.js';
import { type ProjectVersionDoc, projectVersions } from '../projections/versions/index.js';
import type { DocView } from './docs.js';
import type { ProjectAt } from './projectAt.js';
import { needleOf, rankHits, type SearchableEntry } from './search.js';
import type { NodeView } from './treeReads.js';

/**
 * What a link fixed to a version reads: the version's point of the log (backend-versions' projectAt), so the
 * reader sees the documents exactly as they were, however the project changed since.
 */

/** The version while it is there (a deleted version, or one of another project, is none). */
export async function liveVersion(readStore: ReadStore, projectId: number, versionId: number) {
  if (!(Number.isSafeInteger(versionId) && versionId > 0)) return null;
  const version = await projectVersions(readStore).findOne({ _id: String(versionId) });
  return version && !version.deleted && version.projectId === projectId ? version : null;
}

export const treeAtVersion = (at: ProjectAt, version: ProjectVersionDoc): Promise<NodeView[]> =>
  at.structureAt(version.projectId, version.position);

/** One document as at the version, without people (a public reader learns none), or null. */
export async function docAtVersion(at: ProjectAt, version: ProjectVersionDoc, nodeId: number): Promise<DocView | null> {
  const tree = await at.treeAt(version.projectId, version.position);
  const node = getNode(tree.nodes, nodeId);
  if (!node || node.isTemplate || node.kind === 'folder') return null;
  const doc = (await at.docsAt(version.projectId, version.position, [node.docId])).get(node.docId);
  if (!doc) return null;
  return {
    projectId: version.projectId,
    projectStructureId: node.nodeId,
    projectDocId: doc.docId,
    kind: node.kind,
    name: node.name,
    version: doc.version,
    content: doc.content,
    createdBy: 0,
    createdByName: '',
    updatedBy: 0,
    updatedByName: '',
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    linkedTasks: [],
  };
}

/** Search within the covered documents as at the version: the index holds only the present, so build its entries. */
export async function searchAtVersion(
  at: ProjectAt,
  version: ProjectVersionDoc,
  covered: ReadonlySet<number>,
  keyword: string,
) {
  const needle = needleOf(keyword);
  const tree = await at.treeAt(version.projectId, version.position);
  const nodes = [...covered].map((id) => getNode(tree.nodes, id)).filter((node) => !!node && node.kind !== 'folder');
  const docs = await at.docsAt(
    version.projectId,
    version.position,
    nodes.map((node) => node!.docId),
  );
  const entries: SearchableEntry[] = [];
  for (const node of nodes) {
    const doc = docs.get(node!.docId);
    if (!doc || node!.kind === 'folder') continue;
    const texts = textsOf(node!.kind, doc.content);
    entries.push({
      ...texts,
      projectStructureId: node!.nodeId,
      projectDocId: doc.docId,
      kind: node!.kind,
      name: node!.name,
    });
  }
  return rankHits(entries, needle);
}
