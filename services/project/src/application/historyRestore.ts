import { randomUUID } from 'node:crypto';
import { type Caller, conflict, invalid, nextNumericId } from '@pmbok/infra';
import { docDecider } from '../domain/doc/businessLogic.js';
import { type Doc, type DocEvent, docStreamId, evolveDoc, initialDoc } from '../domain/doc/doc.js';
import type { ProjectFields } from '../domain/project/project.js';
import { treeDecider } from '../domain/tree/businessLogic.js';
import { getNode } from '../domain/tree/nodeMap.js';
import {
  evolveTree,
  initialTree,
  type Tree,
  type TreeEvent,
  type TreeNode,
  treeStreamId,
} from '../domain/tree/tree.js';
import type { DocUseCasesOf } from '../grpcDocs.js';
import { projectDocs } from '../projections/docs/index.js';
import { historyChanges, historyDocs, historyEntries, historyNodes } from '../projections/history/index.js';
import type { ProjectContext } from './context.js';
import type { ProjectUseCases } from './index.js';

export const historyMessages = {
  entryNotFound: '历史记录不存在',
  changeNotFound: '该变更不存在',
  noDoc: '该节点没有文档内容',
  notYet: '该时间点文档还不存在',
  raced: '文档刚被他人保存，请刷新后重试',
} as const;

/** A restore's or a revert's own change id: the history shows its entries as such (projections/history/texts.ts). */
const newChange = (kind: 'restore' | 'revert') => `${kind}-${randomUUID()}`;

/**
 * Restoring a document to a point of the history and reverting a whole change. Both write new events (nothing is
 * overwritten), as one new change of their own that can itself be reverted.
 */
