import { type Caller, type CommandCaller, fold, forbidden, invalid, nextNumericId, notFound } from '@pmbok/infra';
import { type DocCommand, docDecider } from '../domain/doc/businessLogic.js';
import { type Content, checkContent, emptyContent } from '../domain/doc/content.js';
import { docStreamId } from '../domain/doc/doc.js';
import { messages as projectMessages } from '../domain/project/rules.js';
import { type TreeCommand, treeDecider, treeNodes } from '../domain/tree/businessLogic.js';
import { checkKind, treeMessages } from '../domain/tree/rules.js';
import { type NewNode, type NodeKind, type TreeEvent, treeStreamId } from '../domain/tree/tree.js';

type DocKind = Exclude<NodeKind, 'folder'>;

import { projectDocs } from '../projections/docs/index.js';
import type { ProjectContext } from './context.js';
import type { ContentCopier } from './templates.js';
import type { TreeReads } from './treeReads.js';

export interface NewStructureInput {
  parentId: number;
  kind: string;
  name: string;
  templateId: number;
  method: string;
  path: string;
}

const copiedNodes = (events: TreeEvent[]) =>
  events.flatMap((event) => (event.type === 'StructureNodesCopied' ? event.data.nodes : []));

/**
 * The document tree: nodes added, renamed, copied, moved and removed, API templates, and copies of a whole
 * project's tree. The tree's stream is written first and the documents after it (a node's document is created,
 * copied or deleted in its own stream), so a refused tree change leaves no document behind.
 */
