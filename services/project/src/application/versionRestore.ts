import { randomUUID } from 'node:crypto';
import { type Caller, nextNumericId, notFound } from '@pmbok/infra';
import { type DocCommand, docDecider, docMessages, SaveConflictError } from '../domain/doc/businessLogic.js';
import { type Content, emptyContent } from '../domain/doc/content.js';
import { docStreamId } from '../domain/doc/doc.js';
import { type TreeCommand, treeDecider } from '../domain/tree/businessLogic.js';
import { getNode } from '../domain/tree/nodeMap.js';
import { type NodeKind, type TreeNode, treeStreamId } from '../domain/tree/tree.js';
import { projectDocs } from '../projections/docs/index.js';
import { docsSavedBetween } from '../projections/versions/index.js';
import type { ProjectContext } from './context.js';
import { NOW, type ProjectAt, visibleNodes } from './projectAt.js';
import type { VersionUseCases } from './versions.js';

type DocKind = Exclude<NodeKind, 'folder'>;

/** Parents before children: a node's depth in its tree. */
function byDepth(nodes: TreeNode[], tree: ReadonlyMap<number, TreeNode>): TreeNode[] {
  const depth = (node: TreeNode) => {
    let d = 0;
    for (let p = tree.get(node.parentId); p && d < 10_000; p = tree.get(p.parentId)) d += 1;
    return d;
  };
  return nodes
    .map((node) => [depth(node), node] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, node]) => node);
}

/**
 * `project/restoreVersion`: the version's contents written back as new saves (a whole project: removed nodes
 * re-created under their old parents with their documents, nodes moved and renamed back, nodes added since
 * removed; or one document). Nothing is overwritten: every write is a new event, all under one change id, so the
 * history shows the restore as one change that can itself be reverted.
 */
