import { ownLog, parseStreamId, projection, type ReadStore, type Recorded } from '@pmbok/infra';
import type { DataFieldEvent } from '../../domain/dataField/dataField.js';
import type { FieldDiff } from '../../domain/diff/index.js';
import type { DocEvent } from '../../domain/doc/doc.js';
import type { ImportScheduleEvent } from '../../domain/importSchedule/importSchedule.js';
import type { ProjectEvent } from '../../domain/project/project.js';
import type { ShareEvent } from '../../domain/share/share.js';
import type { NewNode, TreeEvent } from '../../domain/tree/tree.js';
import type { VersionEvent } from '../../domain/version/version.js';
import { dataFieldHandlers } from './dataFieldEntries.js';
import { changeIdOf, type HistoryNodeDoc, historyDocs, historyEntries, historyNodes, record, widen } from './model.js';
import { projectHandlers } from './projectEntries.js';
import { publishingHandlers } from './publishingEntries.js';
import { docFieldsText, fieldEntry, KIND_LABEL } from './texts.js';

export * from './model.js';

const nodeOf = (store: ReadStore, nodeId: number) => historyNodes(store).findOne({ _id: String(nodeId) });
const folderName = async (store: ReadStore, nodeId: number) =>
  nodeId ? ((await nodeOf(store, nodeId))?.name ?? '') : '根目录';

async function nodesAdded(store: ReadStore, event: Recorded<TreeEvent>, nodes: NewNode[], copied: boolean) {
  const projectId = parseStreamId(event.metadata.streamId, 'projectTree');
  const changeId = changeIdOf(event);
  const position = String(event.metadata.globalPosition);
  for (const node of nodes) {
    await historyNodes(store).put({
      _id: String(node.nodeId),
      nodeId: node.nodeId,
      projectId,
      parentId: node.parentId,
      kind: node.kind,
      name: node.name,
      docId: node.docId,
      addedEntry: nodes.length === 1 ? position : '',
      addedChange: changeId,
      removedChange: '',
    });
  }
  const root = nodes[0];
  if (!root) return;
  const what = root.isTemplate ? '接口模板' : KIND_LABEL[root.kind];
  const verb = copied ? '复制得到' : '新建了';
  const summary =
    nodes.length > 1 ? `${verb} ${nodes.length} 个节点（${what} ${root.name} 等）` : `${verb}${what} ${root.name}`;
  await record(store, event, {
    projectId,
    base: 'node-added',
    projectStructureId: root.nodeId,
    projectDocId: root.docId,
    kind: root.kind,
    name: root.name,
    summary,
    nodeIds: nodes.map((node) => node.nodeId),
  });
}

const treeHandlers = {
  StructureNodeAdded: (event: Recorded<TreeEvent & { type: 'StructureNodeAdded' }>, store: ReadStore) =>
    nodesAdded(store, event, [event.data], false),
  StructureNodesCopied: (event: Recorded<TreeEvent & { type: 'StructureNodesCopied' }>, store: ReadStore) =>
    // An import's or a restore's nodes arrive as a copy from nowhere (no source node, no source project).
    nodesAdded(store, event, event.data.nodes, !!(event.data.sourceNodeId || event.data.sourceProjectId)),
  StructureNodeRenamed: async (event: Recorded<TreeEvent & { type: 'StructureNodeRenamed' }>, store: ReadStore) => {
    const projectId = parseStreamId(event.metadata.streamId, 'projectTree');
    const node = await nodeOf(store, event.data.nodeId);
    const before = node?.name ?? String(event.data.changes[0]?.before ?? '');
    if (node) await historyNodes(store).put({ ...node, name: event.data.name });
    await record(store, event, {
      projectId,
      base: 'node-renamed',
      projectStructureId: event.data.nodeId,
      projectDocId: event.data.docId,
      kind: node?.kind ?? '',
      name: event.data.name,
      summary: `把${KIND_LABEL[node?.kind ?? ''] ?? '节点'} ${before} 改名为 ${event.data.name}`,
      fields: [fieldEntry('name', '名称', before, event.data.name)],
    });
  },
  StructureNodesMoved: async (event: Recorded<TreeEvent & { type: 'StructureNodesMoved' }>, store: ReadStore) => {
    const projectId = parseStreamId(event.metadata.streamId, 'projectTree');
    const { moves } = event.data;
    const fields: FieldDiff[] = [];
    const lines: string[] = [];
    let first: HistoryNodeDoc | null = null;
    for (const move of moves) {
      const node = await nodeOf(store, move.nodeId);
      first ??= node;
      const from = node?.parentId ?? 0;
      if (node) await historyNodes(store).put({ ...node, parentId: move.parentId });
      // One node's drop keeps plain paths; a drop of several names each node in them.
      const at = (field: string) => (moves.length === 1 ? field : `nodes.${move.nodeId}.${field}`);
      const [a, b] = [await folderName(store, from), await folderName(store, move.parentId)];
      for (const change of move.changes) {
        const entry = fieldEntry(at(change.field), '顺序', change.before, change.after);
        if (change.field === 'parentId') entry.message = `${node?.name ?? ''} 所在目录由 ${a} 改为 ${b}`;
        fields.push(entry);
      }
      lines.push(
        from !== move.parentId
          ? `把${KIND_LABEL[node?.kind ?? ''] ?? '节点'} ${node?.name} 从 ${a} 移到 ${b}`
          : `调整了 ${node?.name} 的顺序`,
      );
    }
    await record(store, event, {
      projectId,
      base: 'node-moved',
      projectStructureId: moves[0]?.nodeId ?? 0,
      projectDocId: first?.docId ?? 0,
      kind: first?.kind ?? '',
      name: first?.name ?? '',
      summary: moves.length === 1 ? (lines[0] ?? '') : `移动了 ${moves.length} 个节点：${lines.slice(0, 3).join('；')}`,
      fields,
      nodeIds: moves.map((move) => move.nodeId),
    });
  },
  StructureNodesRemoved: async (event: Recorded<TreeEvent & { type: 'StructureNodesRemoved' }>, store: ReadStore) => {
    const projectId = parseStreamId(event.metadata.streamId, 'projectTree');
    const changeId = changeIdOf(event);
    const root = await nodeOf(store, event.data.nodeId);
    for (const removed of event.data.removed) {
      const node = await nodeOf(store, removed.nodeId);
      if (node) await historyNodes(store).put({ ...node, removedChange: changeId });
    }
    const more = event.data.removed.length > 1 ? `（共 ${event.data.removed.length} 个节点）` : '';
    await record(store, event, {
      projectId,
      base: 'node-removed',
      projectStructureId: event.data.nodeId,
      projectDocId: root?.docId ?? 0,
      kind: root?.kind ?? '',
      name: root?.name ?? '',
      summary: `删除了${KIND_LABEL[root?.kind ?? ''] ?? '节点'} ${root?.name ?? ''}${more}`,
      nodeIds: event.data.removed.map((node) => node.nodeId),
    });
  },
};

