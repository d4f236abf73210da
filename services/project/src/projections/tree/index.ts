import {
  type Doc,
  type IndexSpec,
  ownLog,
  parseStreamId,
  projection,
  type ReadStore,
  type Recorded,
  readModel,
} from '@pmbok/infra';
import type { Content } from '../../domain/doc/content.js';
import type { DocEvent } from '../../domain/doc/doc.js';
import type { NewNode, NodeKind, TreeEvent } from '../../domain/tree/tree.js';
import { PROJECT_DOC_COUNTS, type ProjectDocCountDoc } from '../projects/docCounts.js';

/** A node of a project's tree as the tree call answers it, plus who wrote its document (the creator centre). */
export interface StructureNodeDoc extends Doc {
  projectId: number;
  projectStructureId: number;
  parentId: number;
  kind: NodeKind;
  name: string;
  sort: number;
  projectDocId: number;
  method: string;
  path: string;
  status: string;
  isTemplate: boolean;
  updatedAt: number;
  createdBy: number;
  updatedBy: number;
}

/**
 * One per project: the position of the last event applied to its tree, so a reader knows whether a tree it
 * remembers is still the current one, and a redelivered tree event is skipped.
 */
export interface TreeHeadDoc extends Doc {
  projectId: number;
  position: number;
}

// By project, and within it by kind and name: a save looks up the project's models (`$ref` targets) by walking
// only them, not the project's thousands of other nodes.
const nodeIndexes: IndexSpec[] = [{ fields: { projectId: 1, kind: 1, name: 1 } }, { fields: { projectDocId: 1 } }];
export const structureNodes = readModel<StructureNodeDoc>('structureNodes', nodeIndexes);
export const treeHeads = readModel<TreeHeadDoc>('treeHeads');

const nodeDoc = (projectId: number, node: NewNode, at: number): StructureNodeDoc => ({
  _id: String(node.nodeId),
  projectId,
  projectStructureId: node.nodeId,
  parentId: node.parentId,
  kind: node.kind,
  name: node.name,
  sort: node.sort,
  projectDocId: node.docId,
  method: '',
  path: '',
  status: '',
  isTemplate: node.isTemplate,
  updatedAt: at,
  createdBy: 0,
  updatedBy: 0,
});

/** What an api node shows of its document in the tree. */
const apiFields = (kind: string, content: Content) =>
  kind === 'api'
    ? { method: String(content.method ?? ''), path: String(content.path ?? ''), status: String(content.status ?? '') }
    : {};

async function countDocs(store: ReadStore, projectId: number) {
  // Two equality counts (the read store's fast path) rather than one with `$ne`; folders are never templates.
  const nodes = structureNodes(store);
  const docCount =
    (await nodes.count({ projectId, isTemplate: false })) - (await nodes.count({ projectId, kind: 'folder' }));
  await store.collection<ProjectDocCountDoc>(PROJECT_DOC_COUNTS).put({ _id: String(projectId), projectId, docCount });
}

/**
 * Applies a tree event once: the project's head remembers the last position applied (events may come twice), and
 * moves forward after the nodes are written, so a crash in between re-applies writes that are idempotent.
 */
async function onTree(
  event: Recorded<TreeEvent>,
  store: ReadStore,
  apply: (projectId: number, nodes: ReturnType<typeof structureNodes>) => Promise<void>,
  counts = false,
) {
  const projectId = parseStreamId(event.metadata.streamId, 'projectTree');
  const head = await treeHeads(store).findOne({ _id: String(projectId) });
  if (head && head.position >= event.metadata.globalPosition) return;
  await apply(projectId, structureNodes(store));
  if (counts) await countDocs(store, projectId);
  await treeHeads(store).put({ _id: String(projectId), projectId, position: event.metadata.globalPosition });
}

/** A document's change shown on its node (api fields, who wrote it); the project's head moves with it. */
async function onDoc(
  store: ReadStore,
  event: Recorded<DocEvent>,
  change: (node: StructureNodeDoc) => Partial<StructureNodeDoc>,
) {
  const docId = parseStreamId(event.metadata.streamId, 'projectDoc');
  const node = await structureNodes(store).findOne({ projectDocId: docId });
  if (!node) return;
  await structureNodes(store).put({ ...node, ...change(node) });
  const head = await treeHeads(store).findOne({ _id: String(node.projectId) });
  if (!head || head.position < event.metadata.globalPosition) {
    await treeHeads(store).put({
      _id: String(node.projectId),
      projectId: node.projectId,
      position: event.metadata.globalPosition,
    });
  }
}

export const treeProjection = projection({
  name: 'structureNodes',
  source: ownLog<TreeEvent | DocEvent>(),
  on: {
    StructureNodeAdded: (event, store) =>
      onTree(event, store, (projectId, nodes) => nodes.put(nodeDoc(projectId, event.data, event.metadata.at)), true),
    StructureNodesCopied: (event, store) =>
      onTree(
        event,
        store,
        async (projectId, nodes) => {
          for (const node of event.data.nodes) await nodes.put(nodeDoc(projectId, node, event.metadata.at));
        },
        true,
      ),
    StructureNodeRenamed: (event, store) =>
      onTree(event, store, async (_projectId, nodes) => {
        await nodes.updateOne(
          { _id: String(event.data.nodeId) },
          { $set: { name: event.data.name, updatedAt: event.metadata.at } },
        );
      }),
    StructureNodesMoved: (event, store) =>
      onTree(event, store, async (_projectId, nodes) => {
        for (const { nodeId, parentId, sort } of event.data.moves) {
          await nodes.updateOne({ _id: String(nodeId) }, { $set: { parentId, sort } });
        }
      }),
    StructureNodesRemoved: (event, store) =>
      onTree(
        event,
        store,
        async (_projectId, nodes) => {
          await nodes.deleteMany({ _id: { $in: event.data.removed.map((node) => String(node.nodeId)) } });
        },
        true,
      ),
    DocCreated: (event, store) =>
      onDoc(store, event, () => ({
        ...apiFields(event.data.kind, event.data.content),
        createdBy: event.data.createdBy,
        updatedBy: event.data.createdBy,
        updatedAt: event.data.createdAt,
      })),
    DocSaved: (event, store) =>
      onDoc(store, event, (node) => ({
        ...apiFields(node.kind, event.data.content),
        updatedBy: event.data.savedBy,
        updatedAt: event.data.savedAt,
      })),
  },
});