export function createRestore(context: ProjectContext, versions: VersionUseCases, at: ProjectAt) {
  const { readStore, now, runCommand } = context;

  return async (projectId: number, versionId: number, nodeId: number, caller: Caller) => {
    const { project } = await context.writable(projectId, caller);
    const version = await versions.versionOf(projectId, versionId);
    // One change id for every write, marked as a restore (the history names such a change 恢复), taken from the
    // request's correlation id so the request's log lines and the change match.
    const changeId = `restore-${caller.correlationId || randomUUID()}`;
    const who = { ...caller, correlationId: changeId };
    const teamId = project.teamId;
    const meta = () => ({ actorId: caller.userId, now: now() });
    const runTree = (command: TreeCommand) =>
      runCommand(treeStreamId(projectId), treeDecider, command, who, { teamId });
    const runDoc = (docId: number, command: DocCommand) =>
      runCommand(docStreamId(docId), docDecider, command, who, { teamId });
    let restored = 0;

    const [oldTree, curTree] = await Promise.all([at.treeAt(projectId, version.position), at.treeAt(projectId, NOW)]);
    const old = new Map(visibleNodes(oldTree).map((node) => [node.nodeId, node]));
    const cur = new Map(visibleNodes(curTree).map((node) => [node.nodeId, node]));

    const contentThen = async (node: TreeNode): Promise<Content> => {
      const doc = await at.docAt(node.docId, version.position);
      if (!doc) throw notFound(docMessages.notFound);
      return doc.content;
    };

    /**
     * Nodes gone since (parents first): back with their ids under their old parents in one tree event, each with a
     * new document holding its content then (the old document's stream ended with its deletion).
     */
    async function recreate(nodes: TreeNode[]) {
      if (nodes.length === 0) return;
      const then = await at.docsAt(
        projectId,
        version.position,
        nodes.map((node) => node.docId),
      );
      const planned = nodes.map((node) => {
        if (node.kind === 'folder') return { node, docId: 0, content: undefined };
        const content = then.get(node.docId)?.content ?? emptyContent(node.kind);
        return { node, docId: nextNumericId(now()), content };
      });
      const added = planned.map(({ node, docId }) => ({
        nodeId: node.nodeId,
        parentId: node.parentId,
        kind: node.kind,
        name: node.name,
        docId,
      }));
      await runTree({ type: 'AddImportedNodes', data: { nodes: added } });
      for (const { node, docId, content } of planned) {
        if (content) {
          const doc = { docId, projectId, nodeId: node.nodeId, kind: node.kind as DocKind, content };
          await runDoc(docId, { type: 'CreateDoc', data: doc, metadata: meta() });
        }
        cur.set(node.nodeId, { ...node, docId });
      }
      restored += nodes.length;
    }

    /** The content then saved over the node's document now (a save that changes nothing writes nothing). */
    async function saveBack(then: TreeNode, nowNode: TreeNode) {
      const content = await contentThen(then);
      let baseVersion = (await projectDocs(readStore).findOne({ _id: String(nowNode.docId) }))?.version ?? 1;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        try {
          const { events } = await runDoc(nowNode.docId, {
            type: 'SaveDoc',
            data: { baseVersion, content },
            metadata: meta(),
          });
          if (events.length > 0) restored += 1;
          return;
        } catch (error) {
          // Someone saved meanwhile: the restore still wins, on top of their version (which the history keeps).
          if (!(error instanceof SaveConflictError)) throw error;
          baseVersion = error.current.version;
        }
      }
    }

    async function rename(then: TreeNode) {
      const { events } = await runTree({ type: 'RenameNode', data: { nodeId: then.nodeId, name: then.name } });
      restored += events.length;
    }

    if (nodeId) {
      const then = old.get(nodeId);
      if (!then || then.kind === 'folder') throw notFound(docMessages.notFound);
      const nowNode = cur.get(nodeId);
      if (nowNode) {
        await saveBack(then, nowNode);
        if (nowNode.name !== then.name) await rename(then);
      } else {
        // Its folders first, where they are gone too.
        const chain: TreeNode[] = [];
        for (let p = old.get(then.parentId); p && !cur.has(p.nodeId); p = old.get(p.parentId)) chain.unshift(p);
        await recreate([...chain, then]);
      }
      return { changeId, restored };
    }

    const gone = byDepth(
      [...old.values()].filter((node) => !cur.has(node.nodeId)),
      old,
    );
    await recreate(gone);
    const recreated = new Set(gone.map((node) => node.nodeId));

    const moves = [...old.values()]
      .filter((node) => {
        const nowNode = cur.get(node.nodeId)!;
        return recreated.has(node.nodeId) || nowNode.parentId !== node.parentId || nowNode.sort !== node.sort;
      })
      .map(({ nodeId: id, parentId, sort }) => ({ nodeId: id, parentId, sort }));
    if (moves.length > 0) {
      const { events } = await runTree({ type: 'MoveNodes', data: { moves } });
      restored += events.flatMap((event) => (event.type === 'StructureNodesMoved' ? event.data.moves : [])).length;
    }
    for (const node of old.values()) {
      if (!recreated.has(node.nodeId) && cur.get(node.nodeId)!.name !== node.name) await rename(node);
    }

    // Added since: only the topmost of them (a folder takes what is under it); their documents go with them.
    const added = [...cur.values()].filter((node) => !old.has(node.nodeId));
    const addedIds = new Set(added.map((node) => node.nodeId));
    for (const node of added.filter((n) => !addedIds.has(n.parentId))) {
      if (!getNode(curTree.nodes, node.nodeId)) continue;
      const { events } = await runTree({ type: 'RemoveNode', data: { nodeId: node.nodeId } });
      for (const event of events) {
        if (event.type !== 'StructureNodesRemoved') continue;
        for (const removed of event.data.removed) {
          if (removed.docId) await runDoc(removed.docId, { type: 'DeleteDoc', metadata: meta() });
          restored += 1;
        }
      }
    }

    const saved = await docsSavedBetween(readStore, projectId, version.position, NOW);
    for (const then of old.values()) {
      if (then.kind === 'folder' || recreated.has(then.nodeId)) continue;
      const nowNode = cur.get(then.nodeId)!;
      if (nowNode.docId !== then.docId || saved.has(then.docId)) await saveBack(then, nowNode);
    }
    return { changeId, restored };
  };
}