export function createHistoryRestore(context: ProjectContext, docUseCases: DocUseCasesOf, projects: ProjectUseCases) {
  const { readStore, eventStore, now, runCommand } = context;

  /** The document as it was once every event up to `position` had happened. */
  async function docAt(docId: number, position: number): Promise<Doc> {
    let doc: Doc = initialDoc();
    for (const event of await eventStore.readStream(docStreamId(docId))) {
      if (event.metadata.globalPosition > position) break;
      doc = evolveDoc(doc, event as unknown as DocEvent);
    }
    return doc;
  }

  /**
   * A node's document as at `position`: the node may have had several (removed and brought back), and at one point
   * at most one was live; a removal's point finds the one it deleted, with its content then.
   */
  async function nodeDocAt(nodeId: number, position: number): Promise<Doc> {
    let found: Doc = initialDoc();
    for (const { docId } of await historyDocs(readStore).find({ nodeId })) {
      const doc = await docAt(docId, position);
      if (doc.status === 'active') return doc;
      if (doc.status === 'deleted' && (found.status === 'none' || doc.updatedAt >= found.updatedAt)) found = doc;
    }
    return found;
  }

  /** The tree just before `position`, and now. */
  async function treesAround(projectId: number, position: number) {
    let tree: Tree = initialTree();
    let before: Tree | undefined;
    for (const event of await eventStore.readStream(treeStreamId(projectId))) {
      if (!before && event.metadata.globalPosition >= position) before = tree;
      tree = evolveTree(tree, event as unknown as TreeEvent);
    }
    return { before: before ?? tree, now: tree };
  }

  /** Saves `content` over the document's present version; true when it changed anything. */
  async function saveBack(projectId: number, nodeId: number, docId: number, content: unknown, who: Caller) {
    const current = await projectDocs(readStore).findOne({ _id: String(docId) });
    if (!current) return false;
    const saved = await docUseCases.docs.save(
      projectId,
      nodeId,
      { baseVersion: current.version, contentJson: JSON.stringify(content) },
      who,
    );
    if (saved.conflict) throw conflict(historyMessages.raced);
    return saved.version > current.version;
  }

  /** A removed node put back under `parentId` with a new document holding `doc`'s content (same node id). */
  async function recreate(projectId: number, teamId: number, node: TreeNode, parentId: number, doc: Doc, who: Caller) {
    const docId = node.kind === 'folder' || doc.status === 'none' ? 0 : nextNumericId(now());
    const add = {
      type: 'AddNode',
      data: { nodeId: node.nodeId, parentId, kind: node.kind, name: node.name, docId },
    } as const;
    await runCommand(treeStreamId(projectId), treeDecider, add, who, { teamId });
    if (!docId || doc.status === 'none') return;
    const data = {
      docId,
      projectId,
      nodeId: node.nodeId,
      kind: doc.kind,
      content: doc.content,
      sourceDocId: doc.docId,
    };
    const metadata = { actorId: who.userId, now: now() };
    await runCommand(docStreamId(docId), docDecider, { type: 'CreateDoc', data, metadata }, who, { teamId });
  }

  return {
    /** The document of `nodeId` as right after the change of entry `entryId`, saved as a new version. */
    async restoreDoc(projectId: number, nodeId: number, entryId: number, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const entry = await historyEntries(readStore).findOne({ _id: String(entryId), projectId });
      if (!entry?.nodeIds.includes(nodeId)) throw invalid(historyMessages.entryNotFound);
      const node = await historyNodes(readStore).findOne({ _id: String(nodeId) });
      if (!node || node.projectId !== projectId || node.kind === 'folder') throw invalid(historyMessages.noDoc);
      const change = await historyChanges(readStore).findOne({ _id: entry.changeId });
      const doc = await nodeDocAt(nodeId, Math.max(entryId, change?.last ?? entryId));
      if (doc.status === 'none') throw invalid(historyMessages.notYet);
      const changeId = newChange('restore');
      const who = { ...caller, correlationId: changeId };
      const trees = await treesAround(projectId, Number.POSITIVE_INFINITY);
      const present = getNode(trees.now.nodes, nodeId);
      // Its document now may be another than then (the node was removed and brought back since): the content goes
      // into the one it has now.
      if (present?.docId) {
        const changed = await saveBack(projectId, nodeId, present.docId, doc.content, who);
        return { changeId: changed ? changeId : '', restored: changed ? 1 : 0 };
      }
      if (present) throw invalid(historyMessages.noDoc);
      // Removed since: back under its folder when that is still there, else at the root.
      const parent = getNode(trees.now.nodes, node.parentId);
      const parentId = parent?.kind === 'folder' && !parent.isTemplate ? parent.nodeId : 0;
      const tree: TreeNode = {
        nodeId,
        parentId,
        kind: node.kind,
        name: node.name,
        sort: 0,
        docId: 0,
        isTemplate: false,
      };
      await recreate(projectId, project.teamId, tree, parentId, doc, who);
      return { changeId, restored: 1 };
    },

    /**
     * Every node and document the change touched put back as just before it: what it added is removed, what it
     * removed comes back (same node ids, new documents), renames, moves and saves are undone. The project's own
     * fields too when the caller manages the project.
     */
    async revertChange(projectId: number, revertedId: string, caller: Caller) {
      const access = await context.writable(projectId, caller);
      const teamId = access.project.teamId;
      const entries = await historyEntries(readStore).find(
        { projectId, changeId: revertedId },
        { sort: { entryId: 1 } },
      );
      const change = await historyChanges(readStore).findOne({ _id: revertedId });
      if (entries.length === 0 || !change || change.projectId !== projectId) {
        throw invalid(historyMessages.changeNotFound);
      }
      const changeId = newChange('revert');
      const who = { ...caller, correlationId: changeId };
      // What the change did to each node, by its entries: only that is undone (a later rename or save stays).
      const did = (...bases: string[]) =>
        new Set(entries.filter((entry) => bases.includes(entry.base)).flatMap((entry) => entry.nodeIds));
      const [addedIds, removedIds, renamedIds, movedIds, savedIds] = [
        did('node-added'),
        did('node-removed'),
        did('node-renamed'),
        did('node-moved'),
        did('doc-saved', 'doc-created'),
      ];
      const trees = await treesAround(projectId, change.first);
      const before = (id: number) => getNode(trees.before.nodes, id);
      const current = (id: number) => getNode(trees.now.nodes, id);
      let restored = 0;

      // Removed by it: back, parents first (a parent's depth in the tree before is smaller).
      const depth = (node: TreeNode): number =>
        node.parentId ? 1 + depth(before(node.parentId) ?? { ...node, parentId: 0 }) : 0;
      const back = [...removedIds]
        .map(before)
        .filter((node): node is TreeNode => !!node && !node.isTemplate && !current(node.nodeId))
        .sort((a, b) => depth(a) - depth(b));
      const returned = new Set<number>();
      for (const node of back) {
        const parentId = current(node.parentId) || returned.has(node.parentId) ? node.parentId : 0;
        const doc = node.docId ? await docAt(node.docId, change.first - 1) : initialDoc();
        await recreate(projectId, teamId, node, parentId, doc, who);
        returned.add(node.nodeId);
        restored += 1;
      }

      // Added by it: removed, each subtree once.
      const added = new Set([...addedIds].filter((id) => current(id) && !before(id)));
      const underAdded = (id: number): boolean => {
        const parentId = current(id)?.parentId ?? 0;
        return parentId !== 0 && (added.has(parentId) || underAdded(parentId));
      };
      for (const id of added) {
        const node = current(id)!;
        if (underAdded(id)) continue;
        const remove = { type: 'RemoveNode', data: { nodeId: id, template: node.isTemplate } } as const;
        const { events } = await runCommand(treeStreamId(projectId), treeDecider, remove, who, { teamId });
        for (const event of events) {
          if (event.type !== 'StructureNodesRemoved') continue;
          for (const { docId } of event.data.removed) {
            if (docId)
              await runCommand(
                docStreamId(docId),
                docDecider,
                { type: 'DeleteDoc', metadata: { actorId: who.userId, now: now() } },
                who,
                { teamId },
              );
          }
        }
        restored += 1;
      }

      // Kept: name, place and content as before.
      const moves: { nodeId: number; parentId: number; sort: number }[] = [];
      for (const id of new Set([...renamedIds, ...movedIds, ...savedIds])) {
        const [was, is] = [before(id), current(id)];
        if (!was || !is) continue;
        let changed = false;
        if (renamedIds.has(id) && was.name !== is.name) {
          const rename = { type: 'RenameNode', data: { nodeId: id, name: was.name } } as const;
          await runCommand(treeStreamId(projectId), treeDecider, rename, who, { teamId });
          changed = true;
        }
        const placed = !was.parentId || current(was.parentId) || returned.has(was.parentId);
        if (movedIds.has(id) && (was.parentId !== is.parentId || was.sort !== is.sort) && placed) {
          moves.push({ nodeId: id, parentId: was.parentId, sort: was.sort });
          changed = true;
        }
        if (savedIds.has(id) && is.docId) {
          const doc = await nodeDocAt(id, change.first - 1);
          if (doc.status === 'active' && (await saveBack(projectId, id, is.docId, doc.content, who))) changed = true;
        }
        if (changed) restored += 1;
      }
      if (moves.length > 0) {
        await runCommand(treeStreamId(projectId), treeDecider, { type: 'MoveNodes', data: { moves } }, who, { teamId });
      }

      const fields = entries.filter((entry) => entry.base === 'project-updated').flatMap((entry) => entry.fields);
      if (fields.length > 0 && access.canManage) {
        // The earliest value of each field within the change is the one before it.
        const earlier = Object.fromEntries([...fields].reverse().map((field) => [field.path, field.before]));
        await projects.projects.update(projectId, earlier as Partial<ProjectFields>, who);
        restored += 1;
      }
      return { changeId: restored > 0 ? changeId : '', restored };
    },
  };
}

export type HistoryRestore = ReturnType<typeof createHistoryRestore>;
