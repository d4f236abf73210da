import { type Caller, forbidden, invalid, notFound } from '@pmbok/infra';
import { docDecider, docMessages, SaveConflictError } from '../domain/doc/businessLogic.js';
import { type Content, DOC_MAX_BYTES } from '../domain/doc/content.js';
import { docStreamId, type ExistingDoc, type TaskLink } from '../domain/doc/doc.js';
import { treeDecider } from '../domain/tree/businessLogic.js';
import { treeStreamId } from '../domain/tree/tree.js';
import { projectDocs } from '../projections/docs/index.js';
import { linkableTaskProjects, linkableTasks, visibleTasks } from '../projections/docs/tasks.js';
import { namesOf } from '../projections/people/index.js';
import { projects } from '../projections/projects/index.js';
import { viewCountsOf } from '../projections/shares/index.js';
import type { StructureNodeDoc } from '../projections/tree/index.js';
import { structureNodes } from '../projections/tree/index.js';
import type { ProjectContext } from './context.js';
import type { TreeReads } from './treeReads.js';

/** A document as `DocDetail` answers it (content as an object; the gRPC layer sends it as JSON text). */
export interface DocView {
  projectId: number;
  projectStructureId: number;
  projectDocId: number;
  kind: StructureNodeDoc['kind'];
  name: string;
  version: number;
  content: Content;
  createdBy: number;
  createdByName: string;
  updatedBy: number;
  updatedByName: string;
  createdAt: number;
  updatedAt: number;
  linkedTasks: {
    taskProjectId: number;
    taskId: number;
    name: string;
    status: string;
    assigneeId: number;
    assigneeName: string;
    projectName: string;
  }[];
}

export interface SaveInput {
  baseVersion: number;
  contentJson: string;
  /** Undefined keeps the node's name. */
  name?: string;
}

const taskMessage = '任务不存在或无权访问';

/**
 * A document as the calls answer it, with its people's names and, for a signed-in viewer (`viewerId` > 0), the
 * linked tasks the viewer may see; a version's or a share's reader gets none.
 */
export async function docView(
  readStore: ProjectContext['readStore'],
  projectId: number,
  node: Pick<StructureNodeDoc, 'projectStructureId' | 'kind' | 'name'>,
  doc: Readonly<ExistingDoc>,
  viewerId: number,
): Promise<DocView> {
  const tasks = viewerId ? await visibleTasks(readStore, viewerId, doc.links) : [];
  const names = await namesOf(readStore, [doc.createdBy, doc.updatedBy, ...tasks.map((task) => task.assigneeId)]);
  return {
    projectId,
    projectStructureId: node.projectStructureId,
    projectDocId: doc.docId,
    kind: node.kind,
    name: node.name,
    version: doc.version,
    content: doc.content,
    createdBy: doc.createdBy,
    createdByName: names.get(doc.createdBy) ?? '',
    updatedBy: doc.updatedBy,
    updatedByName: names.get(doc.updatedBy) ?? '',
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    linkedTasks: tasks.map((task) => ({
      taskProjectId: task.taskProjectId,
      taskId: task.taskId,
      name: task.name,
      status: task.status,
      assigneeId: task.assigneeId,
      assigneeName: names.get(task.assigneeId) ?? '',
      projectName: task.projectName,
    })),
  };
}