export function createTree(context: ProjectContext, reads: TreeReads) {
  const { readStore, eventStore, now, runCommand } = context;
  const ids = () => nextNumericId(now());

  const runTree = (
    projectId: number,
    teamId: number,
    command: TreeCommand,
    caller: CommandCaller,
    commandId?: string,
  ) => runCommand(treeStreamId(projectId), treeDecider, command, caller, { teamId, commandId });
  const runDoc = (docId: number, teamId: number, command: DocCommand, caller: CommandCaller, commandId?: string) =>
    runCommand(docStreamId(docId), docDecider, command, caller, { teamId, commandId });
  const meta = (caller: CommandCaller) => ({ actorId: caller.userId ?? 0, now: now() });

  /** The documents of copied nodes, from their sources' current content. */
  async function copyDocs(projectId: number, teamId: number, nodes: NewNode[], caller: CommandCaller) {
    for (const node of nodes) {
      if (!node.docId || node.kind === 'folder') continue;
      const source = node.sourceDocId ? await projectDocs(readStore).findOne({ _id: String(node.sourceDocId) }) : null;
      const data = {
        docId: node.docId,
        projectId,
        nodeId: node.nodeId,
        kind: node.kind,
        content: source?.content ?? emptyContent(node.kind),
        sourceDocId: node.sourceDocId,
      };
      await runDoc(node.docId, teamId, { type: 'CreateDoc', data, metadata: meta(caller) }, caller);
    }
  }

  async function deleteDocs(teamId: number, docIds: number[], caller: CommandCaller) {
    for (const docId of docIds) {
      if (docId) await runDoc(docId, teamId, { type: 'DeleteDoc', metadata: meta(caller) }, caller);
    }
  }

  /** The first content of a new document: empty of its kind, or an API template's with the given method and path. */
  async function startingContent(projectId: number, kind: DocKind, input: NewStructureInput, caller: Caller) {
    const start = { method: input.method || undefined, path: input.path || undefined, ownerId: caller.userId };
    if (!input.templateId) return { content: emptyContent(kind, start) };
    if (kind !== 'api') throw invalid('只有接口可以从模板新建');
    const template = await reads.nodeOf(projectId, input.templateId);
    if (!template?.isTemplate) throw notFound(treeMessages.notTemplate);
    const source = await projectDocs(readStore).findOne({ _id: String(template.projectDocId) });
    const content: Content = { ...(source?.content ?? emptyContent('api')) };
    if (start.method) content.method = start.method;
    if (start.path) content.path = start.path;
    return { content: checkContent('api', content), template };
  }

  return {
    /**
     * The tree, flat, templates apart. Without an account nothing is read here: a public reader reads through a
     * share link (application/shares.ts), which shows only what the link covers.
     */
    async structure(projectId: number, caller: Pick<Caller, 'userId'>, isPublic: boolean) {
      if (isPublic) throw forbidden(projectMessages.notVisible);
      await context.readable(projectId, caller);
      const { nodes, position } = await reads.treeOf(projectId);
      return { nodes, version: position };
    },

    async add(projectId: number, input: NewStructureInput, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const kind = checkKind(input.kind);
      // Checked before anything is written: a bad method, path or template adds no node.
      const start = kind === 'folder' ? undefined : await startingContent(projectId, kind, input, caller);
      const nodeId = ids();
      const docId = start ? ids() : 0;
      const data = {
        nodeId,
        parentId: input.parentId,
        kind,
        name: input.name,
        docId,
        sourceNodeId: start?.template?.projectStructureId ?? 0,
        sourceDocId: start?.template?.projectDocId ?? 0,
      };
      await runTree(projectId, project.teamId, { type: 'AddNode', data }, caller);
      if (start && kind !== 'folder') {
        const doc = { docId, projectId, nodeId, kind, content: start.content, sourceDocId: data.sourceDocId };
        await runDoc(docId, project.teamId, { type: 'CreateDoc', data: doc, metadata: meta(caller) }, caller);
      }
      return { projectStructureId: nodeId, projectDocId: docId };
    },

    async rename(projectId: number, nodeId: number, name: string, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      await runTree(projectId, project.teamId, { type: 'RenameNode', data: { nodeId, name } }, caller);
    },

    async copy(projectId: number, nodeId: number, parentId: number | undefined, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const { events } = await runTree(
        projectId,
        project.teamId,
        { type: 'CopyNode', data: { nodeId, parentId, newId: ids } },
        caller,
      );
      const nodes = copiedNodes(events);
      await copyDocs(projectId, project.teamId, nodes, caller);
      return { projectStructureId: nodes[0]?.nodeId ?? 0, projectDocId: nodes[0]?.docId ?? 0 };
    },

    async remove(projectId: number, nodeId: number, caller: Caller, template = false) {
      const { project } = await context.writable(projectId, caller);
      const { events } = await runTree(
        projectId,
        project.teamId,
        { type: 'RemoveNode', data: { nodeId, template } },
        caller,
      );
      const docIds = events.flatMap((event) =>
        event.type === 'StructureNodesRemoved' ? event.data.removed.map((node) => node.docId) : [],
      );
      await deleteDocs(project.teamId, docIds, caller);
    },

    async move(projectId: number, moves: { nodeId: number; parentId: number; sort: number }[], caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      await runTree(projectId, project.teamId, { type: 'MoveNodes', data: { moves } }, caller);
    },

    async templates(projectId: number, caller: Pick<Caller, 'userId'>) {
      await context.readable(projectId, caller);
      return (await reads.treeOf(projectId)).templates;
    },

    /** An api node's document copied into a new API template. */
    async saveTemplate(projectId: number, nodeId: number, name: string, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const command = {
        type: 'CopyNode',
        data: { nodeId, asTemplate: true, name: name || undefined, newId: ids },
      } as const;
      const nodes = copiedNodes((await runTree(projectId, project.teamId, command, caller)).events);
      await copyDocs(projectId, project.teamId, nodes, caller);
      return { projectStructureId: nodes[0]?.nodeId ?? 0, projectDocId: nodes[0]?.docId ?? 0 };
    },

    /**
     * Copies another project's whole tree (templates included) and documents into a new, empty project:
     * createByTemplate and teams created from templates. `commandId` makes a retried copy import the tree once.
     */
    copyContent: (async ({ sourceProjectId, projectId, actorId, commandId }) => {
      const source = fold(treeDecider, await eventStore.readStream(treeStreamId(sourceProjectId)));
      const nodes = [...treeNodes(source), ...treeNodes(source, true)];
      if (nodes.length === 0) return;
      const teamId = (await context.findProject(projectId))?.teamId ?? 0;
      const caller = { userId: actorId };
      const command = { type: 'ImportTree', data: { sourceProjectId, nodes, newId: ids } } as const;
      const { events } = await runTree(projectId, teamId, command, caller, `${commandId}:tree`);
      await copyDocs(projectId, teamId, copiedNodes(events), caller);
    }) satisfies ContentCopier,
  };
}

export type TreeUseCases = ReturnType<typeof createTree>;