const docHandlers = {
  DocCreated: async (event: Recorded<DocEvent & { type: 'DocCreated' }>, store: ReadStore) => {
    const { docId, projectId, nodeId, kind } = event.data;
    await historyDocs(store).put({ _id: String(docId), docId, projectId, nodeId, kind });
    const node = await nodeOf(store, nodeId);
    // A node's own document (the id its tree event gave it) is part of the node's entry, whichever request wrote it.
    if (node && node.docId === docId) {
      if (node.addedEntry) {
        await historyEntries(store).updateOne({ _id: node.addedEntry }, { $set: { projectDocId: docId } });
      }
      return widen(store, event, projectId, node.addedChange);
    }
    await record(store, event, {
      projectId,
      base: 'doc-created',
      projectStructureId: nodeId,
      projectDocId: docId,
      kind,
      name: node?.name ?? '',
      summary: `创建了${KIND_LABEL[kind]} ${node?.name ?? ''} 的内容`,
    });
  },
  DocSaved: async (event: Recorded<DocEvent & { type: 'DocSaved' }>, store: ReadStore) => {
    const docId = parseStreamId(event.metadata.streamId, 'projectDoc');
    const doc = await historyDocs(store).findOne({ _id: String(docId) });
    if (!doc) return;
    const node = await nodeOf(store, doc.nodeId);
    const changed = event.data.changes.map((change) => change.field);
    await record(store, event, {
      projectId: doc.projectId,
      base: 'doc-saved',
      projectStructureId: doc.nodeId,
      projectDocId: docId,
      kind: doc.kind,
      name: node?.name ?? '',
      summary: `修改了${KIND_LABEL[doc.kind]} ${node?.name ?? ''} 的 ${docFieldsText(changed)}`,
      streamVersion: event.metadata.version,
    });
  },
  DocDeleted: async (event: Recorded<DocEvent & { type: 'DocDeleted' }>, store: ReadStore) => {
    const docId = parseStreamId(event.metadata.streamId, 'projectDoc');
    const doc = await historyDocs(store).findOne({ _id: String(docId) });
    if (!doc) return;
    const node = await nodeOf(store, doc.nodeId);
    // Removing a node deletes its document: the removal's entry says it.
    if (node?.removedChange) return widen(store, event, doc.projectId, node.removedChange);
    await record(store, event, {
      projectId: doc.projectId,
      base: 'doc-deleted',
      projectStructureId: doc.nodeId,
      projectDocId: docId,
      kind: doc.kind,
      name: node?.name ?? '',
      summary: `删除了${KIND_LABEL[doc.kind]} ${node?.name ?? ''} 的内容`,
    });
  },
};

type Handler = (event: never, store: ReadStore) => Promise<void>;

/**
 * Every command of the service waits for its read models, this one included: an event of a shape the history does
 * not expect (a TypeError) leaves out its entry rather than stop the service. Store failures are retried as usual.
 */
function guarded<H extends Record<string, Handler>>(handlers: H): H {
  const wrap =
    (handle: Handler) =>
    async (event: never, store: ReadStore): Promise<void> => {
      try {
        await handle(event, store);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
    };
  return Object.fromEntries(Object.entries(handlers).map(([type, handle]) => [type, wrap(handle)])) as H;
}

/** The change history of each project, from the service's own log (docs/api/publishing.md, "Change history"). */
export const historyProjection = projection({
  name: 'projectHistory',
  source: ownLog<
    ProjectEvent | TreeEvent | DocEvent | VersionEvent | ShareEvent | ImportScheduleEvent | DataFieldEvent
  >(),
  on: guarded({ ...projectHandlers, ...treeHandlers, ...docHandlers, ...publishingHandlers, ...dataFieldHandlers }),
});