/** Documents: read (with names and the linked tasks the viewer may see), saved on a base version, linked to tasks. */
export function createDocs(context: ProjectContext, reads: TreeReads) {
  const { readStore, now, runCommand } = context;

  /** The node of a document in the project: an api, page or schema node (an API template too). */
  async function docNode(projectId: number, nodeId: number) {
    const node = await reads.nodeOf(projectId, nodeId);
    if (!node || node.kind === 'folder' || !node.projectDocId) throw notFound(docMessages.notFound);
    return node;
  }

  /** The store's own document, not a copy (content of up to 5 MB): readers only map it into answers. */
  async function docOf(node: StructureNodeDoc): Promise<Readonly<ExistingDoc>> {
    const doc = await projectDocs(readStore).viewOne({ _id: String(node.projectDocId) });
    if (!doc) throw notFound(docMessages.notFound);
    return doc;
  }

  const view = (projectId: number, node: StructureNodeDoc, doc: Readonly<ExistingDoc>, viewerId: number) =>
    docView(readStore, projectId, node, doc, viewerId);

  function parse(contentJson: string): unknown {
    if (Buffer.byteLength(contentJson ?? '') > DOC_MAX_BYTES + 64 * 1024) throw invalid('文档不能超过 5 MB');
    try {
      return JSON.parse(contentJson);
    } catch {
      throw invalid('文档内容不是合法的 JSON');
    }
  }

  /** A task of the project's team that the caller sees (a member of its task project). */
  async function visibleTask(teamId: number, link: TaskLink, caller: Caller) {
    const [task, taskProject] = await Promise.all([
      link.taskId > 0 ? linkableTasks(readStore).findOne({ _id: String(link.taskId) }) : null,
      link.taskProjectId > 0 ? linkableTaskProjects(readStore).findOne({ _id: String(link.taskProjectId) }) : null,
    ]);
    const seen = task?.taskProjectId === link.taskProjectId && taskProject?.memberIds.includes(caller.userId);
    if (!seen || taskProject?.teamId !== teamId) throw forbidden(taskMessage);
  }

  async function runLink(projectId: number, nodeId: number, link: TaskLink, linked: boolean, caller: Caller) {
    const { project } = await context.writable(projectId, caller);
    const node = await docNode(projectId, nodeId);
    if (linked) await visibleTask(project.teamId, link, caller);
    const metadata = { actorId: caller.userId, now: now() };
    const data = { taskProjectId: link.taskProjectId, taskId: link.taskId };
    const command = linked
      ? ({ type: 'LinkTask', data, metadata } as const)
      : ({ type: 'UnlinkTask', data, metadata } as const);
    await runCommand(docStreamId(node.projectDocId), docDecider, command, caller, { teamId: project.teamId });
  }

  return {
    async detail(projectId: number, nodeId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const node = await docNode(projectId, nodeId);
      return view(projectId, node, await docOf(node), caller.userId);
    },

    /**
     * Without an account, through a share link the caller checked covers the node (application/shares.ts): no
     * linked tasks (nobody to show them to).
     */
    async sharedDetail(projectId: number, nodeId: number) {
      const node = await docNode(projectId, nodeId);
      if (node.isTemplate) throw notFound(docMessages.notFound);
      return view(projectId, node, await docOf(node), 0);
    },

    /**
     * Saves on `baseVersion`. A newer version saved meanwhile refuses the save and answers it (`conflict`), with
     * who saved it and when; nothing is written then, the node's name included.
     */
    async save(projectId: number, nodeId: number, input: SaveInput, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const node = await docNode(projectId, nodeId);
      const content = parse(input.contentJson);
      const models = await reads.modelNames(projectId);
      const metadata = { actorId: caller.userId, now: now() };
      const command = { type: 'SaveDoc', data: { baseVersion: input.baseVersion, content, models }, metadata } as const;
      try {
        const { state } = await runCommand(docStreamId(node.projectDocId), docDecider, command, caller, {
          teamId: project.teamId,
        });
        if (input.name !== undefined && input.name.trim() !== node.name) {
          const rename = { type: 'RenameNode', data: { nodeId, name: input.name } } as const;
          await runCommand(treeStreamId(projectId), treeDecider, rename, caller, { teamId: project.teamId });
        }
        const saved = state as ExistingDoc;
        return { version: saved.version, updatedAt: saved.updatedAt, conflict: undefined };
      } catch (error) {
        if (!(error instanceof SaveConflictError)) throw error;
        const current = await view(projectId, node, error.current, caller.userId);
        return {
          version: 0,
          updatedAt: 0,
          conflict: { current, saverName: current.updatedByName, savedAt: current.updatedAt },
        };
      }
    },

    link: (projectId: number, nodeId: number, link: TaskLink, caller: Caller) =>
      runLink(projectId, nodeId, link, true, caller),
    unlink: (projectId: number, nodeId: number, link: TaskLink, caller: Caller) =>
      runLink(projectId, nodeId, link, false, caller),

    /** The creator centre: documents the caller created or last saved, newest change first, in projects they see. */
    async mine(page: number, pageSize: number, caller: Caller) {
      const size = pageSize > 0 ? Math.min(pageSize, 100) : 20;
      const from = Math.max(1, page || 1);
      const nodes = await structureNodes(readStore).find(
        { $or: [{ createdBy: caller.userId }, { updatedBy: caller.userId }], isTemplate: false },
        { sort: { updatedAt: -1 } },
      );
      const projectIds = [...new Set(nodes.map((node) => node.projectId))];
      const found = await projects(readStore).find({ _id: { $in: projectIds.map(String) } });
      const visible = new Map<number, string>();
      for (const project of found) {
        if (await context.accessTo(project, caller.userId)) visible.set(project.projectId, project.name);
      }
      const mine = nodes.filter((node) => node.kind !== 'folder' && visible.has(node.projectId));
      const shown = mine.slice((from - 1) * size, from * size);
      // Reads through share links (projections/shares).
      const views = await viewCountsOf(
        readStore,
        shown.map((node) => node.projectDocId),
      );
      return {
        docs: shown.map((node) => ({
          projectId: node.projectId,
          projectName: visible.get(node.projectId) ?? '',
          projectStructureId: node.projectStructureId,
          projectDocId: node.projectDocId,
          kind: node.kind,
          name: node.name,
          method: node.method,
          path: node.path,
          status: node.status,
          viewCount: views.get(node.projectDocId) ?? 0,
          updatedAt: node.updatedAt,
        })),
        total: mine.length,
        page: from,
        pageSize: size,
      };
    },
  };
}

export type DocUseCases = ReturnType<typeof createDocs>;
