import type { ReadStore } from '@pmbok/infra';
import { type FieldUse, fieldUsesOf, type WalkedDoc } from '../domain/fieldCompare/index.js';
import { type ProjectDocDoc, projectDocs } from '../projections/docs/index.js';
import type { TreeReads } from './treeReads.js';

/** A document's walk, and the save it was walked at. */
interface Walked {
  docId: number;
  updatedAt: number;
  uses: FieldUse[];
}

/** Projects whose walks are remembered; the least recently compared are forgotten beyond this many. */
const PROJECTS_REMEMBERED = 20;
/** Beyond this many documents to read again, one scan of the project's documents beats reading each. */
const BULK_FROM = 50;

/**
 * The field uses of a project's api and data-model documents, each document walked again only when its node says
 * it changed since (a save, or a rename, moves the node's `updatedAt` past the walked save's): copying 5,000
 * documents out of the read store costs more than comparing them, and a fix request compares again right after.
 * A walk is kept at its document's own save time, so a document read before its read model caught up with a save
 * the tree already shows is read again next time.
 */
export function createFieldUsesCache(readStore: ReadStore, reads: TreeReads) {
  const remembered = new Map<number, Map<number, Walked>>();

  async function fresh(projectId: number, docIds: number[]): Promise<Map<number, ProjectDocDoc>> {
    if (docIds.length === 0) return new Map();
    if (docIds.length >= BULK_FROM) {
      // By the indexed project id: one scan rather than an `$in` of thousands of ids.
      return new Map((await projectDocs(readStore).find({ projectId })).map((doc) => [doc.docId, doc]));
    }
    const docs = await Promise.all(docIds.map((id) => projectDocs(readStore).findOne({ _id: String(id) })));
    return new Map(docs.filter((doc): doc is ProjectDocDoc => !!doc).map((doc) => [doc.docId, doc]));
  }

  /** Each api and data-model document's uses, in tree order (templates apart). */
  return async function usesOf(projectId: number): Promise<FieldUse[][]> {
    const { nodes } = await reads.treeOf(projectId);
    const wanted = nodes.filter((node) => (node.kind === 'api' || node.kind === 'schema') && node.projectDocId);
    const known = remembered.get(projectId) ?? new Map<number, Walked>();
    const isStale = (node: (typeof wanted)[number]) => {
      const walked = known.get(node.projectStructureId);
      return !walked || walked.docId !== node.projectDocId || walked.updatedAt < node.updatedAt;
    };
    const read = await fresh(
      projectId,
      wanted.filter(isStale).map((node) => node.projectDocId),
    );
    const next = new Map<number, Walked>();
    const all: FieldUse[][] = [];
    for (const node of wanted) {
      let walked = known.get(node.projectStructureId);
      if (!walked || isStale(node)) {
        const doc = read.get(node.projectDocId);
        if (!doc) continue;
        const walking: WalkedDoc = {
          projectStructureId: node.projectStructureId,
          docName: node.name,
          kind: node.kind as WalkedDoc['kind'],
          content: doc.content as Record<string, unknown>,
        };
        walked = { docId: doc.docId, updatedAt: doc.updatedAt, uses: fieldUsesOf(walking) };
      }
      next.set(node.projectStructureId, walked);
      all.push(walked.uses);
    }
    remembered.delete(projectId);
    remembered.set(projectId, next);
    if (remembered.size > PROJECTS_REMEMBERED) remembered.delete(remembered.keys().next().value as number);
    return all;
  };
}
