import { type Caller, type CommandCaller, forbidden, nextNumericId, notFound } from '@pmbok/infra';
import { docMessages } from '../domain/doc/businessLogic.js';
import { messages } from '../domain/project/rules.js';
import { getNode } from '../domain/tree/nodeMap.js';
import { versionMessages, versionsDecider, versionsStreamId } from '../domain/version/version.js';
import { namesOf } from '../projections/people/index.js';
import { type ProjectVersionDoc, projectVersions } from '../projections/versions/index.js';
import type { ProjectContext } from './context.js';
import { type DocView, docView } from './docs.js';
import { type ProjectAt, projectAtOf, visibleNodes } from './projectAt.js';
import type { NodeView } from './treeReads.js';

/** A version as `ProjectVersion` answers it. */
export interface VersionView {
  versionId: number;
  name: string;
  notes: string;
  auto: boolean;
  docCount: number;
  createdBy: number;
  createdByName: string;
  createdAt: number;
}

const PAGE_SIZE = 20;

/**
 * Versions of a knowledge project: saved by hand (writers) or by each document save when versionUpdateType is
 * auto, listed, deleted (managers), and read: the tree and a document as they were at a version.
 */
export function createVersions(context: ProjectContext, at: ProjectAt = projectAtOf(context)) {
  const { readStore, eventStore, now, runCommand } = context;

  async function managed(projectId: number, caller: Pick<Caller, 'userId'>) {
    const access = await context.readable(projectId, caller);
    if (!access.canManage) throw forbidden(messages.notManager);
    return access;
  }

  /** A live version of the project (a deleted one, or one of another project, is not found). */
  async function versionOf(projectId: number, versionId: number): Promise<ProjectVersionDoc> {
    const version =
      Number.isSafeInteger(versionId) && versionId > 0
        ? await projectVersions(readStore).findOne({ _id: String(versionId) })
        : null;
    if (!version || version.deleted || version.projectId !== projectId) throw notFound(versionMessages.notFound);
    return version;
  }

  async function docCountAt(projectId: number, position: number) {
    return visibleNodes(await at.treeAt(projectId, position)).filter((node) => node.kind !== 'folder').length;
  }

  /** Records a version at `position`; the id is drawn first, so `commandId` makes a retry record nothing twice. */
  async function record(
    projectId: number,
    teamId: number,
    input: { name: string; notes: string; auto: boolean; position: number },
    caller: CommandCaller,
    commandId?: string,
  ) {
    const versionId = nextNumericId(now());
    const docCount = await docCountAt(projectId, input.position);
    const command = {
      type: 'SaveVersion',
      data: { versionId, projectId, ...input, docCount },
      metadata: { actorId: caller.userId ?? 0, now: now() },
    } as const;
    const { events } = await runCommand(versionsStreamId(projectId), versionsDecider, command, caller, {
      teamId,
      commandId,
    });
    const saved = events.find((event) => event.type === 'ProjectVersionSaved');
    return { versionId: saved?.data.versionId ?? 0 };
  }

  return {
    versionOf,
    record,

    async list(projectId: number, page: number, pageSize: number, caller: Pick<Caller, 'userId'>) {
      await context.readable(projectId, caller);
      const size = pageSize > 0 ? Math.min(pageSize, 100) : PAGE_SIZE;
      const from = Math.max(1, page || 1);
      const filter = { projectId, deleted: false };
      const [found, count] = await Promise.all([
        projectVersions(readStore).find(filter, {
          sort: { position: -1, versionId: -1 },
          skip: (from - 1) * size,
          limit: size,
        }),
        projectVersions(readStore).count(filter),
      ]);
      const names = await namesOf(
        readStore,
        found.map((v) => v.createdBy),
      );
      const list: VersionView[] = found.map((v) => ({
        versionId: v.versionId,
        name: v.name,
        notes: v.notes,
        auto: v.auto,
        docCount: v.docCount,
        createdBy: v.createdBy,
        createdByName: names.get(v.createdBy) ?? '',
        createdAt: v.createdAt,
      }));
      return { list, count, pages: Math.ceil(count / size) };
    },

    /** Names the log's present point: everything written before this call is in the version. */
    async save(projectId: number, input: { name: string; notes: string }, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const position = await eventStore.head();
      return record(projectId, project.teamId, { ...input, auto: false, position }, caller);
    },

    async remove(projectId: number, versionId: number, caller: Caller) {
      const { project } = await managed(projectId, caller);
      await versionOf(projectId, versionId);
      const command = {
        type: 'DeleteVersion',
        data: { versionId },
        metadata: { actorId: caller.userId, now: now() },
      } as const;
      await runCommand(versionsStreamId(projectId), versionsDecider, command, caller, {
        teamId: project.teamId,
      });
    },

    /** The tree as at the version, as the tree call answers it. */
    async structure(projectId: number, versionId: number, caller: Pick<Caller, 'userId'>): Promise<NodeView[]> {
      await context.readable(projectId, caller);
      const version = await versionOf(projectId, versionId);
      return at.structureAt(projectId, version.position);
    },

    /** One document as at the version (its version number then; no linked tasks: they are not versioned). */
    async doc(projectId: number, versionId: number, nodeId: number, caller: Pick<Caller, 'userId'>): Promise<DocView> {
      await context.readable(projectId, caller);
      const version = await versionOf(projectId, versionId);
      const tree = await at.treeAt(projectId, version.position);
      const node = Number.isSafeInteger(nodeId) ? getNode(tree.nodes, nodeId) : undefined;
      const doc =
        node && !node.isTemplate && node.kind !== 'folder'
          ? ((await at.docsAt(projectId, version.position, [node.docId])).get(node.docId) ?? null)
          : null;
      if (!node || !doc) throw notFound(docMessages.notFound);
      // linked tasks are not versioned: the reader gets none
      return docView(
        readStore,
        projectId,
        { projectStructureId: node.nodeId, kind: node.kind, name: node.name },
        doc,
        0,
      );
    },
  };
}

export type VersionUseCases = ReturnType<typeof createVersions>;
